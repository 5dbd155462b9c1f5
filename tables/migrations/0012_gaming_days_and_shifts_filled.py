"""Fill the shift of every recorded round, hand and time collection, and the gaming day
of every void, from the instants they hold and each casino's clock (the same arithmetic
as Casino.shift and Casino.gaming_day); then require them."""

from django.db import migrations, models

HOUR = "extract(hour from {moment} AT TIME ZONE casino.timezone)::int"
START = "extract(hour from casino.gaming_day_start)::int"
SHIFT = """
UPDATE {table} AS record
   SET shift = mod(HOUR - START + 24, 24) / 8 + 1
  FROM tables_table AS t JOIN tables_casino AS casino ON casino.id = t.casino_id
 WHERE t.id = record.table_id
""".replace("HOUR", HOUR.format(moment="record.{moment}")).replace("START", START)
VOID_DAY = """
UPDATE {table} AS void
   SET gaming_day = ((void.voided_at AT TIME ZONE casino.timezone)
                     - make_interval(hours => START))::date
  FROM {records} AS record JOIN tables_table AS t ON t.id = record.table_id
       JOIN tables_casino AS casino ON casino.id = t.casino_id
 WHERE record.id = void.{link}_id
""".replace("START", START)
FILLS = [
    SHIFT.format(table="tables_studround", moment="recorded_at"),
    SHIFT.format(table="tables_pokerhand", moment="recorded_at"),
    SHIFT.format(table="tables_timecollection", moment="period_start"),
    VOID_DAY.format(table="tables_studroundvoid", records="tables_studround", link="round"),
    VOID_DAY.format(table="tables_pokerhandvoid", records="tables_pokerhand", link="hand"),
    VOID_DAY.format(table="tables_timecollectionvoid", records="tables_timecollection",
                    link="collection"),
]


def fill(apps, schema_editor):
    # The records are append-only; this one-time fill adds what they already imply. The
    # triggers are switched off by table, not by name (as in 0006).
    for sql in FILLS:
        table = sql.split()[1]
        schema_editor.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        schema_editor.execute(sql)
        schema_editor.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0011_gaming_days_and_shifts'),
    ]

    operations = [
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='pokerhand',
            name='shift',
            field=models.PositiveSmallIntegerField(help_text="The gaming day's shift, 1 to 3."),
        ),
        migrations.AlterField(
            model_name='pokerhandvoid',
            name='gaming_day',
            field=models.DateField(db_index=True),
        ),
        migrations.AlterField(
            model_name='studround',
            name='shift',
            field=models.PositiveSmallIntegerField(help_text="The gaming day's shift, 1 to 3."),
        ),
        migrations.AlterField(
            model_name='studroundvoid',
            name='gaming_day',
            field=models.DateField(db_index=True),
        ),
        migrations.AlterField(
            model_name='timecollection',
            name='shift',
            field=models.PositiveSmallIntegerField(help_text="The gaming day's shift, 1 to 3."),
        ),
        migrations.AlterField(
            model_name='timecollectionvoid',
            name='gaming_day',
            field=models.DateField(db_index=True),
        ),
    ]
