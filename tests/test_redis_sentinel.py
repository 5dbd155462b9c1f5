"""Redis through Sentinel (REDIS_SENTINELS): the settings refuse what is wrong, naming the
variable and its value; with real processes (bench/stack_redis.py: a master, its replica
and three Sentinels) the cache, the direct clients and the Celery broker and results work
through the Sentinels, and keep working on the new master after a planned switch-over and
after the master crashes, losing nothing they had acknowledged.

The cache and the Celery app are built from the settings config.redis_from_environment()
makes, the function casino/settings.py calls, not from a copy of them."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings

from casino import config
from tests.conftest import missing_service

pytestmark = [pytest.mark.xdist_group("sentinel"), pytest.mark.sentinel]

ROOT = Path(__file__).resolve().parent.parent
SENTINEL_VARIABLES = ("REDIS_URL", "REDIS_SENTINELS", "REDIS_SENTINEL_MASTER",
                      "REDIS_SENTINEL_DB", "REDIS_PASSWORD")
DB = 3  # not the machine Redis's: these servers are the test's own


@pytest.fixture
def environment(monkeypatch):
    """No Redis variable set but those the test sets."""
    for name in SENTINEL_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


# --- The settings -----------------------------------------------------------------------

@pytest.mark.parametrize(("variables", "message"), [
    ({"REDIS_SENTINELS": "10.0.0.1"},
     r"REDIS_SENTINELS='10.0.0.1': '10.0.0.1' is not a Sentinel's host:port"),
    ({"REDIS_SENTINELS": "10.0.0.1:26379, redis://10.0.0.2:26379"},
     r"REDIS_SENTINELS='10.0.0.1:26379, redis://10.0.0.2:26379': 'redis://10.0.0.2:26379'"),
    ({"REDIS_SENTINELS": "10.0.0.1:99999"}, r"'10.0.0.1:99999' is not a Sentinel's"),
    ({"REDIS_SENTINELS": "10.0.0.1:26379,10.0.0.1:26379"}, r"names 10.0.0.1:26379 twice"),
    ({"REDIS_SENTINELS": "10.0.0.1:26379", "REDIS_SENTINEL_MASTER": "my master"},
     r"REDIS_SENTINEL_MASTER='my master' is not a master's name"),
    ({"REDIS_SENTINELS": "10.0.0.1:26379", "REDIS_SENTINEL_DB": "first"},
     r"REDIS_SENTINEL_DB='first' is not a whole number"),
    ({"REDIS_SENTINEL_MASTER": "casino"},
     r"REDIS_SENTINEL_MASTER='casino' is set but REDIS_SENTINELS is not"),
    ({"REDIS_URL": "redis://:hunter2@cache:6379/0", "REDIS_SENTINELS": "10.0.0.1:26379"},
     r"REDIS_URL='redis://:\*\*\*@cache:6379/0' and REDIS_SENTINELS='10.0.0.1:26379' are "
     r"both set"),
])
def test_a_wrong_sentinel_setting_is_refused_naming_it(environment, variables, message):
    for name, value in variables.items():
        environment.setenv(name, value)
    with pytest.raises(ImproperlyConfigured, match=message):
        config.redis_from_environment()


def test_a_password_without_sentinels_is_refused_without_showing_it(environment):
    environment.setenv("REDIS_PASSWORD", "hunter2")
    with pytest.raises(ImproperlyConfigured, match="REDIS_PASSWORD='\\*\\*\\*' is set") as error:
        config.redis_from_environment()
    assert "hunter2" not in str(error.value)


def test_without_redis_nothing_changes(environment):
    found = config.redis_from_environment()
    assert found["REDIS_URL"] is None
    assert found["REDIS_SENTINEL"] is None
    assert found["CACHES"]["default"]["BACKEND"].endswith("LocMemCache")
    assert (found["CELERY_BROKER_URL"], found["CELERY_RESULT_BACKEND"]) == (
        "memory://", "cache+memory://")


def test_the_sentinels_become_the_cache_s_broker_s_and_results_settings(environment):
    environment.setenv("REDIS_SENTINELS", "10.0.0.1:26379, 10.0.0.2:26380,[fd00::3]:26379")
    environment.setenv("REDIS_SENTINEL_DB", "2")
    environment.setenv("REDIS_PASSWORD", "p@ss/word")
    found = config.redis_from_environment()

    described = "sentinel://10.0.0.1:26379,10.0.0.2:26380,[fd00::3]:26379/casino/2"
    assert found["REDIS_URL"] == described  # "a Redis is configured", and where
    assert found["REDIS_SENTINEL"] == {
        "sentinels": [("10.0.0.1", 26379), ("10.0.0.2", 26380), ("fd00::3", 26379)],
        "master_name": "casino", "db": 2, "password": "p@ss/word"}
    cache = found["CACHES"]["default"]
    assert cache["LOCATION"] == [described]
    assert cache["OPTIONS"]["pool_class"] == "casino.common.redis_connections.SentinelPool"
    assert found["CELERY_BROKER_URL"] == found["CELERY_RESULT_BACKEND"] == (
        "sentinel://:p%40ss%2Fword@10.0.0.1:26379/2;sentinel://:p%40ss%2Fword@10.0.0.2:26380/2;"
        "sentinel://:p%40ss%2Fword@[fd00::3]:26379/2")
    options = found["CELERY_BROKER_TRANSPORT_OPTIONS"]
    assert (options["visibility_timeout"], options["max_retries"]) == (3600, 0)
    assert options["master_name"] == "casino"
    assert found["CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS"]["master_name"] == "casino"


# --- A real master, replica and three Sentinels ----------------------------------------

@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    from bench.stack_redis import SentinelRedis, binaries_missing

    missing = binaries_missing()
    if missing:
        missing_service(f"needs {' and '.join(missing)} (Debian: apt-get install "
                        "redis-server redis-sentinel)")
    with SentinelRedis(tmp_path_factory.mktemp("sentinel"), password="s3cret/pw@1") as started:
        yield started


@pytest.fixture
def sentinel_settings(stack, environment):
    """The settings the service makes of the stack's variables, in force for the test."""
    for name, value in stack.environ(db=DB).items():
        environment.setenv(name, value)
    found = config.redis_from_environment()
    with override_settings(**found, CELERY_TASK_ALWAYS_EAGER=False):
        yield found


def test_the_settings_module_reads_the_sentinels(stack):
    """casino/settings.py itself, in a process of its own, with the variables a deployment
    sets: Redis is there (tasks are queued, not run in-process) and reached through the
    Sentinels."""
    env = {**{k: v for k, v in os.environ.items() if k not in SENTINEL_VARIABLES},
           **stack.environ(db=DB), "DJANGO_SETTINGS_MODULE": "casino.settings"}
    shown = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings as s; print(s.REDIS_URL, "
         "s.CELERY_TASK_ALWAYS_EAGER, s.CACHES['default']['OPTIONS']['pool_class'], "
         "s.CELERY_BROKER_TRANSPORT_OPTIONS['master_name'])"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout.split()
    ports = ",".join(f"127.0.0.1:{port}" for _, port in stack.sentinels)
    assert shown == [f"sentinel://{ports}/casino/{DB}", "False",
                     "casino.common.redis_connections.SentinelPool", "casino"]


def test_the_cache_follows_a_switch_over(stack, sentinel_settings):
    from django.core.cache import caches

    cache = caches["default"]
    cache.set("float:CS-1", "before", 60)
    old = stack.master()
    assert stack.server(old, DB).exists(cache.make_and_validate_key("float:CS-1"))

    new = stack.fail_over()

    assert cache.get("float:CS-1") == "before"  # replicated before the switch
    cache.set("float:CS-1", "after", 60)  # its pool's connection was the old master's
    assert cache.get("float:CS-1") == "after"
    with stack.server(new, DB) as master:
        assert master.exists(cache.make_and_validate_key("float:CS-1"))
        assert master.info("replication")["role"] == "master"


def test_the_direct_clients_and_the_health_check_follow_a_switch_over(stack,
                                                                       sentinel_settings):
    from casino import health
    from casino.common import redis_connections

    client = redis_connections.client()
    client.set("push:seen", "before")
    new = stack.fail_over()
    client.set("push:seen", "after")  # the same client, on the new master
    assert stack.server(new, DB).get("push:seen") == b"after"
    client.close()

    async def both_ways() -> bytes:
        async_client = redis_connections.async_client()
        try:
            await async_client.set("push:async", "on the master")
            return await async_client.get("push:async")
        finally:
            await async_client.aclose()

    assert _in_a_thread(lambda: asyncio.run(both_ways())) == b"on the master"
    assert stack.server(new, DB).get("push:async") == b"on the master"
    assert health.check_broker() == {"ok": True, "kind": "redis",
                                     "url": sentinel_settings["REDIS_URL"]}


def test_a_subscription_made_before_a_switch_over_hears_the_new_master(stack,
                                                                       sentinel_settings):
    """The push channel's way (casino.common.push): one asyncio subscription, kept. The old
    master closes it; redis-py connects again through the Sentinels and subscribes anew."""
    from casino.common import redis_connections

    async def heard_after_switch_over() -> bytes:
        listener, sender = redis_connections.async_client(), redis_connections.async_client()
        pubsub = listener.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe("signs:CS-1")
            await asyncio.to_thread(stack.fail_over)
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                # Sent again until heard: one sent before it subscribed again is not kept.
                await sender.publish("signs:CS-1", "after")
                message = await pubsub.get_message(timeout=0.5)
                if message:
                    return message["data"]
            return b"nothing heard"
        finally:
            await pubsub.aclose()
            await listener.aclose()
            await sender.aclose()

    assert _in_a_thread(lambda: asyncio.run(heard_after_switch_over())) == b"after"


def test_the_health_check_says_when_no_sentinel_answers(sentinel_settings):
    from bench.stack import free_port
    from casino import health

    nobody = {**sentinel_settings["REDIS_SENTINEL"], "sentinels": [("127.0.0.1", free_port())]}
    with override_settings(REDIS_SENTINEL=nobody):
        broker = health.check_broker()
    assert broker["ok"] is False
    assert broker["url"] == sentinel_settings["REDIS_URL"]
    assert "No master found for 'casino'" in broker["error"]


def test_tasks_queued_before_a_switch_over_all_run_and_the_worker_follows(
        stack, sentinel_settings, tmp_path):
    app, mark = _marking_app(tmp_path)
    before = [f"before-{n}" for n in range(20)]
    for name in before:
        _send(mark, name)  # no worker yet: they wait in the master's queue
    assert stack.server(stack.master(), DB).llen("celery") == 20

    new = stack.fail_over()
    assert stack.server(new, DB).llen("celery") == 20  # every one was on the replica
    after = _send(mark, "after-switch-over")  # its producer's connection was the old master's

    with _worker(app):
        _until_marked(tmp_path, [*before, "after-switch-over"])
        assert _result(app, after) == "after-switch-over"  # the results, too
        stack.fail_over()  # and back, with the worker consuming
        running = _send(mark, "with-the-worker-running")
        _until_marked(tmp_path, ["with-the-worker-running"])
        assert _result(app, running) == "with-the-worker-running"


def test_tasks_the_replica_had_survive_the_master_s_crash(environment, tmp_path):
    """A stack of its own: the crash leaves no server to fail over to again."""
    from bench.stack_redis import SentinelRedis, binaries_missing

    if binaries_missing():
        missing_service(f"needs {' and '.join(binaries_missing())}")
    with SentinelRedis(tmp_path / "redis") as crashing:
        for name, value in crashing.environ(db=DB).items():
            environment.setenv(name, value)
        with override_settings(**config.redis_from_environment(),
                               CELERY_TASK_ALWAYS_EAGER=False):
            app, mark = _marking_app(tmp_path)
            queued = [f"queued-{n}" for n in range(10)]
            for name in queued:
                _send(mark, name)
            crashing.wait_replicated()  # asynchronous: only what the replica has survives
            old = crashing.master()
            assert crashing.kill_master() != old
            with _worker(app):
                after = _send(mark, "after-the-crash")
                _until_marked(tmp_path, [*queued, "after-the-crash"])
                assert _result(app, after) == "after-the-crash"


# --- Helpers ----------------------------------------------------------------------------

def _marking_app(folder: Path):
    """A Celery app configured as the service's (the Django settings' CELERY_* names, in
    force now), with one task that leaves a file named after its argument."""
    from celery import Celery
    from django.conf import settings

    celery_settings = {name: getattr(settings, name) for name in dir(settings)
                       if name.startswith("CELERY_")}
    app = Celery("sentinel-test", set_as_current=False)
    app.config_from_object(SimpleNamespace(**{**celery_settings, "CELERY_BEAT_SCHEDULE": {}}),
                           namespace="CELERY")

    # A name of its own: Celery keeps a task's first callable for a name it has seen.
    @app.task(name=f"sentinel_test.mark.{folder.name}")
    def mark(name: str) -> str:
        (folder / f"{name}.marked").touch()
        return name

    return app, mark


@contextmanager
def _worker(app):
    from celery.app.trace import reset_worker_optimizations
    from celery.contrib.testing.worker import start_worker

    from casino.celery import app as service_app

    try:
        with start_worker(app, pool="solo", concurrency=1, perform_ping_check=False,
                          loglevel="WARNING", shutdown_timeout=10) as worker:
            yield worker
    finally:
        # start_worker made this app the process's current one; the other tests' is back.
        reset_worker_optimizations(app)
        service_app.set_current()
        service_app.set_default()


def _send(task, name: str) -> str:
    """Publish, keeping only the task's id: an AsyncResult kept after its Redis stopped
    would try, when collected, to unsubscribe from it for 20 s."""
    return task.delay(name).id


def _result(app, task_id: str, timeout: float = 10):
    """The stored result, read from the result backend (its key, through the Sentinels).
    Not AsyncResult.get(): that waits on a subscription, and Celery can miss a result
    stored while it subscribes again after a failover (the service never waits on one)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        meta = app.backend.get_task_meta(task_id)
        if meta["status"] == "SUCCESS":
            return meta["result"]
        time.sleep(0.1)
    pytest.fail(f"no result for task {task_id} in {timeout:.0f} s")


def _until_marked(folder: Path, names: list[str], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    missing = names
    while time.monotonic() < deadline:
        missing = [name for name in names if not (folder / f"{name}.marked").exists()]
        if not missing:
            return
        time.sleep(0.1)
    pytest.fail(f"{len(missing)} of {len(names)} tasks never ran: {missing[:5]}")


def _in_a_thread(function):
    """An event loop of its own (the test's thread may already run one: Playwright's)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(function).result(timeout=30)
