"""The meter's ledger: every ``MeterEntry`` is written here, and nowhere else.

Two paths, one rule. The balance rule: an entry's ``balance_after`` is what its ledger
(the meter, the reserve or the overflow of one progressive) showed before it plus its
``amount``, and the progressive's row shows the ledger's last balance; the database holds
the same rule (the chain trigger refuses an entry that does not add up, migration payouts
0022, and a deferred check compares the row with the ledger at commit, 0010).

- ``feed``: a round's contribution in one statement (``_feed_sql``), where the meter stays
  under its limit: the floor's hot path, which must not hold the meter's row while Python
  runs (a thread can wait for the GIL while it holds it).
- ``post``: the locked path, for everything else (a contribution at the limit, a hit's
  award and reset, a correction): the caller holds the meter's row (``select_for_update``)
  and this applies each movement to the row and writes its entry.

Every entry is dated by its meter's books (``Progressive.books_day``, casino.common.days
``books_day``). The database lifts an entry's day to the day of the entry before it in its
ledger (migration payouts 0014): a round that waited for the meter across the start of a
gaming day is booked on the new day.

A move of the meter's amount tells its floor signs (payouts.jackpots.signs), which are
sent it once the transaction commits: a feed its new amount and entry, anything else a
state read afresh.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from django.db import connection
from django.utils import timezone

from casino.common import postings
from casino.common.postings import Move
from payouts.jackpots import signs
from payouts.jackpots.models import MeterEntry, MeterKind, MeterName, Progressive
from tables.rules.money import unit
from tables.rules.progressive import contribution

# The progressive's field each ledger's balance is shown in.
FIELDS = {MeterName.METER: "amount", MeterName.RESERVE: "reserve",
          MeterName.OVERFLOW: "overflow"}
ZERO = Decimal(0)


@dataclass(frozen=True)
class Movement:
    """One movement of one of a progressive's ledgers; ``amount`` signed (+ in, - out)."""

    meter: str
    kind: str
    amount: Decimal
    reason: str = ""
    wagers: Decimal = ZERO
    round_id: int | None = None
    hit_id: int | None = None


def _columns(progressive: Progressive, movement: Movement, *, actor, now) -> dict:
    """The one place an entry's columns (but its amount and balance) are filled in
    (FEED_VALUES below, in SQL)."""
    return {"progressive": progressive, "meter": movement.meter, "kind": movement.kind,
            "wagers": movement.wagers, "round_id": movement.round_id,
            "hit_id": movement.hit_id, "reason": movement.reason, "created_by": actor,
            "created_at": now, "gaming_day": progressive.books_day(now)}


def seed(progressive: Progressive, *, actor) -> MeterEntry:
    """A new meter's first entry: its seed, on a ledger that held nothing before (the row
    was inserted showing it, in the same transaction)."""
    start = Movement(MeterName.METER, MeterKind.RESET, progressive.seed, reason="initial seed")
    entry = MeterEntry(amount=start.amount, balance_after=start.amount,
                       **_columns(progressive, start, actor=actor, now=timezone.now()))
    entry.save()
    return entry


def post(progressive: Progressive, movements: Iterable[Movement], *,
         actor=None) -> list[MeterEntry]:
    """The locked path: each movement applied to the progressive's balance it moves and
    written as an entry, in order (casino.common.postings, the one writer of every
    chained ledger). The caller holds the progressive's row lock."""
    now = timezone.now()
    moves = [Move(movement.amount, balance=FIELDS[movement.meter],
                  columns=_columns(progressive, movement, actor=actor, now=now))
             for movement in movements]
    entries = postings.post(progressive, MeterEntry, moves)
    if any(move.balance == "amount" for move in moves):
        signs.changed(progressive.pk)
    return entries


# The fast feed's value for every column of an entry, by field (a test holds it to the
# model's fields, so a new column is not forgotten here). The contribution's movements
# are the rows of ``movements``: the meter's (with the wagers, always written) and the
# reserve's where it moves; each balance is the row's new value, which the UPDATE computed
# from the value before: the balance rule.
FEED_VALUES = {
    "progressive": "%(id)s", "meter": "m.meter", "kind": f"'{MeterKind.CONTRIBUTION}'",
    "amount": "m.amount",
    "balance_after": "CASE m.meter WHEN 'meter' THEN fed.amount ELSE fed.reserve END",
    "wagers": "m.wagers", "round": "%(round)s", "hit": "NULL", "reason": "''",
    "created_by": "NULL", "created_at": "%(now)s", "gaming_day": "%(day)s",
    "prev_hash": "''", "row_hash": "''",  # the chain trigger writes them
}


@cache
def _feed_sql() -> str:
    fields = [MeterEntry._meta.get_field(name) for name in FEED_VALUES]
    quote = connection.ops.quote_name
    return f"""
WITH fed AS (
    UPDATE {quote(Progressive._meta.db_table)}
       SET amount = amount + %(to_meter)s, reserve = reserve + %(to_reserve)s
     WHERE id = %(id)s AND ("limit" IS NULL OR amount + %(to_meter)s <= "limit")
    RETURNING amount, reserve
), movements (meter, amount, wagers, position) AS (
    VALUES ('meter', %(to_meter)s::numeric, %(wagers)s::numeric, 1),
           ('reserve', %(to_reserve)s::numeric, 0::numeric, 2)
)
INSERT INTO {quote(MeterEntry._meta.db_table)}
       ({", ".join(quote(f.column) for f in fields)})
SELECT {", ".join(FEED_VALUES[f.name] for f in fields)}
  FROM fed, movements m
 WHERE m.meter = 'meter' OR m.amount <> 0
 ORDER BY m.position
RETURNING meter, balance_after, id
"""


def feed(progressive: Progressive, round_, total: Decimal) -> None:
    """A round's side wagers (``total``) into the meter, as the last writes of the round's
    transaction. Where the meter stays under its limit, the contribution is added and its
    entries written in one statement, whose UPDATE locks the meter's row to the commit:
    nothing runs in Python between taking the meter and committing. A meter the increment
    would take past its limit is locked and read first (``post``), to split the increment
    between the meter and the overflow."""
    part = contribution(total, rate=progressive.contribution_rate,
                        reserve_rate=progressive.reserve_rate, meter=ZERO,
                        unit=unit(progressive.currency))
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(_feed_sql(), {
            "id": progressive.pk, "to_meter": part.to_meter, "to_reserve": part.to_reserve,
            "wagers": total, "round": round_.pk, "now": now,
            "day": progressive.books_day(now)})
        rows = cursor.fetchall()
    written = {meter: balance for meter, balance, _ in rows}
    if written:
        progressive.amount = written[MeterName.METER]
        progressive.reserve = written.get(MeterName.RESERVE, progressive.reserve)
        signs.moved(progressive.pk, progressive.amount,
                    version=next(pk for meter, _, pk in rows if meter == MeterName.METER))
        return
    _feed_at_limit(progressive, round_, total)  # through post, which tells the signs


def _feed_at_limit(progressive: Progressive, round_, total: Decimal) -> None:
    locked = Progressive.objects.select_related("casino").select_for_update(
        of=("self",)).get(pk=progressive.pk)
    part = contribution(total, rate=locked.contribution_rate, reserve_rate=locked.reserve_rate,
                        meter=locked.amount, limit=locked.limit, unit=unit(locked.currency))
    post(locked, [Movement(meter, MeterKind.CONTRIBUTION, amount, round_id=round_.pk,
                           wagers=total if meter == MeterName.METER else ZERO)
                  for meter, amount in ((MeterName.METER, part.to_meter),
                                        (MeterName.RESERVE, part.to_reserve),
                                        (MeterName.OVERFLOW, part.to_overflow))
                  if amount or meter == MeterName.METER])
    progressive.amount, progressive.reserve, progressive.overflow = (
        locked.amount, locked.reserve, locked.overflow)
