"""The demo's rotation (issue 31): Harbor Lights' evening crew (tables.management.demo_floor:
the README's dealer and five more, each with the games he may deal) and the last three
hours of the floor as the pit recorded them (clock-ins, reliefs, breaks and meals),
through the floor's services, with the rounds and hands each dealer recorded meanwhile
(the card room's in the last hour), so
/pit/rotation/ opens on a floor that runs (a relief overdue, one due now, a dealer back
from his break to take each) and the live board on /pit/ has its hours to show."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

from casino.house.models import Casino
from tables.floor.models import Game, Table
from tables.management.demo_floor import EVENING
from tables.management.demo_history import clock_at, stud_body
from tables.pit import selectors, services
from tables.pit.models import DealerMove, MoveKind
from tables.poker.services import poker_hand_record
from tables.stud.services import stud_round_record

# The evening crew's dealers (the README's dealer and five more) and their games.
GAMES = EVENING
# (minutes before now, dealer, table he takes; None: he clocks in); the dealer he
# relieves goes on a break, or his meal where named.
SCRIPT = [
    *((-180, name, None) for name in GAMES),
    (-180, "dealer6", "CS-1"), (-180, "dealer4", "CS-2"), (-180, "dealer3", "HE-1"),
    (-180, "dealer5", "OM-1"),
    (-120, "dealer", "CS-1"),    # dealer6 to his meal
    (-115, "dealer2", "CS-2"), (-100, "dealer4", "HE-1"),
    (-70, "dealer6", "CS-2"), (-60, "dealer3", "OM-1"),    # dealer5 to his meal
    (-55, "dealer2", "CS-1"), (-35, "dealer", "HE-1"),
]
MEALS = {(-120, "CS-1"), (-60, "OM-1")}
ROUND_EVERY = 4  # minutes between two rounds (or hands) at a table of the script
# The card room's players come later: its tables deal their hands in the last hour only,
# at the history's pace (demo_history.POKER_PACE), its dealers there from the start.
CARD_ROOM_DEALS = -60


def run_rotation(supervisor, casino: Casino, dealers: dict, now: dt.datetime) -> int:
    """The floor's last three hours at ``casino``, once (a demo loaded again while they
    are on the floor adds none)."""
    # The history's crews went home before these hours began (demo_floor): a dealer of
    # the script still on the floor says it ran.
    if selectors.on_the_floor(casino, now).keys() & {dealers[name].pk for name in GAMES}:
        return 0
    tables = {t.label: t for t in Table.objects.filter(casino=casino)}
    rng, on = random.Random(31), {}
    # The script's hours may begin in the gaming day before this one (its books closed) or,
    # for a banked table, in the shift before (closed by its closer): rounds and hands go
    # on the books that are open only.
    today = casino.gaming_day(now)
    began = {Game.CARIBBEAN_STUD: casino.shift_bounds(today, casino.shift(now))[0]}
    for minutes, name, label in _timeline():
        moment = now + dt.timedelta(minutes=minutes)
        with clock_at(moment):
            if name is None:  # a round or hand, by whoever deals the table then
                if moment >= began.get(tables[label].game, casino.day_bounds(today)[0]):
                    _deal(rng, tables[label], dealers[on[label]])
            elif label is None:
                services.dealer_clock_in(actor=supervisor, casino=casino, dealer=dealers[name])
            else:
                goes = MoveKind.MEAL if (minutes, label) in MEALS else MoveKind.BREAK
                services.dealer_relieve(actor=supervisor, table=tables[label],
                                        relief=dealers[name], goes_to=goes)
                on[label] = name
    return DealerMove.objects.filter(casino=casino, at__gte=now + dt.timedelta(
        minutes=SCRIPT[0][0] - 1)).count()


def _timeline() -> list[tuple[float, str | None, str | None]]:
    """The script's moves, and a round or hand at each table every ROUND_EVERY minutes
    from its first dealer on (name None), in the order they happen: each recorded by the
    dealer the script has on the table then (the dealer who records is the dealer on
    it)."""
    # Each table a minute after the one before; none after now (a hand dated a minute
    # ahead lay outside its dealer's stint, which runs to now).
    rounds = [(minute + offset, None, label)
              for offset, label in enumerate(("CS-1", "CS-2", "HE-1", "OM-1"))
              for minute in range(SCRIPT[0][0] + 2, 0, ROUND_EVERY)
              if minute + offset < 0
              and (label in ("CS-1", "CS-2") or minute >= CARD_ROOM_DEALS)]
    return sorted([*SCRIPT, *rounds], key=lambda event: (event[0], event[1] is None))


def _deal(rng: random.Random, table: Table, dealer) -> None:
    if table.game == Game.CARIBBEAN_STUD:
        stud_round_record(actor=dealer, table=table,
                          **stud_body(rng, rng.randint(2, 6), jackpot=False))
    else:
        poker_hand_record(actor=dealer, table=table, flop_dealt=True,
                          pot=Decimal(rng.choice((12, 24, 45, 60, 85, 120))),
                          winner=rng.randint(1, 6))
