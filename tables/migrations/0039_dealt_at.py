"""When a queued round or hand was dealt (issue 33, tables.floor.dealt), sealed with it: the
content of a record with ``dealt_at`` ends with it, and a record without one keeps the
content it was sealed with (every seal written before still verifies)."""

import importlib

from django.db import migrations, models

SEALED = importlib.import_module("tables.migrations.0033_round_up_card").CONTENT
DEALT = """ || coalesce(' dealt ' || to_char({alias}.dealt_at, 'YYYY-MM-DD"T"HH24:MI:SS.US'), '')"""


def _with_dealt_at(content: str, source: str, alias: str) -> str:
    """The record's text, then its dealt time where it has one (after the ``::text`` that
    ends the SELECT reading ``source``)."""
    end = content.rindex("::text", 0, content.index(source)) + len("::text")
    return content[:end] + DEALT.format(alias=alias) + content[end:]


CONTENT = _with_dealt_at(_with_dealt_at(SEALED, "FROM tables_studround r WHERE", "r"),
                         "FROM tables_pokerhand h WHERE", "h")

class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0038_card_room_lists"),
    ]

    operations = [
        migrations.AddField(
            model_name="pokerhand",
            name="dealt_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="studround",
            name="dealt_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunSQL(CONTENT, SEALED),
    ]
