"""Where a record lands in a casino's books (issue 26): one rule, here, for every kind of
record made at a table, which every service that writes one calls (docs/decisions.md,
"Trust, audited (issue 26): a record and the closed day").

A gaming day closes ten minutes after it ends (``tables.reports.closing``): the figures
of its rounds, hands, time collections and voids are stored then, once, with a checksum,
and the reports read that day from them ever after. Such a record may land on an open
day only: one added to a closed day afterwards would be in no report. Every other record
a table makes (openers and closers, fills and credits, their slips, signatures and voids,
box counts, corrections and explanations) is read live by the accounting reports, never
stored with a day: it lands on its shift's day, closed or not, as the count room counts
a box the morning after its day ended.

A casino's books are closed up to its latest closed day: the days close in order, and a
day before the first one closed had nothing on it and is final too.

The closed days are kept above the floor (``tables.reports``): they are read here by
their relation to the casino (``Casino.closed_days``), the way a lower layer names a
higher one's model by a string, never by an import."""

from __future__ import annotations

import datetime as dt
from enum import StrEnum

from django.core.exceptions import ValidationError
from django.db.models import Max, OuterRef, Subquery
from django.utils import timezone

from casino.house.models import Casino


class Outcome(StrEnum):
    OPEN_DAY = "lands on an open day, or is refused in words"
    ITS_DAY = "lands on its shift's day, closed or not"


class Record(StrEnum):
    """Every kind of record made at a table, as staff name it."""

    STUD_ROUND = "stud round"
    POKER_HAND = "poker hand"
    TIME_COLLECTION = "time collection"
    VOID = "void"  # of a round, a hand or a collection: a later day's void is an adjustment
    OPENER = "opener"
    CLOSER = "closer"
    INVENTORY_SIGNATURE = "signature of an opener or closer"
    CHIP_REQUEST = "fill or credit request"
    CHIP_SLIP = "fill or credit slip"
    CHIP_SLIP_SIGNATURE = "signature of a fill or credit slip"
    SLIP_VOID = "void of a fill or credit slip"
    BOX_COUNT = "box count"
    COUNT_CORRECTION = "count correction"
    VARIANCE_EXPLANATION = "variance explanation"


# What becomes of each kind of record dated on a closed day. The first four are what a
# closed day's stored figures are made of (StudFigure, RakeFigure, the adjustments in its
# checksum); a void made after a record's day closed lands on its own, open day, where
# the reports show it as an adjustment.
OUTCOMES: dict[Record, Outcome] = {
    Record.STUD_ROUND: Outcome.OPEN_DAY,
    Record.POKER_HAND: Outcome.OPEN_DAY,
    Record.TIME_COLLECTION: Outcome.OPEN_DAY,
    Record.VOID: Outcome.OPEN_DAY,
    **{kind: Outcome.ITS_DAY for kind in (
        Record.OPENER, Record.CLOSER, Record.INVENTORY_SIGNATURE, Record.CHIP_REQUEST,
        Record.CHIP_SLIP, Record.CHIP_SLIP_SIGNATURE, Record.SLIP_VOID, Record.BOX_COUNT,
        Record.COUNT_CORRECTION, Record.VARIANCE_EXPLANATION)},
}

UNREAD = object()  # no value read with the table's lock: read it now


def closed_to(casino: Casino) -> dt.date | None:
    """The last gaming day of the casino's books that is closed (None: none is)."""
    return casino.closed_days.aggregate(last=Max("gaming_day"))["last"]


def closed_to_of(casino_ref: str = "casino_id") -> Subquery:
    """The same as an expression, for a query of tables (read with the table's lock)."""
    return Subquery(Casino.objects.filter(pk=OuterRef(casino_ref)).annotate(
        last=Max("closed_days__gaming_day")).values("last")[:1])


def landing_day(record: Record, casino: Casino, day: dt.date, *, field: str = "table",
                value: object = None, closed=UNREAD) -> dt.date:
    """The gaming day ``record`` is stored on, ``day`` being the one it belongs to; a
    record of the closed day's figures dated on a closed day is refused in words, on
    ``field`` (naming ``value`` when the caller gave the day, e.g. a period's start).
    ``closed`` is the casino's closed-to day if the caller read it with the table's lock
    (``closed_to_of``): a record dated on a day already over reads it again, since that
    day may have closed while the record waited for the lock (the close locks the
    casino's tables while it takes its snapshot)."""
    if OUTCOMES[record] is Outcome.ITS_DAY:
        return day
    if closed is UNREAD or day < casino.gaming_day(timezone.now()):
        closed = closed_to(casino)
    if closed is None or day > closed:
        return day
    raise ValidationError({field: [_refusal(record, casino, day, closed, value)]})


def _refusal(record: Record, casino: Casino, day: dt.date, closed: dt.date,
             value: object) -> str:
    last = casino.closed_days.filter(gaming_day=closed).values_list("closed_at", flat=True)
    when = last.first()
    at = f" on {when.astimezone(casino.zone):%Y-%m-%d %H:%M %Z}" if when else ""
    books = (f"{casino.name}'s books are closed up to gaming day {closed:%Y-%m-%d} (closed"
             f"{at}): its figures are final")
    if value is not None:
        return (f"{value} falls in gaming day {day:%Y-%m-%d}. {books}, so no {record} can "
                "be added to that day now. Tell the supervisor: the count of that shift's "
                "box shows what was collected then, and the supervisor explains the "
                "difference.")
    return (f"A {record} made now belongs to gaming day {day:%Y-%m-%d} by {casino.name}'s "
            f"clock. {books}: a supervisor checks the casino's time zone and day start.")


def refuse_clock_into_closed_day(casino: Casino, before: Casino) -> None:
    """A casino's time zone or day start may change only if the gaming day running now
    stays open: otherwise every round and hand of the floor would be refused until the
    next day."""
    now = timezone.now()
    closed = closed_to(casino)
    today = casino.gaming_day(now)
    if closed is None or today > closed or today == before.gaming_day(now):
        return
    field = "timezone" if casino.timezone != before.timezone else "gaming_day_start"
    raise ValidationError({field: [
        f"With this clock it would now be gaming day {today:%Y-%m-%d} at {casino.name}, "
        f"which is closed (its books are closed up to {closed:%Y-%m-%d}): nothing could be "
        "recorded until the next day. Change the clock after the current day has ended, or "
        "so that the current day stays open."]})
