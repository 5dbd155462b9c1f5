"""When a queued round or hand was dealt (issue 33, tables.floor.dealt), sealed with it: the
content of a record with ``dealt_at`` ends with it, and a record without one keeps the
content it was sealed with (every seal written before still verifies)."""

import importlib

from django.db import migrations, models

SEALED = importlib.import_module("tables.migrations.0019_seal_content_planned_once").CONTENT
DEALT = """ || coalesce(' dealt ' || to_char({alias}.dealt_at, 'YYYY-MM-DD"T"HH24:MI:SS.US'), '')"""
STUD_END = "FROM tables_studseat s WHERE s.round_id = r.id))::text"
HAND_END = "FROM tables_pokerpot p WHERE p.hand_id = h.id))::text"
assert SEALED.count(STUD_END) == 1
assert SEALED.count(HAND_END) == 1
CONTENT = (SEALED.replace(STUD_END, STUD_END + DEALT.format(alias="r"))
           .replace(HAND_END, HAND_END + DEALT.format(alias="h")))


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
