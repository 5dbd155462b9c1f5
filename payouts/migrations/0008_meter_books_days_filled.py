"""A meter linked only to tables of one casino keeps its books by that casino's gaming
day; any other by the group's (TIME_ZONE from 06:00). Every ledger entry gets the day
of the books it was written on; then the day is required."""

from django.conf import settings
from django.db import migrations, models

HOME = """
UPDATE payouts_progressive AS meter SET casino_id = home.casino_id
  FROM (SELECT t.progressive_id, min(t.casino_id) AS casino_id FROM tables_table AS t
         WHERE t.progressive_id IS NOT NULL GROUP BY t.progressive_id
        HAVING count(DISTINCT t.casino_id) = 1) AS home
 WHERE home.progressive_id = meter.id
"""
DAYS = """
UPDATE payouts_meterentry AS entry
   SET gaming_day = ((entry.created_at AT TIME ZONE COALESCE(casino.timezone, %s))
                     - make_interval(hours => COALESCE(
                         extract(hour from casino.gaming_day_start)::int, 6)))::date
  FROM payouts_progressive AS meter LEFT JOIN tables_casino AS casino
       ON casino.id = meter.casino_id
 WHERE meter.id = entry.progressive_id
"""


def fill(apps, schema_editor):
    schema_editor.execute(HOME)
    # The ledger is append-only; the triggers are switched off by table for this fill.
    schema_editor.execute("ALTER TABLE payouts_meterentry DISABLE TRIGGER USER")
    schema_editor.execute(DAYS, [settings.TIME_ZONE])
    schema_editor.execute("ALTER TABLE payouts_meterentry ENABLE TRIGGER USER")


class Migration(migrations.Migration):

    dependencies = [
        ('payouts', '0007_gaming_days_and_shifts'),
        ('tables', '0012_gaming_days_and_shifts_filled'),
    ]

    operations = [
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='meterentry',
            name='gaming_day',
            field=models.DateField(help_text="The day of the meter's books it was written on."),
        ),
    ]
