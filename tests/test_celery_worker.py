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
