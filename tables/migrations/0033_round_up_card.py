"""A stud round's up card (issue 29: a rated player's decision is set against it), and the
seal's content of a round with it. A round without one ('', every round recorded before)
is sealed as before, text for text, so every seal already written still verifies; a
round with one seals it too, last in its array."""

import importlib

from django.db import migrations, models

EARLIER = importlib.import_module("tables.migrations.0019_seal_content_planned_once").CONTENT


def _with_up_card(content: str) -> str:
    start = content.index("SELECT json_build_array(r.id") + len("SELECT ")
    end = content.index("::text", start)
    round_array = content[start:end]  # json_build_array(r.id, ..., (SELECT json_agg ...))
    with_card = round_array[:-1] + ", r.up_card)"
    return (content[:start] + f"(CASE WHEN r.up_card = '' THEN {round_array} "
            f"ELSE {with_card} END)" + content[end:])


CONTENT = _with_up_card(EARLIER)


class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0032_ratings"),
    ]

    operations = [
        migrations.AddField(
            model_name="studround",
            name="up_card",
            field=models.CharField(blank=True, db_default="", default="", max_length=2),
        ),
        migrations.RunSQL(CONTENT, EARLIER),
    ]
