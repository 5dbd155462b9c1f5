"""The suite on parallel workers (pytest-xdist, `bin/test`): what keeps them apart (a
plugin of tests/conftest.py).

- Each worker has its own test database (pytest-django names it `test_<name>_gwN`) and
  its own Celery queue (tests/conftest.py: TEST_QUEUE, a process's own).
- Each worker has its own Redis database: REDIS_URL's number plus N for worker gwN, so
  one worker's cache.clear() (a FLUSHDB) never empties another's cache or queued tasks.
- A test marked `alone` (it stops a service the others use) runs while no other test of
  the run does: every test holds the run's lock shared, an `alone` test holds it alone.
- Every test has a node id of its own (xdist hands the workers tests by node id).
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

WORKER = os.environ.get("PYTEST_XDIST_WORKER")  # gw0, gw1 ... in a worker; else None


def redis_url_of_worker(url: str, worker: str) -> str:
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(base + int(worker[2:])) % 16}"))


def pytest_configure(config):
    from django.conf import settings

    from casino.celery import app

    if WORKER and settings.REDIS_URL:
        # Before anything has used the cache or the broker.
        url = redis_url_of_worker(settings.REDIS_URL, WORKER)
        os.environ["REDIS_URL"] = url  # for the processes the tests start
        settings.REDIS_URL = settings.CELERY_BROKER_URL = settings.CELERY_RESULT_BACKEND = url
        settings.CACHES["default"]["LOCATION"] = url
        app.conf.update(broker_url=url, result_backend=url)


def pytest_collection_modifyitems(config, items):
    """Two ids xdist needs and pytest 9 no longer takes from it (pytest 9 keeps an item's id
    structured, so setting `_nodeid` changes nothing):

    - schemathesis names each API operation's case in its item's name
      (`test_x[GET /api/v1/...]`) but not in its node id, so the 70 cases of
      tests/test_api_fuzz.py share one id; xdist schedules by node id and would run one
      of them. Each gets the id its name says.
    - --dist loadgroup keeps the tests of an `xdist_group` on one worker by the group's
      name after an @ in their ids, which xdist's own hook sets as `_nodeid`."""
    grouped = config.getvalue("loadgroup") if WORKER else False
    for item in items:
        last = item.nodeid.rsplit("::", 1)[-1]
        if item.name != last and item.name.startswith(f"{last}["):
            _rename(item, item.nodeid + item.name[len(last):])
        groups = sorted({str(mark.args[0]) for mark in item.iter_markers("xdist_group")})
        if grouped and groups and "@" not in item.nodeid:
            _rename(item, f"{item.nodeid}@{'_'.join(groups)}")
    _longest_first(items)


def _rename(item, unique: str) -> None:
    if hasattr(item, "_id"):
        from _pytest.nodeid import NodeId

        item._id = NodeId.parse(unique)
    else:
        item._nodeid = unique


def _longest_first(items) -> None:
    """Files with a test marked slow (the tamper drill, the differential tests, the
    migration tests) are collected first; the rest keep their order. One process runs them
    in this order; the parallel run's scheduler (xdist's loadgroup) hands out the groups
    first (the modules whose tests share a module fixture), then one test at a time in
    this order, so a long test does not start when the other worker is nearly done."""
    slow_files = {item.nodeid.split("::", 1)[0] for item in items
                  if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.nodeid.split("::", 1)[0] not in slow_files)


@contextmanager
def _locked(path: Path, mode: int):
    with open(path, "a") as handle:
        fcntl.flock(handle, mode)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextmanager
def machine_for(run: str, *, alone: bool):
    """The run's lock, shared or alone. A test that waits to be alone first takes the
    'next' lock, which the others take on their way in, so they cannot keep it waiting."""
    folder = Path(tempfile.gettempdir())
    lock, turn = folder / f"casino-tests-{run}.lock", folder / f"casino-tests-{run}.next"
    if alone:
        with _locked(turn, fcntl.LOCK_EX), _locked(lock, fcntl.LOCK_EX):
            yield
    else:
        handle = open(lock, "a")  # noqa: SIM115 - its lock outlives the 'next' lock
        try:
            with _locked(turn, fcntl.LOCK_SH):
                fcntl.flock(handle, fcntl.LOCK_SH)
            yield
        finally:
            handle.close()  # closing releases the lock


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    run = getattr(item.config, "workerinput", {}).get("testrunuid")
    if run is None:  # one process: nothing runs beside the test
        yield
        return
    with machine_for(run, alone=item.get_closest_marker("alone") is not None):
        yield


# --- The summary's database line, from the workers ------------------------------------


def pytest_sessionfinish(session):
    if hasattr(session.config, "workeroutput"):
        from tests.conftest import DATABASE_SEEN

        session.config.workeroutput["database_seen"] = dict(DATABASE_SEEN)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    from tests.conftest import DATABASE_SEEN

    seen = getattr(node, "workeroutput", {}).get("database_seen")
    if seen:
        DATABASE_SEEN.update(seen, name=seen["name"].rsplit("_gw", 1)[0] + "_gw*")
