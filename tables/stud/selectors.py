"""Reads of recorded stud rounds that pages and the API share."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db import connection
from django.db.models import Case, DecimalField, F, Prefetch, Q, QuerySet, Sum, Value, When
from django.utils import timezone

from tables.floor.selectors import at_tables_visible_to
from tables.rules.stud import Decision, Outcome, SideWager
from tables.stud.models import StudRound, StudRoundVoid, StudSeat

# A seat's result for the house (its results are signed from the player's side), and the
# jackpot side wagers the table takes in (played or forfeited; a returned one went back).
HOUSE_WIN = -(F("ante_result") + F("bet_result"))
SIDE_WAGER_TAKEN = Q(side_wager__in=[SideWager.STANDS, SideWager.FORFEIT])
# A seat's bet: twice its ante where it raised, else nothing (the handle is ante + bet).
BET = Case(When(decision=Decision.RAISE, then=F("ante") * 2), default=Value(Decimal(0)),
           output_field=DecimalField(max_digits=14, decimal_places=2))


def rounds_visible_to(user) -> QuerySet[StudRound]:
    rounds = StudRound.objects.select_related(
        "table__casino", "table__progressive", "paytable", "dealer", "correction",
    ).prefetch_related(Prefetch("seats", queryset=StudSeat.objects.order_by("seat")),
                       "jackpot_hits")
    return at_tables_visible_to(rounds, user)


def last_wagers_at(table) -> dict[int, tuple]:
    """Each seat's ante and jackpot choice in the table's last round of this gaming day,
    {seat: (ante, progressive)}: the next round's form starts from them (players mostly
    bet the same again). A new gaming day starts empty."""
    today = table.casino.gaming_day(timezone.now())
    last = (StudRound.objects.filter(table=table, gaming_day=today)
            .order_by("-recorded_at", "-pk").values("pk")[:1])
    return {seat: (ante, progressive) for seat, ante, progressive in
            StudSeat.objects.filter(round__in=last).values_list("seat", "ante", "progressive")}


def results_by_shift(tables: Iterable[int], first: dt.date,
                     last: dt.date) -> dict[tuple[int, dt.date, int], Decimal]:
    """What the recorded rounds say the table's chips gained in each shift: the house's
    win on antes and raises plus the jackpot side wagers it took in (jackpot awards are
    paid from the meter's books by the cage, not from the tray). Voided rounds moved no
    chips, whenever they were voided."""
    seats = StudSeat.objects.filter(round__table__in=list(tables), round__correction__isnull=True,
                                    round__gaming_day__range=(first, last))
    rows = seats.values("round__table", "round__gaming_day", "round__shift").annotate(
        win=Sum(HOUSE_WIN), taken=Sum("progressive_wager", filter=SIDE_WAGER_TAKEN))
    return {(r["round__table"], r["round__gaming_day"], r["round__shift"]):
            (r["win"] or 0) + (r["taken"] or 0) for r in rows}


# The seats whose results the paytable's game math describes: played to a showdown or a
# fold. Dead hands and void rounds are results of their own (a forfeit, a push).
PLAYED = (Outcome.WIN, Outcome.LOSE, Outcome.PUSH, Outcome.FOLD, Outcome.DEALER_NOT_QUALIFIED)

WAGERS_SQL = """
SELECT table_id, gaming_day, shift, paytable_id, SUM(antes), SUM(ante_squares),
       SUM(antes * antes), SUM(hands), SUM(kept)
  FROM (SELECT r.id, r.table_id, r.gaming_day, r.shift, r.paytable_id,
               COALESCE(SUM(s.ante) FILTER (WHERE s.outcome = ANY(%(played)s)), 0) AS antes,
               COALESCE(SUM(s.ante * s.ante) FILTER (WHERE s.outcome = ANY(%(played)s)), 0)
                   AS ante_squares,
               COUNT(*) FILTER (WHERE s.outcome = ANY(%(played)s)) AS hands,
               COALESCE(SUM(-(s.ante_result + s.bet_result))
                            FILTER (WHERE NOT s.outcome = ANY(%(played)s)), 0)
               + COALESCE(SUM(s.progressive_wager)
                          FILTER (WHERE s.side_wager = ANY(%(taken)s)), 0) AS kept
          FROM {round} r JOIN {seat} s ON s.round_id = r.id
         WHERE r.table_id = ANY(%(tables)s) AND r.gaming_day BETWEEN %(first)s AND %(last)s
           AND NOT EXISTS (SELECT 1 FROM {void} v WHERE v.round_id = r.id)
         GROUP BY r.id) AS per_round
 GROUP BY table_id, gaming_day, shift, paytable_id
"""


@dataclass(frozen=True)
class ShiftWagers:
    """One table's rounds of one shift under one paytable version, as the game math
    needs them: the antes of the seats that played, their squares, the squares of each
    round's antes (seats of a round share the dealer's hand), how many hands, and what
    the table kept apart from the game (side wagers taken, forfeited dead hands)."""

    antes: Decimal
    ante_squares: Decimal
    round_squares: Decimal
    hands: int
    kept: Decimal


def wagers_by_shift(tables: Iterable[int], first: dt.date, last: dt.date
                    ) -> dict[tuple[int, dt.date, int, int], ShiftWagers]:
    """{(table, gaming day, shift, paytable): ShiftWagers} in one statement; voided rounds
    moved nothing and are left out."""
    sql = WAGERS_SQL.format(round=StudRound._meta.db_table, seat=StudSeat._meta.db_table,
                            void=StudRoundVoid._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(sql, {"played": list(PLAYED), "taken": [SideWager.STANDS,
                                                                SideWager.FORFEIT],
                             "tables": list(tables), "first": first, "last": last})
        rows = cursor.fetchall()
    return {(table, day, shift, paytable): ShiftWagers(antes, squares, round_squares, hands,
                                                       kept)
            for table, day, shift, paytable, antes, squares, round_squares, hands, kept in rows}
