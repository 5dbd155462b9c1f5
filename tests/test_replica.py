"""The reading side on a replica (casino.common.replica): reports read from it when it is
fit, say where their figures came from and how old they are, and fall back to the primary
in words (never an error) when it is down, too far behind or lost halfway through.

Two kinds of replica: the test database under a second name (reports built on it, so the
rows a report reads are the ones the test wrote), and a real hot standby streaming from a
primary of its own (bench.stack), stopped, paused and killed under the router."""

from __future__ import annotations

import csv
import io
import shutil
import tempfile
import time
from pathlib import Path

import openpyxl
import pytest
from django.db import connections
from django.test.utils import CaptureQueriesContext

from bench.stack import free_port
from casino.common import replica
from tests.reports.conftest import at

SPAN = {"from": "2026-03-03", "to": "2026-03-04"}
# Pointing the router at a replica is what these tests are about.
pytestmark = pytest.mark.filterwarnings("ignore:Overriding setting DATABASES")




MIRROR = {"TEST": {"MIRROR": "default"}}


def retarget(target: dict) -> None:
    """The "replica" alias, as DATABASE_REPLICA_URL would make it, aimed at ``target``
    (the test database itself when empty); its next connection goes there."""
    connections["replica"].close()
    connections.settings["replica"] = connections.settings["default"] | target | MIRROR
    del connections["replica"]
    replica.HEALTH.forget()


@pytest.fixture(scope="module", autouse=True)
def replica_alias():
    """The alias exists for the whole module, before any test's database is set up (a
    test's database case checks the aliases it names); the router takes it up only where a
    test also lists it in settings.DATABASES (replica.configured)."""
    # The handler's own copy of the aliases: Django's is settings.DATABASES itself.
    django_own = connections.settings
    connections.settings = {**django_own, "replica": django_own["default"] | MIRROR}
    yield
    connections["replica"].close()
    del connections["replica"]
    connections.settings = django_own


def point_replica_at(settings, target: dict) -> None:
    retarget(target)
    settings.DATABASES = {**settings.DATABASES, "replica": connections.settings["replica"]}
    settings.REPLICA_CHECK_SECONDS = 0


@pytest.fixture
def with_replica(settings):
    """The test database under the name "replica": not a standby, so never behind."""
    point_replica_at(settings, {})
    yield
    retarget({})


@pytest.fixture
def floor(play_round, live_table):
    play_round(live_table, at(2026, 3, 3, 9))
    return live_table


@pytest.mark.django_db(transaction=True, databases=["default", "replica"])
def test_a_report_reads_the_replica_and_says_so_and_the_floor_stays_on_the_primary(
        with_replica, api, accountant, floor, play_round):
    with CaptureQueriesContext(connections["replica"]) as on_replica, \
            CaptureQueriesContext(connections["default"]) as on_primary:
        answer = api.as_user(accountant).get("/api/v1/reports/stud/", SPAN)
    assert answer.status_code == 200
    assert answer.json()["source"]["database"] == "replica"
    assert answer.json()["source"]["words"].startswith("Read from the reporting copy")
    assert len(answer.json()["rows"]) == 1  # the round, read on the replica
    report_tables = [q["sql"] for q in on_replica.captured_queries if "stud" in q["sql"]]
    assert report_tables, "the report's rows were not read on the replica"
    assert not [q for q in on_primary.captured_queries if "tables_studround" in q["sql"]]

    # The floor's own reads and writes never go there.
    with CaptureQueriesContext(connections["replica"]) as during_round:
        play_round(floor, at(2026, 3, 4, 9))
    assert during_round.captured_queries == []


@pytest.mark.django_db(transaction=True, databases=["default", "replica"])
def test_the_report_page_and_its_files_say_where_the_figures_came_from(
        with_replica, client, api, accountant, floor):
    client.force_login(accountant)
    page = client.get("/accounting/reports/stud/", SPAN).content.decode()
    assert "Read from the reporting copy of the database, 0.0 s behind the floor." in page

    data = api.as_user(accountant).get("/api/v1/reports/stud/", {**SPAN, "format": "csv"})
    assert data["X-Data-Source"].startswith("Read from the reporting copy")
    assert next(csv.reader(io.StringIO(b"".join(data.streaming_content).decode())))[0]

    book = api.as_user(accountant).get("/api/v1/reports/stud/", {**SPAN, "format": "xlsx"})
    sheet = openpyxl.load_workbook(io.BytesIO(book.content)).worksheets[0]
    notes = [row[0] for row in sheet.iter_rows(values_only=True) if row[0] and
             str(row[0]).startswith("Read from the reporting copy")]
    assert len(notes) == 1


@pytest.mark.django_db(transaction=True, databases=["default", "replica"])
def test_a_replica_that_does_not_answer_falls_back_to_the_primary_in_words(
        settings, client, api, accountant, floor):
    point_replica_at(settings, {"HOST": "127.0.0.1", "PORT": str(free_port()),
                                "OPTIONS": {"connect_timeout": 2}})
    try:
        answer = api.as_user(accountant).get("/api/v1/reports/stud/", SPAN)
        client.force_login(accountant)
        page = client.get("/accounting/reports/stud/", SPAN)
    finally:
        retarget({})
    assert answer.status_code == 200
    assert len(answer.json()["rows"]) == 1
    assert answer.json()["source"] == {
        "database": "primary", "behind_seconds": 0, "as_of": answer.json()["source"]["as_of"],
        "words": "The reporting copy of the database is not answering, so these figures "
                 "were read from the main database (live)."}
    assert page.status_code == 200
    assert "is not answering, so these figures were read from the main database" in \
        page.content.decode()


def test_with_one_database_nothing_is_said_and_nothing_routed(db):
    value, source = replica.read(lambda: connections["default"].alias)
    assert (value, source) == ("default", None)
    assert replica.ReadingRouter().db_for_read(object) is None


def test_a_write_goes_to_the_primary_whatever_it_was_read_from():
    router = replica.ReadingRouter()
    assert router.db_for_write(object, instance=object()) == "default"
    assert router.allow_migrate("replica", "tables") is False
    assert router.allow_migrate("default", "tables") is True


def test_how_far_behind_in_words():
    assert replica.behind(0.42) == "0.4 s"
    assert replica.behind(125) == "2 min 5 s"
    assert replica.behind(7260) == "2 h 1 min"


# --- A real hot standby --------------------------------------------------------------


@pytest.fixture(scope="module")
def standby():
    """A primary and its streaming standby in a directory of their own, a table on it,
    and a reader role that is no superuser (as the application role is not)."""
    from bench.stack import PG_BIN, Stack

    if not (PG_BIN / "pg_basebackup").exists():
        pytest.fail(f"PostgreSQL's server programs are not at {PG_BIN}")
    work = Path(tempfile.mkdtemp(prefix="casino-replica-"))
    stack = Stack(work, pg_port=free_port(), redis_port=0, web_port=0)
    try:
        stack.start_postgres()
        stack.sql("CREATE ROLE reader LOGIN PASSWORD 'reader-pw'; "
                  "CREATE TABLE seen (n int); GRANT SELECT ON seen TO reader; "
                  "GRANT CONNECT ON DATABASE casino TO reader; "
                  "GRANT USAGE ON SCHEMA public TO reader; "
                  "INSERT INTO seen VALUES (1)")
        stack.start_replica(free_port())
        yield stack
    finally:
        stack.shutdown()
        shutil.rmtree(work, ignore_errors=True)


@pytest.fixture
def on_standby(settings, standby, django_db_blocker):
    """The router aimed at the standby (no test database case: nothing here is the
    test database's)."""
    django_db_blocker.unblock()
    point_replica_at(settings, {"HOST": "127.0.0.1", "PORT": str(standby.replica_port),
                                "NAME": "casino", "USER": "reader", "PASSWORD": "reader-pw",
                                "OPTIONS": {"connect_timeout": 2}})
    # Its primary, under a name of its own: the router compares the two's WAL positions.
    connections.settings["standby_primary"] = connections.settings["replica"] | {
        "PORT": str(standby.pg_port), "USER": "reader"}
    primary, replica.PRIMARY = replica.PRIMARY, "standby_primary"
    yield standby
    replica.PRIMARY = primary
    connections["standby_primary"].close()
    del connections["standby_primary"], connections.settings["standby_primary"]
    retarget({})
    django_db_blocker.restore()


def count_seen() -> int:
    with connections[replica._reading.get() or "default"].cursor() as cursor:
        cursor.execute("SELECT count(*) FROM seen")
        return cursor.fetchone()[0]


def wait_for(predicate, seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


@pytest.mark.xdist_group("standby")
def test_a_streaming_standby_caught_up_is_read_with_no_lag(on_standby):
    standby = on_standby
    standby.sql("INSERT INTO seen VALUES (2)")
    assert wait_for(lambda: standby.sql("SELECT count(*) FROM seen",
                                        port=standby.replica_port).strip() == "2")
    value, source = replica.read(count_seen)
    assert source.on_replica
    assert source.lag == 0.0
    assert value == 2  # read on the standby: the primary's test database has no such table


@pytest.mark.xdist_group("standby")
def test_a_standby_behind_the_bound_is_passed_over_in_words(on_standby, settings):
    standby = on_standby
    settings.REPLICA_MAX_LAG_SECONDS = 1
    standby.sql("SELECT pg_wal_replay_pause()", port=standby.replica_port)
    try:
        standby.sql("INSERT INTO seen VALUES (3)")
        time.sleep(1.5)
        source = replica.HEALTH.source_now()
    finally:
        standby.sql("SELECT pg_wal_replay_resume()", port=standby.replica_port)
    assert source.alias == "default"
    assert source.words.startswith("The reporting copy of the database is ")
    assert "behind the floor (more than the 1.0 s allowed), so these figures were read " \
        "from the main database (live)." in source.words


@pytest.mark.xdist_group("standby")
def test_a_stopped_standby_falls_back_and_is_read_again_once_restarted(on_standby):
    standby = on_standby
    standby.replica("stop")
    try:
        started = time.monotonic()
        source = replica.HEALTH.source_now()
        assert time.monotonic() - started < 5  # the connect timeout, not a hang
        assert source.words.startswith("The reporting copy of the database is not answering")
    finally:
        standby.replica("start")
    assert wait_for(lambda: replica.HEALTH.source_now().on_replica)


@pytest.mark.xdist_group("standby")
def test_a_standby_lost_halfway_through_a_reading_hands_it_to_the_primary(on_standby):
    attempts = []

    def reading():
        attempts.append(replica._reading.get())
        if replica._reading.get() == "replica":
            with connections["replica"].cursor() as cursor:  # the standby drops us
                cursor.execute("SELECT pg_terminate_backend(pg_backend_pid())")
        return "read"

    value, source = replica.read(reading)
    assert attempts == ["replica", None]
    assert value == "read"
    assert source.words == ("The reporting copy of the database stopped answering while "
                            "this was read, so these figures were read from the main "
                            "database (live).")


@pytest.mark.xdist_group("standby")
def test_with_the_primary_away_the_standby_still_answers_as_old_as_its_last_replay(
        on_standby, settings):
    standby = on_standby
    standby.sql("INSERT INTO seen VALUES (4)")   # a transaction for it to replay
    assert wait_for(lambda: standby.sql("SELECT count(*) FROM seen WHERE n = 4",
                                        port=standby.replica_port).strip() == "1")
    connections["standby_primary"].close()
    connections.settings["standby_primary"]["PORT"] = str(free_port())  # nothing there
    del connections["standby_primary"]
    source = replica.HEALTH.source_now()
    assert source.on_replica
    assert 0 < source.lag < settings.REPLICA_MAX_LAG_SECONDS
