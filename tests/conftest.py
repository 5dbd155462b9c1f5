from __future__ import annotations

import os

import pytest

from tests.db_roles import (
    ROLES,
    connected_as,
    ensure_app_role,
    flush_as_owner,
    start_as_flushed,
)

# The card room's tables and helpers; the floor recorded at chosen instants; the
# parallel workers kept apart.
pytest_plugins = ["tests.card_room", "tests.played", "tests.workers"]

# pytest-playwright runs an event loop in the main thread; Django's ORM must
# still be usable from the tests and the live server there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# In CI (.ci/run) every service is present, so a test that would skip fails instead.
REQUIRE_SERVICES = os.environ.get("CASINO_REQUIRE_SERVICES", "") == "1"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")

DATABASE_SEEN: dict[str, str] = {}


def missing_service(reason: str) -> None:
    """Skip a test whose service is absent, saying which one; fail instead in CI."""
    if REQUIRE_SERVICES:
        pytest.fail(f"{reason} (CASINO_REQUIRE_SERVICES=1: nothing may be skipped)")
    pytest.skip(reason)


# Each test session gets its own Celery queue, so two suites sharing one Redis (two
# developers, or a developer and CI) never run each other's tasks; so does each parallel
# worker of one suite, a process of its own (tests/workers.py).
TEST_QUEUE = f"casino-test-{os.getpid()}"
# The service's queues per job (settings.CELERY_TASK_ROUTES), each made this session's
# own the same way: a test worker consumes all of them.
TEST_QUEUES = [TEST_QUEUE, f"{TEST_QUEUE}.settlement", f"{TEST_QUEUE}.exports"]


def pytest_configure(config):
    from django.conf import settings

    from casino.celery import app

    app.conf.task_default_queue = TEST_QUEUE
    app.conf.task_routes = {task: {"queue": f"{TEST_QUEUE}.{route['queue']}"}
                            for task, route in settings.CELERY_TASK_ROUTES.items()}


def pytest_report_header(config):
    from django.conf import settings

    db = settings.DATABASES["default"]
    return [
        f"database: PostgreSQL from DATABASE_URL "
        f"(host {db.get('HOST') or 'local socket'}, port {db.get('PORT') or 5432})",
        f"redis: {settings.REDIS_URL or 'unset (Celery runs tasks in-process)'}",
    ]


# --- Two database roles ----------------------------------------------------------
# The owner (DATABASE_URL's user) creates the test database, migrates it and empties it
# between transactional tests; every test runs as the application role, with only the
# privileges migrate granted it (casino.common.db_roles).
# The helpers are in tests/db_roles.py.


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    from django.conf import settings
    from django.db import connection

    from casino.common.db_roles import grant_app_role

    role = settings.DATABASE_APP_ROLE
    with django_db_blocker.unblock():
        with connection.cursor() as cursor:
            cursor.execute("SELECT version(), current_database(), current_user")
            version, name, owner = cursor.fetchone()
            has_role = owner != role and ensure_app_role(cursor, role)
        DATABASE_SEEN.update(version=version, name=name, owner=owner, user=owner)
        if not has_role:
            if REQUIRE_SERVICES:
                pytest.fail(f"The tests must run as the application role {role!r}, which "
                            f"does not exist and {owner!r} may not create.")
            yield
            return
        grant_app_role(role)
        start_as_flushed()
        ROLES["owner"] = (owner, connection.settings_dict.get("PASSWORD", ""))
        ROLES["app"] = (role, os.environ.get("DATABASE_APP_PASSWORD", ""))
        connection.close()
        connection.settings_dict.update(USER=role, PASSWORD=ROLES["app"][1])
        flush_as_owner()
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user")
            DATABASE_SEEN["user"] = cursor.fetchone()[0]
    yield
    # pytest-django drops the test database next, which only its owner may do.
    connection.close()
    connection.settings_dict.update(USER=owner, PASSWORD=ROLES["owner"][1])


@pytest.fixture
def connected_as_owner():
    """The whole test runs as the database owner (a test of migrations themselves)."""
    if "owner" not in ROLES:
        yield
        return
    with connected_as("owner"):
        yield


@pytest.fixture
def owner_sql(transactional_db):
    """Run statements as the database owner, on its own connection (so what the test
    wrote must be committed: the test is transactional)."""
    import psycopg
    from django.db import connection

    if "owner" not in ROLES:
        missing_service("needs the two database roles (see django_db_setup)")
    params = connection.get_connection_params()
    params.update(user=ROLES["owner"][0], password=ROLES["owner"][1] or None)
    for adapted in ("cursor_factory", "context"):
        params.pop(adapted, None)
    with psycopg.connect(**params, autocommit=True) as owner:
        def run(statement: str, args=()):
            with owner.cursor() as cursor:
                cursor.execute(statement, args)
                return cursor.fetchall() if cursor.description else None
        yield run


def pytest_terminal_summary(terminalreporter):
    if DATABASE_SEEN:
        terminalreporter.write_line(
            f"The suite ran on {DATABASE_SEEN['version'].split(' on ')[0]}, "
            f"test database {DATABASE_SEEN['name']}, owner {DATABASE_SEEN['owner']}, "
            f"tests connected as {DATABASE_SEEN['user']}."
        )


@pytest.fixture(autouse=True)
def _celery_in_process():
    """Tasks run eagerly unless a test asks for the real worker (celery_worker fixture)."""
    from celery._state import _set_task_join_will_block

    from casino.celery import app

    # Celery's "a task is running here, never wait on a result" is one flag for the whole
    # process: two eager tasks at once in a live server's threads (or a worker stopped in
    # the middle of one) can leave it set, and every later .get() in this pytest worker
    # would be refused. Each test starts with it clear.
    _set_task_join_will_block(False)
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


# --- Personas ----------------------------------------------------------------


# Unless a test says otherwise (make_user(..., at=[casino])), its personas work at every
# casino the test makes, before or after them: most tests are about one casino's floor.
# The casino scoping itself is tested with users confined to one (test_casino_scoping).
_confined: set[str] = set()


def make_user(username: str, *roles: str, at=None):
    from django.contrib.auth.models import Group, User

    from casino.house.models import Casino

    user = User.objects.create_user(username=username, password=f"{username}-password-1")
    for role in roles:
        user.groups.add(Group.objects.get(name=role))
    if at is None:
        for casino in Casino.objects.all():
            casino.staff.add(user)
    else:
        _confined.add(username)
        for casino in at:
            casino.staff.add(user)
    return user


@pytest.fixture(autouse=True)
def _personas_work_at_every_new_casino():
    from django.contrib.auth.models import User
    from django.db.models.signals import post_save

    from casino.house.models import Casino

    def staff_it(sender, instance, created, **kwargs):
        if created:
            instance.staff.add(*User.objects.exclude(username__in=_confined))

    post_save.connect(staff_it, sender=Casino, dispatch_uid="tests.staff_everywhere")
    yield
    post_save.disconnect(sender=Casino, dispatch_uid="tests.staff_everywhere")
    _confined.clear()


@pytest.fixture
def supervisor(db):
    return make_user("sam_supervisor", "supervisor")


@pytest.fixture
def controller(db):
    """The casino group's gaming controller (the group_supervisor role): governs the
    group's own terms and wide-area meters, and works at no casino."""
    return make_user("gina_controller", "group_supervisor", at=[])


@pytest.fixture
def dealer(db):
    return make_user("dana_dealer", "dealer")


@pytest.fixture
def other_dealer(db):
    return make_user("otto_dealer", "dealer")


@pytest.fixture
def accountant(db):
    return make_user("alice_accountant", "accountant")


@pytest.fixture
def outsider(db):
    return make_user("olga_outsider")


@pytest.fixture
def us_casino(db, supervisor):
    from tables.floor.services import (
        casino_create,
    )

    return casino_create(
        actor=supervisor, name="Test Harbor", currency="USD", timezone="America/New_York"
    )


@pytest.fixture
def stud_table(us_casino, supervisor, dealer):
    from tables.floor.services import (
        table_create,
    )

    return table_create(
        actor=supervisor, casino=us_casino, label="CS-1", game="caribbean_stud",
        status="open", dealers=[dealer],
    )


@pytest.fixture
def other_table(us_casino, supervisor, other_dealer):
    from tables.floor.services import (
        table_create,
    )

    return table_create(
        actor=supervisor, casino=us_casino, label="CS-2", game="caribbean_stud",
        status="open", dealers=[other_dealer],
    )


@pytest.fixture
def api():
    """An API client; `api.as_user(user)` authenticates with a real token."""
    from knox.models import AuthToken
    from rest_framework.test import APIClient

    class Client(APIClient):
        def as_user(self, user):
            """A fresh token each time: a kept one may have been rolled back since (a
            hypothesis example runs in its own transaction)."""
            if user is None:
                self.credentials()
            else:
                self.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user)[1]}")
            return self

    return Client()


# --- Browser -------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.path.exists(CHROMIUM):
        missing_service(
            f"browser tests need Chromium at {CHROMIUM} (Debian: apt-get install chromium)"
        )
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"],
    }



FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The real hasher takes ~0.3 s per user on purpose; tests make many users.
    settings.PASSWORD_HASHERS = FAST_HASHERS


@pytest.fixture(autouse=True)
def _no_minutes_kept_from_another_test(monkeypatch):
    """The live board's minutes kept by the process (tables.reports.so_far.Minutes) are
    each test's own: another test's casino and clock may have had the same ids and times."""
    from tables.board import live
    from tables.reports.so_far import Minutes

    monkeypatch.setattr(live, "MINUTES", Minutes())


@pytest.fixture(autouse=True)
def _anchor_file_of_the_test(settings, tmp_path):
    """Each test's ledger anchors go to a file of its own (the database rolls back; the
    file outside it would not)."""
    settings.LEDGER_ANCHOR_FILE = tmp_path / "ledger-anchors.jsonl"


@pytest.fixture
def us_paytable(controller):
    """The group's published US paytable in dollars (a group supervisor's to make)."""
    from payouts.terms.services import paytable_create, paytable_publish

    paytable = paytable_create(actor=controller, name="House US", variant="us", currency="USD")
    return paytable_publish(actor=controller, paytable=paytable)


@pytest.fixture
def live_table(stud_table, us_paytable, supervisor):
    """CS-1: open, dealt by `dealer`, paying the published US paytable, antes 5-100."""
    from tables.floor.services import (
        table_assign_paytable,
    )

    return table_assign_paytable(actor=supervisor, table=stud_table,
                                          paytable=us_paytable)


@pytest.fixture
def progressive(controller):
    """The group's wide-area meter in dollars (a group supervisor's to make and change)."""
    from decimal import Decimal

    from payouts.jackpots import services as progressives

    return progressives.progressive_create(
        actor=controller, name="Harbor Jackpot", currency="USD", seed=Decimal("10000.00"),
        contribution_rate=Decimal("0.70"), approval_threshold=Decimal("20000.00"))


@pytest.fixture
def jackpot_table(live_table, progressive, supervisor):
    """CS-1 as in live_table, linked to the Harbor Jackpot meter."""
    from tables.floor.services import (
        table_link_progressive,
    )

    return table_link_progressive(actor=supervisor, table=live_table,
                                           progressive=progressive)


# --- Redis and a real Celery worker ------------------------------------------------------


@pytest.fixture
def redis_broker():
    from django.conf import settings

    if not settings.REDIS_URL:
        missing_service("needs a Redis server: REDIS_URL is unset")
    import redis

    from casino.common import redis_connections

    # The one the service would use: REDIS_URL's, or the master the Sentinels name.
    client = redis_connections.client(socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as exc:
        missing_service(f"needs a Redis server: {redis_connections.where()} does not "
                        f"answer ({exc})")
    finally:
        client.close()
    return settings.REDIS_URL


@pytest.fixture
def celery_worker(redis_broker):
    from celery.contrib.testing.worker import start_worker

    from casino.celery import app

    app.conf.task_always_eager = False
    try:
        with start_worker(app, pool="solo", concurrency=1, perform_ping_check=False,
                          loglevel="WARNING", shutdown_timeout=10,
                          queues=TEST_QUEUES) as worker:
            yield worker
    finally:
        # The worker's fast tracing stays patched into every task after it stops; the
        # tests after this one run tasks eagerly, as the service does without Redis.
        from celery.app.trace import reset_worker_optimizations

        reset_worker_optimizations(app)




# --- The database's owner at work (tamper-evidence tests) ---------------------------------


@pytest.fixture
def as_owner(owner_sql):
    """What the database's owner can do (the application role cannot): switch a table's
    triggers off (append-only, audit, sealing) and edit it."""
    def tamper(sql: str, params=(), table: str = "payouts_meterentry") -> None:
        owner_sql(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        try:
            owner_sql(sql, params)
        finally:
            owner_sql(f"ALTER TABLE {table} ENABLE TRIGGER USER")
    return tamper


@pytest.fixture
def ledger(progressive, controller):
    """The meter's ledger: its seed and three corrections (the group's meter: corrected by
    its group supervisor)."""
    from decimal import Decimal

    from payouts.jackpots import services as progressives
    from payouts.jackpots.models import MeterEntry

    for balance in ("10100.00", "10250.00", "10300.00"):
        progressives.progressive_correct(actor=controller, progressive=progressive,
                                         meter="meter", new_balance=Decimal(balance),
                                         reason="count adjustment")
    return list(MeterEntry.objects.filter(progressive=progressive).order_by("id"))
