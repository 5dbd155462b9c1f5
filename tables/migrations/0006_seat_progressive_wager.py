"""Each stud seat keeps the jackpot side wager it played.

Seats recorded before this read the wager from where the records already hold it: the
seat's jackpot hit, else the round's contribution entry (the wagers the meter took
divided by the seats that stood or were forfeit), else, for rounds whose side wagers
were all handed back, the meter's wager in force when the round was recorded (its
audit trail) at the meter the table was linked to then.
"""

from django.db import migrations, models

BACKFILL = """
UPDATE tables_studseat AS seat SET progressive_wager = COALESCE(
  (SELECT hit.wager FROM payouts_jackpothit AS hit
    WHERE hit.round_id = seat.round_id AND hit.seat = seat.seat),
  (SELECT entry.wagers / NULLIF((SELECT count(*) FROM tables_studseat AS other
                                  WHERE other.round_id = seat.round_id
                                    AND other.side_wager IN ('stands', 'forfeit')), 0)
     FROM payouts_meterentry AS entry
    WHERE entry.round_id = seat.round_id AND entry.kind = 'contribution'
      AND entry.meter = 'meter'),
  (SELECT meter.wager FROM tables_studround AS round
     JOIN LATERAL (SELECT linked.progressive_id FROM tables_tableevent AS linked
                    WHERE linked.pgh_obj_id = round.table_id
                      AND linked.pgh_created_at <= round.recorded_at
                    ORDER BY linked.pgh_created_at DESC, linked.pgh_id DESC LIMIT 1) AS link
       ON TRUE
     JOIN LATERAL (SELECT event.wager FROM payouts_progressiveevent AS event
                    WHERE event.pgh_obj_id = link.progressive_id
                      AND event.pgh_created_at <= round.recorded_at
                    ORDER BY event.pgh_created_at DESC, event.pgh_id DESC LIMIT 1) AS meter
       ON TRUE
    WHERE round.id = seat.round_id))
WHERE seat.progressive
"""


def backfill(apps, schema_editor):
    # Recorded seats are append-only; this one-time fill adds what they already implied.
    # The triggers are switched off by table, not by name, so the step does not depend on
    # what later code calls them.
    schema_editor.execute("ALTER TABLE tables_studseat DISABLE TRIGGER USER")
    schema_editor.execute(BACKFILL)
    schema_editor.execute("ALTER TABLE tables_studseat ENABLE TRIGGER USER")


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0005_time_collection_void'),
        ('payouts', '0005_meters_not_negative'),
    ]

    operations = [
        migrations.AddField(
            model_name='studseat',
            name='progressive_wager',
            field=models.DecimalField(blank=True, decimal_places=2, help_text='The jackpot side wager played, as the meter took it then (null: none).', max_digits=14, null=True),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
