"""The reports' Celery tasks: closing the gaming days that ended (beat), checking the
closed days against the records and reconciling the rated play (nightly beats), asking
for the game math the stud report's theoretical hold needs (beat), and writing an export
file while its page shows the progress."""

from __future__ import annotations

import datetime as dt

from celery import shared_task

from casino.common.queueing import send_once
from payouts.analysis import services as analysis
from tables.reports import closing, exports, hourly, ratings_check, verification


@shared_task(name="tables.tasks.close_gaming_days", time_limit=3600)
def close_gaming_days() -> int:
    """Beat, every quarter hour: close each gaming day once it has ended."""
    return closing.close_ended_days()


@shared_task(name="tables.tasks.keep_table_hours", time_limit=600, soft_time_limit=540)
def keep_table_hours() -> int:
    """Beat, every ten minutes: each table's hours that are over, kept (TableHour)."""
    from django.utils import timezone

    return hourly.keep_hours(timezone.now())


@shared_task(name="tables.tasks.verify_closed_days", time_limit=3600)
def verify_closed_days() -> int:
    """Beat, nightly: check every closed day against the records (a DayCheck, shown on
    /healthz and to the accountant); returns how many problems were found."""
    return len(verification.check_closed_days().findings)


@shared_task(name="tables.tasks.check_ratings", time_limit=3600)
def check_ratings() -> int:
    """Beat, nightly: reconcile the rated play (every closed rating's figures, its comps
    earned, the player activity report; a RatingCheck shown on /healthz and to the
    accountant); returns how many disagreements were found."""
    return len(ratings_check.check_ratings().findings)


@shared_task(name="tables.tasks.analyse_paytables", time_limit=60)
def analyse_paytables() -> int:
    """Beat, every quarter hour: queue the figures of each published paytable version
    that has none, so the stud report can show its theoretical hold."""
    return analysis.analyse_published(actor=None)


@shared_task(name="tables.tasks.write_export", time_limit=600, soft_time_limit=540)
def write_export(job_id: int) -> None:
    exports.write_export(job_id)


# A job still waiting a minute after it was asked for lost its message; one "being
# written" past the task's time limit lost its worker.
RESEND_AFTER = dt.timedelta(minutes=1)
STALLED_AFTER = dt.timedelta(seconds=write_export.time_limit + 60)


@shared_task(name="tables.tasks.resend_waiting_exports", time_limit=60, soft_time_limit=50)
def resend_waiting_exports() -> int:
    """Beat, every minute: each file whose message was lost, or whose worker died, sent
    to the workers again (write_export claims its job, so one sent twice is written
    once). How many were sent."""
    waiting = exports.waiting_exports(resend_after=RESEND_AFTER, stalled_after=STALLED_AFTER)
    return sum(send_once(write_export, pk, later="the next minute's sweep tries again")
               for pk in waiting)
