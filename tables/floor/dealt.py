"""When a round or hand was dealt (issue 33): one rule, here, for the recording services.

A dealer's tablet that lost the network keeps what he enters in its queue with the time
it was dealt, and sends it when the network is back. The record is stored when it
arrives (``recorded_at``) with the time it was dealt (``dealt_at``), and lands on the
books of the gaming day and shift it was dealt in: while they are open it is recorded
there; once closed (the day by its close, a banked table's shift by its closer) it is
refused in words, and a supervisor's late entry (``tables.offline``) records it on the
books open then. A round queued longer than ``QUEUED_ENTRY_MAX_AGE`` waits for a
supervisor's confirmation too: the floor's memory of it is that old (docs/decisions.md,
"The dealer's tablet offline (issue 33)")."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError

from tables.floor import books, shifts
from tables.floor.models import Table

# Sent within this long of its dealing, a record was never queued: it is the floor as it
# is now (the dealer who sends it is the dealer on the table).
LIVE = dt.timedelta(minutes=1)
# What a refusal calls the records of each kind.
RECORDS = {books.Record.STUD_ROUND: "rounds", books.Record.POKER_HAND: "hands"}


@dataclass(frozen=True)
class Booked:
    """Where a record lands: its gaming day and shift, and when it was dealt."""

    gaming_day: dt.date
    shift: int
    dealt_at: dt.datetime | None    # as stored: None when it was sent as it was dealt
    queued: bool                    # it waited in a tablet's queue: not the floor as it is now
    recorded_at: dt.datetime        # when it reaches the books: now


def max_age() -> dt.timedelta:
    return dt.timedelta(minutes=settings.QUEUED_ENTRY_MAX_AGE_MINUTES)


def booked(table: Table, record: books.Record, dealt_at: dt.datetime | None,
           now: dt.datetime, *, late_entry: bool = False) -> Booked:
    """The books a record made at ``table`` lands on, or a refusal in words (on
    ``table`` for the table as it is now, on ``dealt_at`` for the time it was dealt).
    ``late_entry``: a supervisor confirms it (``tables.offline``): its age is his to
    judge, and a record dealt in a closed day or shift lands on the books open now; it is
    never the floor as it is now (its dealer may deal elsewhere by then).

    A time later than the service's clock is refused, by however little: a tablet keeps
    the service's time (static/js/offline/queue.js), so one ahead is a clock changed
    since, and a record dated in the future would sort after rounds dealt later."""
    casino = table.casino
    if dealt_at is not None and dealt_at > now:
        _refuse(f"Dealt at {dealt_at.astimezone(casino.zone):%Y-%m-%d %H:%M:%S %Z} is later "
                f"than now ({now.astimezone(casino.zone):%H:%M:%S %Z}) by the casino's "
                "clock: the tablet's clock runs ahead. Nothing was recorded; the tablet now "
                "keeps the casino's time: send it again.", "dealt_at")
    if dealt_at is None or (now - dealt_at <= LIVE and not late_entry):
        return _open_now(table, record, dealt_at, now, queued=False)
    said = f"{dealt_at.astimezone(casino.zone):%Y-%m-%d %H:%M %Z}"
    if not late_entry and now - dealt_at > max_age():
        _refuse(f"Dealt at {said}, this {record} waited longer than a queued one may "
                f"({_span(max_age())}): a supervisor confirms it before it is recorded.",
                "dealt_at")
    closed = (shifts.recording_refusal(table, RECORDS[record], dealt_at, dealt=True)
              or _day_closed(table, record, dealt_at, said))
    if not closed:
        return Booked(casino.gaming_day(dealt_at), casino.shift(dealt_at), dealt_at, True, now)
    if not late_entry:
        _refuse(closed, "dealt_at")
    return _open_now(table, record, dealt_at, now, queued=True)


def _open_now(table: Table, record: books.Record, dealt_at: dt.datetime | None,
              now: dt.datetime, *, queued: bool) -> Booked:
    """The books open now: the table as it is (open, its shift's opener signed) and the
    gaming day and shift running by the casino's clock."""
    _refuse(shifts.recording_refusal(table, RECORDS[record], now), "table")
    casino = table.casino
    day = books.landing_day(record, casino, casino.gaming_day(now), closed=table.books_closed_to)
    return Booked(day, casino.shift(now), dealt_at, queued=queued, recorded_at=now)


def _day_closed(table: Table, record: books.Record, dealt_at: dt.datetime, said: str) -> str:
    """Why the gaming day ``dealt_at`` falls in takes no more records ('' while open)."""
    casino = table.casino
    day = casino.gaming_day(dealt_at)
    try:
        books.landing_day(record, casino, day)
    except ValidationError:
        return (f"Dealt at {said}, this {record} belongs to gaming day {day:%Y-%m-%d}, whose "
                f"books {casino.name} has closed since: a supervisor enters it late, on the "
                "books open now.")
    return ""


def _refuse(words: str, field: str) -> None:
    if words:
        raise ValidationError({field: [words]})


def _span(span: dt.timedelta) -> str:
    minutes = int(span.total_seconds() // 60)
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} minutes"
    return f"{hours} hour{'s' if hours > 1 else ''}" + (f" {minutes} minutes" if minutes else "")
