"""Faults with the real pieces: a worker process killed during settlement, Redis stopped
while a round is recorded. Both need the machine's Redis (CI has it)."""

import os
import shutil
import signal
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

import pytest
from django.db import connection, connections

from payouts.jackpots.models import HitStatus, JackpotHit, Progressive
from payouts.jackpots.tasks import sweep_pending_hits
from tables.stud.services import stud_round_record
from tests.conftest import TEST_QUEUES, missing_service
from tests.helpers import DEALER, ROYAL, linked_floor, reconciles

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parent.parent
D = Decimal


def database_url() -> str:
    db = connection.settings_dict
    host = db["HOST"] or "localhost"
    if host.startswith("/"):
        return f"postgres://{db['USER']}@/{db['NAME']}?host={host}&port={db['PORT']}"
    return f"postgres://{db['USER']}@{host}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def floor():
    """One meter linked to four open stud tables, a dealer at each."""
    return linked_floor()


def start_worker_process(redis_url: str) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": database_url(), "REDIS_URL": redis_url,
           "CELERY_TASK_ALWAYS_EAGER": "0"}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "casino", "worker", "--pool", "solo",
         "--loglevel", "WARNING", "--without-heartbeat", "--without-mingle",
         "--without-gossip", "-Q", ",".join(TEST_QUEUES), "-n", f"fault-{os.getpid()}@%h"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_for(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return predicate()


def test_a_worker_killed_in_the_middle_of_settlement_pays_nothing_and_the_sweep_pays_once(
        floor, redis_broker, monkeypatch):
    from casino.celery import app

    meter, tables = floor
    table, dealer = tables[0]
    app.conf.task_always_eager = False
    app.control.purge()
    # The round is recorded and its settlement message waits in Redis: no worker yet.
    stud_round_record(actor=dealer, table=table, dealer_cards=DEALER, seats=[ROYAL])
    blocker = connections.create_connection("default")
    worker = None
    try:
        # Hold the meter's row lock, so the worker's settlement stops inside its
        # transaction, waiting for it; then kill the worker there.
        blocker.set_autocommit(False)
        with blocker.cursor() as cursor:
            cursor.execute("SELECT id FROM payouts_progressive WHERE id = %s FOR UPDATE",
                           [meter.pk])
        worker = start_worker_process(redis_broker)

        def worker_is_waiting_on_the_lock():
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = "
                               "'Lock' AND datname = current_database()")
                return cursor.fetchone()[0] > 0

        assert wait_for(worker_is_waiting_on_the_lock, 60), "the worker never took the task"
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=30)
        blocker.rollback()
    finally:
        if worker is not None and worker.poll() is None:
            worker.kill()
        blocker.close()

    assert wait_for(lambda: JackpotHit.objects.get().status == HitStatus.PENDING, 10)
    assert Progressive.objects.get().amount == D("10000.70")  # nothing half-paid

    assert sweep_pending_hits() == 1
    assert sweep_pending_hits() == 0
    hit = JackpotHit.objects.get()
    assert (hit.status, hit.amount) == (HitStatus.PAID, D("10000.70"))
    reconciles(meter.pk)


@pytest.mark.alone  # it stops the machine's Redis, which every other test may be using
def test_a_round_recorded_while_redis_is_stopped_is_settled_once_it_is_back(
        floor, redis_broker):
    from casino.celery import app

    if not redis_broker.startswith("redis://127.0.0.1:6379") or not shutil.which("redis-server"):
        missing_service("stopping Redis needs the machine's own redis-server on 127.0.0.1:6379")
    meter, tables = floor
    table, dealer = tables[0]
    app.conf.task_always_eager = False
    app.control.purge()
    subprocess.run(["redis-cli", "-p", "6379", "shutdown", "nosave"], check=False,
                   capture_output=True, timeout=30)
    try:
        assert wait_for(lambda: subprocess.run(["redis-cli", "-p", "6379", "ping"],
                                               capture_output=True).returncode != 0, 10)
        started = time.monotonic()
        round_, created = stud_round_record(actor=dealer, table=table, dealer_cards=DEALER,
                                            seats=[ROYAL])
        recorded_in = time.monotonic() - started
    finally:
        subprocess.run(["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "--port",
                        "6379", "--save", "", "--appendonly", "no"], check=True, timeout=30)
        assert wait_for(lambda: subprocess.run(["redis-cli", "-p", "6379", "ping"],
                                               capture_output=True).stdout.strip() == b"PONG",
                        20)
    assert created
    assert JackpotHit.objects.get(round=round_).status == HitStatus.PENDING
    print(f"\nround recorded with Redis down in {recorded_in:.1f} s; hit left pending")

    worker = start_worker_process(redis_broker)
    try:
        # What beat does every minute once Redis is back: the sweep, run by the worker.
        app.send_task("payouts.tasks.sweep_pending_hits")
        assert wait_for(lambda: JackpotHit.objects.get(round=round_).status == HitStatus.PAID,
                        60)
    finally:
        worker.kill()
        worker.wait(timeout=30)
    assert JackpotHit.objects.get(round=round_).amount == D("10000.70")
    reconciles(meter.pk)
