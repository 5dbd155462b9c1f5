"""A few weeks of play for the demo casino, recorded through the same services the
dealers' pages use, each on the clock of the moment it happened and in the order it
happened, by the dealer the day's floor has on the table then (demo_floor): stud rounds
with side wagers (and the hits they make), card-room hands and time, a few voids and a
meter correction. Reproducible: the cards come from a seeded shuffle."""

from __future__ import annotations

import contextlib
import datetime as dt
import random
from decimal import Decimal
from functools import partial

import time_machine
from django.core.exceptions import ValidationError

from payouts.jackpots import services as progressives
from payouts.jackpots.settlement import settle_pending_hits
from tables.floor.models import Game, Table
from tables.management.demo_floor import DayFloor
from tables.players import services as seating
from tables.players.models import Player
from tables.poker.services import poker_hand_record, poker_hand_void, time_collection_record
from tables.rules.cards import DECK, card_str
from tables.rules.hands import category_name, evaluate
from tables.stud.services import stud_round_record, stud_round_void

ACE, KING = 12, 11
# What a seat antes: the rated players are regulars of a $5-$100 table (the comps'
# game math is worked out at these: tables.management.demo_comps).
ANTES = (5, 10, 10, 25, 25)


# How soon the beat revises a closed rating's figures after a void (casino.schedule).
BEAT = dt.timedelta(minutes=5)


@contextlib.contextmanager
def clock_at(moment: dt.datetime):
    """Every clock of the process stands at ``moment``: the services' timezone.now and
    the models' defaults alike."""
    with time_machine.travel(moment, tick=False):
        yield


def stud_body(rng: random.Random, seats: int, jackpot: bool) -> dict:
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * 5:(i + 1) * 5] for i in range(seats + 1)]
    plays = []
    for n, cards in enumerate(hands[1:], start=1):
        # The common house strategy: raise ace-king or better.
        pair_or_better = category_name(evaluate(cards)) != "high_card"
        ace_king = {c >> 2 for c in cards} >= {ACE, KING}
        plays.append({"seat": n, "ante": str(rng.choice(ANTES)) + ".00",
                      "decision": "raise" if pair_or_better or ace_king else "fold",
                      "cards": [card_str(c) for c in cards],
                      "progressive": jackpot and rng.random() < 0.6})
    dealt = [card_str(c) for c in hands[0]]
    return {"dealer_cards": dealt, "up_card": dealt[0], "seats": plays}


# The stud tables' pace: a round every 90 seconds, 40 an hour (docs/demo.md): each
# table's day is one session from 11:00, long enough for its rated players' visits (the
# day crew fresh at the tables, before its meals from 13:45: demo_floor).
STUD_PACE = dt.timedelta(seconds=90)
SESSION = dt.timedelta(hours=1)         # 11:00: the day's play begins (10:00 + 1 h)
STUD_ROUNDS = (16, 22)                  # rounds a table deals in its session
SEATED = dt.timedelta(minutes=1)        # rated players sit down a minute before


def _stud_plan(tables, day_start: dt.datetime, rounds: int) -> list[tuple]:
    """The day's stud rounds: (when, table, None), ``rounds`` a table at the stud pace
    from the session's start."""
    return [(day_start + SESSION + n * STUD_PACE, table, None)
            for table in tables for n in range(rounds)]


# The card room's pace: a hand every four minutes, the rotation's (demo_rotation), for an
# hour and a half from noon; the open day's card room has dealt for the rotation's last
# hour at the same pace, so its rake so far is two thirds of a day's (docs/demo.md).
POKER_PACE = dt.timedelta(minutes=4)
CARD_ROOM = (dt.timedelta(hours=2), dt.timedelta(minutes=90))  # from 12:00
TIME_PERIOD = dt.timedelta(minutes=30)


def _poker_plan(tables, day_start: dt.datetime) -> list[tuple]:
    """The day's poker hands, and at a time-collection table its collections: (when
    recorded, table, the period's start or None), through the card room's hours."""
    opens, hours = day_start + CARD_ROOM[0], CARD_ROOM[1]
    plan = []
    for table in tables:
        if table.rake_schedule.method == "time":
            plan += [(opens + n * TIME_PERIOD + dt.timedelta(minutes=1), table,
                      opens + n * TIME_PERIOD) for n in range(hours // TIME_PERIOD)]
            continue
        plan += [(opens + n * POKER_PACE, table, None) for n in range(hours // POKER_PACE)]
    return plan


def _play(rng, supervisor, floor: DayFloor, plan: list[tuple], dealers: dict,
          steps: list[tuple]) -> tuple:
    """The day's rounds and hands in the order they were dealt, each by the dealer the
    floor has on its table then (the floor's moves up to then written first), and the
    pit's ``steps`` (when, table, step) taken at their moments, before a round dealt at the
    same moment: a rating closed at 16:00 stands on the rounds before it, as on the floor
    (its figures are read from its rounds when it closes)."""
    rounds, hands = [], []
    for moment, table, period in sorted([*plan, *steps],
                                        key=lambda p: (p[0], not callable(p[2]), p[1].pk)):
        with clock_at(moment):
            floor.keep_until(supervisor, moment)
            if callable(period):
                period()
                continue
            dealer = dealers[floor.dealer_at(table.pk, moment)]
            if period is not None:
                time_collection_record(actor=dealer, table=table, period_start=period,
                                       seats=list(range(1, rng.randint(5, 9))))
            elif table.game == Game.CARIBBEAN_STUD:
                round_, _ = stud_round_record(
                    actor=dealer, table=table,
                    **stud_body(rng, rng.randint(3, 6), table.progressive_id is not None))
                if table.progressive_id and round_.jackpot_hits.exists():
                    settle_pending_hits(table.progressive_id)
                rounds.append(round_)
            else:
                hand, _ = poker_hand_record(
                    actor=dealer, table=table,
                    pot=Decimal(rng.choice((12, 24, 45, 60, 85, 120, 160, 240))),
                    flop_dealt=rng.random() > 0.15, winner=rng.randint(1, 9))
                hands.append(hand)
    return rounds, hands


# Who the pit rates each day (issue 29): (card, table, seat), seated a minute before the
# stud session and gone a minute after its last round; Pat takes a break, Ann moves to
# CS-2 within her visit, Maria plays at Mayfair every other day; a barred player's seating
# is refused once.
RATED = [("10042", "CS-1", 1), ("10077", "CS-2", 2), ("10103", "CSP-1", 1),
         ("20005", "CS-1", 3)]
MOVES = {"20005": ("CS-2", 3)}
BARRED_TRY = ("10161", "CS-2", 4)
BREAK = (dt.timedelta(minutes=14), dt.timedelta(minutes=20))   # Pat's, into the session
MOVE_AT = dt.timedelta(minutes=12)                               # Ann's, into the session


def _seat_players(supervisor, day_start: dt.datetime, casino, back: int) -> tuple[list, list]:
    """The day's ratings at the casino's tables, open a minute before the session, and
    the pit's steps of the day at their tables, to take between the rounds: a break for
    the first, a move for the one who moves."""
    ratings, steps = [], []
    session = day_start + SESSION
    for card, label, seat in RATED:
        table = Table.objects.filter(casino=casino, label=label).first()
        if table is None or (label == "CSP-1" and back % 2):
            continue
        with clock_at(session - SEATED):
            ratings.append(seating.rating_open(actor=supervisor, table=table, seat=seat,
                                               player=Player.objects.get(card=card)))
    if ratings and ratings[0].player.card == RATED[0][0]:
        first = ratings[0]
        steps += [(session + BREAK[0], first.table_id,
                   partial(seating.rating_pause, actor=supervisor, rating=first)),
                  (session + BREAK[1], first.table_id,
                   partial(seating.rating_resume, actor=supervisor, rating=first))]
    for index, rating in enumerate(ratings):
        if rating.player.card in MOVES:
            label, seat = MOVES[rating.player.card]
            steps.append((session + MOVE_AT, rating.table_id, partial(
                _move, supervisor, ratings, index,
                Table.objects.get(casino=casino, label=label), seat)))
    return ratings, steps

def _move(supervisor, ratings: list, index: int, table, seat: int) -> None:
    """He moves within his visit: the rating in his place in ``ratings`` is the next one."""
    ratings[index] = seating.rating_move(actor=supervisor, rating=ratings[index],
                                         table=table, seat=seat)


def _unseat(supervisor, ratings: list, plan: list[tuple]) -> None:
    """Each rated player leaves a minute after his table's last round."""
    for rating in ratings:
        last = max((when for when, table, *_ in plan if table.pk == rating.table_id),
                   default=rating.started_at)
        with clock_at(last + SEATED):
            seating.rating_close(actor=supervisor, rating=rating)


def _barred_tries(supervisor, casino, day_start: dt.datetime) -> None:
    """A barred player asks for a seat once: refused, and the attempt recorded."""

    card, label, seat = BARRED_TRY
    table = Table.objects.filter(casino=casino, label=label).first()
    if table is not None:
        with clock_at(day_start + dt.timedelta(hours=7)), contextlib.suppress(ValidationError):
            seating.rating_open(actor=supervisor, table=table, seat=seat, card=card)


def load_history(*, casinos, dealers: dict, supervisor, days: int, today: dt.date,
                 jackpot=None, seed: int = 2026, after_day=None,
                 until: dt.datetime | None = None, progress=None) -> int:
    """Record ``days`` gaming days before ``today`` at every demo table, by the dealers of
    the floor each casino's crews ran (``dealers``: the crews' by name,
    tables.management.demo_floor), none after ``until``; returns how many rounds and hands
    were recorded. ``after_day(casino, back, start)``: what else happens once a day's
    ratings closed (the host's comps); ``progress(done, days, day, count)``: told as each
    day is recorded."""
    rng = random.Random(seed)
    by_id = {user.pk: user for user in dealers.values()}
    count = 0
    for back in range(days, 0, -1):
        day = today - dt.timedelta(days=back)
        for casino in casinos:
            start = casino.day_bounds(day)[0] + dt.timedelta(hours=4)   # 10:00 local
            tables = list(Table.objects.filter(casino=casino).select_related("rake_schedule"))
            stud = [t for t in tables if t.game == Game.CARIBBEAN_STUD and t.paytable_id]
            poker = [t for t in tables if t.game != Game.CARIBBEAN_STUD and t.rake_schedule_id]
            rated, steps = _seat_players(supervisor, start, casino, back)
            plan = [*_stud_plan(stud, start, rng.randint(*STUD_ROUNDS)),
                    *_poker_plan(poker, start)]
            plan = [p for p in plan if until is None or p[0] <= until]
            floor = DayFloor(casino, plan, dealers, day, until)
            at = {table.pk: table for table in tables}
            rounds, hands = _play(rng, supervisor, floor, plan, by_id,
                                  [(when, at[table], step) for when, table, step in steps])
            with clock_at(max(floor.end, start)):
                floor.keep_until(supervisor, floor.end)  # the crews' last moves: home
            _unseat(supervisor, rated, plan)
            if after_day is not None:
                after_day(casino, back, start)
            if back == 3:
                _barred_tries(supervisor, casino, start)
            count += len(rounds) + len(hands)
            _corrections(rng, supervisor, start, rounds, hands)
        if jackpot is not None and back == days // 2:
            with clock_at(casinos[0].day_bounds(day)[0] + dt.timedelta(hours=18)):
                jackpot.refresh_from_db()
                progressives.progressive_correct(
                    actor=supervisor, progressive=jackpot, meter="meter",
                    new_balance=jackpot.amount + Decimal("25.00"),
                    reason="meter read 25 short after the controller restart")
        if progress is not None:
            progress(days - back + 1, days, day, count)
    return count


def _corrections(rng, supervisor, start, rounds, hands) -> None:
    """Now and then a supervisor voids a round or a hand, the same day or the next; the
    figures of a closed rating that held the round are revised by the beat after."""
    if rounds and rng.random() < 0.3:
        voided_at = start + dt.timedelta(hours=rng.choice((12, 22)))
        with clock_at(voided_at):
            stud_round_void(actor=supervisor, round_=rng.choice(rounds),
                            reason="dealt from the wrong shoe")
        with clock_at(voided_at + BEAT):  # the beat's next run: the rating it was in revised
            seating.revise_ratings(actor=None)
    if hands and rng.random() < 0.3:
        with clock_at(start + dt.timedelta(hours=rng.choice((12, 22)))):
            poker_hand_void(actor=supervisor, hand=rng.choice(hands),
                            reason="pot recorded at the wrong table")
