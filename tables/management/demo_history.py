"""A few weeks of play for the demo casino, recorded through the same services the
dealers' pages use, each on the clock of the moment it happened: stud rounds with
side wagers (and the hits they make), card-room hands and time, a few voids and a
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
from tables.pit import selectors as pit_selectors
from tables.pit import services as pit_services
from tables.players import services as seating
from tables.players.models import Player
from tables.poker.services import poker_hand_record, poker_hand_void, time_collection_record
from tables.rules.cards import DECK, card_str
from tables.rules.hands import category_name, evaluate
from tables.stud.services import stud_round_record, stud_round_void

ACE, KING = 12, 11
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
        plays.append({"seat": n, "ante": str(rng.choice((5, 5, 10, 10, 25))) + ".00",
                      "decision": "raise" if pair_or_better or ace_king else "fold",
                      "cards": [card_str(c) for c in cards],
                      "progressive": jackpot and rng.random() < 0.6})
    dealt = [card_str(c) for c in hands[0]]
    return {"dealer_cards": dealt, "up_card": dealt[0], "seats": plays}


def _stud_day(rng, tables, dealer, day_start: dt.datetime, rounds: int,
              pit: list | None = None) -> list:
    """The day's stud rounds, table by table; each of the pit's steps at a table (``pit``:
    (moment, table, step)) is taken before the table's first round dealt at or after its
    moment, so that a rating closed at 16:00 stands on its table's rounds before it, as
    on the floor (a rating's figures are read from its rounds when it closes)."""
    recorded = []
    for table in tables:
        steps = sorted(((at, step) for at, where, step in pit or () if where == table.pk),
                       key=lambda taken: taken[0])
        for n in range(rounds):
            moment = day_start + dt.timedelta(minutes=20 + n * (1200 // rounds))
            body = stud_body(rng, rng.randint(3, 6), table.progressive_id is not None)
            while steps and steps[0][0] <= moment:
                _take(*steps.pop(0))
            with clock_at(moment):
                recorded.append(_deal(dealer, table, body))
        for step in steps:   # after the table's last round
            _take(*step)
    return recorded


def _take(moment: dt.datetime, step) -> None:
    with clock_at(moment):
        step()


def _deal(dealer, table, body: dict):
    round_, _ = stud_round_record(actor=dealer, table=table, **body)
    if table.progressive_id and round_.jackpot_hits.exists():
        settle_pending_hits(table.progressive_id)
    return round_


def _poker_day(rng, tables, dealer, day_start: dt.datetime, hands: int) -> list:
    recorded = []
    for table in tables:
        if table.rake_schedule.method == "time":
            for n in range(0, hands, 4):
                moment = day_start + dt.timedelta(hours=2, minutes=30 * n)
                with clock_at(moment + dt.timedelta(minutes=1)):
                    time_collection_record(actor=dealer, table=table, period_start=moment,
                                           seats=list(range(1, rng.randint(5, 9))))
            continue
        for n in range(hands):
            with clock_at(day_start + dt.timedelta(minutes=15 + n * (1100 // hands))):
                hand, _ = poker_hand_record(
                    actor=dealer, table=table,
                    pot=Decimal(rng.choice((12, 24, 45, 60, 85, 120, 160, 240))),
                    flop_dealt=rng.random() > 0.15, winner=rng.randint(1, 9))
            recorded.append(hand)
    return recorded


# Who the pit rates each day (issue 29): (card, table, seat), seated at 10:05 and gone at
# 20:30; Pat takes a break, Ann moves to CS-2 at 16:00 within her visit, Maria plays at
# Mayfair every other day; a barred player's seating is refused once.
RATED = [("10042", "CS-1", 1), ("10077", "CS-2", 2), ("10103", "CSP-1", 1),
         ("20005", "CS-1", 3)]
MOVES = {"20005": ("CS-2", 3)}
BARRED_TRY = ("10161", "CS-2", 4)


def _seat_players(supervisor, day_start: dt.datetime, casino, back: int) -> tuple[list, list]:
    """The day's ratings at the casino's tables, open at 10:05 (to close at 20:30), and the
    pit's steps of the day at their tables, to take between the rounds: a break at 13:00
    for the first, a move at 16:00 for the one who moves."""
    ratings, steps = [], []
    for card, label, seat in RATED:
        table = Table.objects.filter(casino=casino, label=label).first()
        if table is None or (label == "CSP-1" and back % 2):
            continue
        with clock_at(day_start + dt.timedelta(minutes=5)):
            ratings.append(seating.rating_open(actor=supervisor, table=table, seat=seat,
                                               player=Player.objects.get(card=card)))
    if ratings and ratings[0].player.card == RATED[0][0]:
        first = ratings[0]
        steps += [(day_start + dt.timedelta(hours=3), first.table_id,
                   partial(seating.rating_pause, actor=supervisor, rating=first)),
                  (day_start + dt.timedelta(hours=3, minutes=40), first.table_id,
                   partial(seating.rating_resume, actor=supervisor, rating=first))]
    for index, rating in enumerate(ratings):
        if rating.player.card in MOVES:
            label, seat = MOVES[rating.player.card]
            steps.append((day_start + dt.timedelta(hours=6), rating.table_id, partial(
                _move, supervisor, ratings, index,
                Table.objects.get(casino=casino, label=label), seat)))
    return ratings, steps


def _move(supervisor, ratings: list, index: int, table, seat: int) -> None:
    """He moves within his visit: the rating in his place in ``ratings`` is the next one."""
    ratings[index] = seating.rating_move(actor=supervisor, rating=ratings[index],
                                         table=table, seat=seat)


def _unseat(supervisor, ratings: list, day_start: dt.datetime) -> None:
    with clock_at(day_start + dt.timedelta(hours=10, minutes=30)):  # 20:30
        for rating in ratings:
            seating.rating_close(actor=supervisor, rating=rating)


def _barred_tries(supervisor, casino, day_start: dt.datetime) -> None:
    """A barred player asks for a seat once: refused, and the attempt recorded."""

    card, label, seat = BARRED_TRY
    table = Table.objects.filter(casino=casino, label=label).first()
    if table is not None:
        with clock_at(day_start + dt.timedelta(hours=7)), contextlib.suppress(ValidationError):
            seating.rating_open(actor=supervisor, table=table, seat=seat, card=card)


def _end_of_shift(supervisor, casino, dealer, start: dt.datetime) -> None:
    """His rounds put the dealer on the tables (the dealer who records at a table is the
    dealer on it); after the day's last, the supervisor sends him home from the last."""
    end = start + dt.timedelta(hours=20, minutes=30)
    with clock_at(end):
        if pit_selectors.on_the_floor(casino, end).get(dealer.pk) is not None:
            pit_services.dealer_clock_out(actor=supervisor, casino=casino, dealer=dealer)


def load_history(*, casinos, dealer, supervisor, days: int, today: dt.date,
                 jackpot=None, seed: int = 2026, after_day=None) -> int:
    """Record ``days`` gaming days before ``today`` at every demo table; returns how many
    rounds and hands were recorded. ``after_day(casino, back, start)``: what else happens
    once a day's ratings closed (the host's comps)."""
    rng = random.Random(seed)
    count = 0
    for back in range(days, 0, -1):
        day = today - dt.timedelta(days=back)
        for casino in casinos:
            start = casino.day_bounds(day)[0] + dt.timedelta(hours=4)   # 10:00 local
            tables = list(Table.objects.filter(casino=casino).select_related("rake_schedule"))
            stud = [t for t in tables if t.game == Game.CARIBBEAN_STUD and t.paytable_id]
            poker = [t for t in tables if t.game != Game.CARIBBEAN_STUD and t.rake_schedule_id]
            rated, steps = _seat_players(supervisor, start, casino, back)
            rounds = _stud_day(rng, stud, dealer, start, rng.randint(6, 10), pit=steps)
            _unseat(supervisor, rated, start)
            if after_day is not None:
                after_day(casino, back, start)
            if back == 3:
                _barred_tries(supervisor, casino, start)
            hands = _poker_day(rng, poker, dealer, start, rng.randint(8, 14))
            count += len(rounds) + len(hands)
            _corrections(rng, supervisor, start, rounds, hands)
            _end_of_shift(supervisor, casino, dealer, start)
        if jackpot is not None and back == days // 2:
            with clock_at(casinos[0].day_bounds(day)[0] + dt.timedelta(hours=18)):
                jackpot.refresh_from_db()
                progressives.progressive_correct(
                    actor=supervisor, progressive=jackpot, meter="meter",
                    new_balance=jackpot.amount + Decimal("25.00"),
                    reason="meter read 25 short after the controller restart")
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
            seating.revise_ratings()
    if hands and rng.random() < 0.3:
        with clock_at(start + dt.timedelta(hours=rng.choice((12, 22)))):
            poker_hand_void(actor=supervisor, hand=rng.choice(hands),
                            reason="pot recorded at the wrong table")
