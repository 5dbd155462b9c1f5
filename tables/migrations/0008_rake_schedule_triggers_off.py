"""Before the collection schedules move to payouts (payouts 0006): drop their triggers,
whose names and target event table follow the app; payouts 0006 makes them anew."""

import pgtrigger.migrations
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0007_idempotency_key_per_dealer'),
    ]

    operations = [
        pgtrigger.migrations.RemoveTrigger(model_name='rakeschedule', name=name)
        for name in ('published_schedules_are_frozen', 'published_schedules_are_kept',
                     'insert_insert', 'update_update')
    ]
