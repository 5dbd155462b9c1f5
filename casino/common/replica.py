"""The reading side on a streaming replica (docs/scaling.md): reports, their files and the
PAR sheets read from the replica when one is configured (DATABASE_REPLICA_URL) and it is
answering and close enough behind the primary; everything else, every write and the
floor's own reads, stays on the primary.

Work opts in with ``read(compute)``: it picks where to read, runs ``compute`` with the
router pointed there, and hands back what it computed with a ``Source`` that says, in
words for the page and the file, where the figures came from and how old they are. A
replica that is down, too far behind or lost halfway through falls back to the primary
and says so; it never fails the report."""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import logging
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import TypeVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, InterfaceError, OperationalError, connections
from django.utils import timezone

logger = logging.getLogger(__name__)
T = TypeVar("T")
REPLICA = "replica"
PRIMARY = DEFAULT_DB_ALIAS  # the database the replica streams from
# Where this request's (or task's) reads go; None: Django's default, the primary.
_reading: ContextVar[str | None] = ContextVar("reading_from", default=None)

# How far behind: the primary's WAL position now, then the standby's replay position. Up
# to it: no lag at all (an idle primary writes nothing, so the age of the last replayed
# transaction would overstate it). Short of it: the age of the last transaction the
# standby replayed. (pg_stat_wal_receiver would say "streaming", but only to a
# privileged role, which the application role is not.)
PRIMARY_SQL = "SELECT pg_current_wal_lsn()::text"
REPLICA_SQL = """
SELECT pg_is_in_recovery(), COALESCE(pg_last_wal_replay_lsn() >= %s::pg_lsn, false),
       EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())
"""


@dataclasses.dataclass(frozen=True)
class Source:
    """Where a reading came from: ``alias`` is the database read, ``lag`` how many seconds
    it was behind the floor, ``why`` the reason it is not the replica (when one is set)."""

    alias: str
    lag: float = 0.0
    why: str = ""
    at: dt.datetime = dataclasses.field(default_factory=timezone.now)

    @property
    def on_replica(self) -> bool:
        return self.alias == REPLICA

    @property
    def as_of(self) -> dt.datetime:
        return self.at - dt.timedelta(seconds=self.lag)

    @property
    def words(self) -> str:
        if self.on_replica:
            return (f"Read from the reporting copy of the database, {behind(self.lag)} "
                    "behind the floor.")
        if self.why:
            return f"{self.why}, so these figures were read from the main database (live)."
        return ""


def configured() -> bool:
    return REPLICA in settings.DATABASES


def behind(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes} min {seconds} s" if minutes < 60 else f"{minutes // 60} h {minutes % 60} min"


class _Health:
    """The replica's last reading, kept a moment so a busy reports page asks it once
    every few seconds rather than once a report."""

    def __init__(self) -> None:
        self.checked, self.source = 0.0, None

    def source_now(self) -> Source:
        fresh = time.monotonic() - self.checked < settings.REPLICA_CHECK_SECONDS
        if self.source is not None and fresh:
            return dataclasses.replace(self.source, at=timezone.now())
        self.source, self.checked = _ask_replica(), time.monotonic()
        return self.source

    def forget(self) -> None:
        self.source = None


HEALTH = _Health()


def _ask_replica() -> Source:
    try:
        with connections[PRIMARY].cursor() as cursor:
            cursor.execute(PRIMARY_SQL)
            (primary_at,) = cursor.fetchone()
    except DatabaseError:
        # The primary away (PgBouncer restarting, a failover): the replica may well
        # answer, as far behind as its last replayed transaction is old.
        primary_at = None
    try:
        with connections[REPLICA].cursor() as cursor:
            cursor.execute(REPLICA_SQL, [primary_at])
            recovering, caught_up, age = cursor.fetchone()
    except DatabaseError as exc:
        logger.warning("reporting replica not answering: %s", str(exc).strip().splitlines()[0])
        _drop_connection()
        return Source(DEFAULT_DB_ALIAS, why="The reporting copy of the database is not answering")
    # Not a standby at all (a test's mirror), or up to the primary's WAL: no lag.
    lag = 0.0 if not recovering or caught_up else float("inf") if age is None else float(age)
    if lag > settings.REPLICA_MAX_LAG_SECONDS:
        return Source(DEFAULT_DB_ALIAS, lag=0.0, why=(
            f"The reporting copy of the database is {behind(lag)} behind the floor (more "
            f"than the {behind(settings.REPLICA_MAX_LAG_SECONDS)} allowed)"))
    return Source(REPLICA, lag=lag)


def _drop_connection() -> None:
    with contextlib.suppress(DatabaseError):
        connections[REPLICA].close()


def read(compute: Callable[[], T]) -> tuple[T, Source | None]:
    """``compute()`` with its reads on the replica when it is fit, and where they came
    from; (value, None) when no replica is configured (one database: nothing to say)."""
    if not configured():
        return compute(), None
    source = HEALTH.source_now()
    if not source.on_replica:
        return compute(), source
    token = _reading.set(REPLICA)
    try:
        return compute(), source
    except (OperationalError, InterfaceError) as exc:
        # Lost halfway (stopped, restarted, a recovery conflict cancelled the query): the
        # primary answers instead, and the next report asks the replica afresh.
        logger.warning("reporting replica failed mid-read, reading the primary: %s",
                       str(exc).strip().splitlines()[0])
        HEALTH.forget()
        _drop_connection()
    finally:
        _reading.reset(token)
    return compute(), Source(DEFAULT_DB_ALIAS, why=(
        "The reporting copy of the database stopped answering while this was read"))


class ReadingRouter:
    """DATABASE_ROUTERS: reads go where ``read`` points them (the primary otherwise);
    every write to the primary, whatever database its object was read from."""

    def db_for_read(self, model, **hints):
        return _reading.get()

    def db_for_write(self, model, **hints):
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1, obj2, **hints):
        return True  # one database and its copy: the same rows

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        return db == DEFAULT_DB_ALIAS
