"""A task crosses Redis to a real Celery worker and its result lands in PostgreSQL."""

import pytest

from casino.celery import app
from casino.models import WorkerHeartbeat
from casino.tasks import worker_heartbeat

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def test_a_task_sent_through_redis_runs_on_a_real_worker(celery_worker):
    assert app.conf.broker_url.startswith("redis://")

    result = worker_heartbeat.delay(hostname="ci-worker")
    heartbeat_id = result.get(timeout=60)

    heartbeat = WorkerHeartbeat.objects.get(pk=heartbeat_id)
    assert heartbeat.hostname == "ci-worker"
    assert heartbeat.beats == 1


def test_the_beat_task_closes_the_ended_gaming_days_on_a_real_worker(celery_worker,
                                                                     supervisor):
    import datetime as dt
    from decimal import Decimal

    from tables.floor.services import casino_create
    from tables.reports.models import ClosedDay
    from tables.reports.services import request_export
    from tables.reports.tasks import close_gaming_days, write_export

    casino = casino_create(actor=supervisor, name="Worker Bay", currency="USD",
                           timezone="America/New_York")
    # A meter whose books are this casino's, seeded three days ago: days to close.
    from django.db import transaction

    from payouts.jackpots.models import MeterEntry, Progressive

    with transaction.atomic():  # a meter and its first entry commit together
        meter = Progressive.objects.create(
            name="Worker meter", currency="USD", seed=Decimal(100), amount=Decimal(100),
            contribution_rate=Decimal("0.5"), awards={"royal_flush": {"percent": "100"}},
            casino=casino, correction_bound=Decimal(10000))
        MeterEntry.objects.create(progressive=meter, kind="reset", amount=Decimal(100),
                                  balance_after=Decimal(100),
                                  created_at=casino.day_bounds(
                                      casino.gaming_day(dt.datetime.now(dt.UTC))
                                      - dt.timedelta(days=3))[0] + dt.timedelta(hours=1))

    assert close_gaming_days.delay().get(timeout=60) == 3
    assert ClosedDay.objects.filter(casino=casino).count() == 3

    job = request_export(actor=supervisor, report="jackpots", fmt="xlsx", query={
        "from": "2026-01-01", "to": "2026-01-02"})
    write_export.delay(job.pk).get(timeout=60)  # (a repeat of the one queued on commit)
    job.refresh_from_db()
    assert (job.status, job.progress) == ("done", 100)
    assert bytes(job.content)[:2] == b"PK"   # a zip: the XLSX
