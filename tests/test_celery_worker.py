"""A task crosses Redis to a real Celery worker and its result lands in PostgreSQL."""

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings

from casino.celery import app
from casino.models import WorkerHeartbeat
from casino.tasks import worker_heartbeat
from tests.conftest import missing_service

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def redis_broker():
    if not settings.REDIS_URL:
        missing_service("needs a Redis server: REDIS_URL is unset")
    import redis

    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        missing_service(f"needs a Redis server: {settings.REDIS_URL} does not answer ({exc})")
    return settings.REDIS_URL


@pytest.fixture
def celery_worker(redis_broker):
    app.conf.task_always_eager = False
    with start_worker(app, pool="solo", concurrency=1, perform_ping_check=False,
                      loglevel="WARNING", shutdown_timeout=10) as worker:
        yield worker


def test_a_task_sent_through_redis_runs_on_a_real_worker(celery_worker):
    assert app.conf.broker_url.startswith("redis://")

    result = worker_heartbeat.delay(hostname="ci-worker")
    heartbeat_id = result.get(timeout=60)

    heartbeat = WorkerHeartbeat.objects.get(pk=heartbeat_id)
    assert heartbeat.hostname == "ci-worker"
    assert heartbeat.beats == 1
