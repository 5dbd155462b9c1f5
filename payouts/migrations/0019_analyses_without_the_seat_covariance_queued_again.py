"""Figures stored before the worker simulated the covariance of two seats of one round
lack what the hold review's band needs: put them back in the queue.

No task can be sent from a migration, so each one is left as an analysis whose worker was
lost: QUEUED, asked for long ago. The next request for it (a page, the API, or the beat's
``analyse_paytables`` for published versions) finds it lost and queues it again
(``services._queued_again``). Its old figures stay until the new ones replace them; nothing
reads an analysis that is not done.
"""

import datetime as dt

from django.db import migrations

# Long before any analysis: lost at once, whatever LOST_AFTER is.
LONG_AGO = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)


def queue_again_without_covariance(apps, schema_editor):
    ParAnalysis = apps.get_model("payouts", "ParAnalysis")
    ParAnalysis.objects.filter(status="done").exclude(result__has_key="seat_covariance").update(
        status="queued", progress=0, message="", requested_at=LONG_AGO)


class Migration(migrations.Migration):

    dependencies = [
        ("payouts", "0018_field_names_in_words"),
    ]

    operations = [
        # Backwards there is nothing to undo: figures computed again are the same figures
        # with the covariance beside them.
        migrations.RunPython(queue_again_without_covariance, migrations.RunPython.noop),
    ]
