"""A few weeks of play for the demo casino, recorded through the same services the
dealers' pages use, each on the clock of the moment it happened: stud rounds with
side wagers (and the hits they make), card-room hands and time, a few voids and a
meter correction. Reproducible: the cards come from a seeded shuffle."""

from __future__ import annotations

import contextlib
import datetime as dt
import random
from decimal import Decimal

import time_machine

from payouts.jackpots import services as progressives
from payouts.jackpots.settlement import settle_pending_hits
from tables.floor.models import Game, Table
from tables.poker.services import poker_hand_record, poker_hand_void, time_collection_record
from tables.rules.cards import DECK, card_str
from tables.rules.hands import category_name, evaluate
from tables.stud.services import stud_round_record, stud_round_void

ACE, KING = 12, 11


@contextlib.contextmanager
def clock_at(moment: dt.datetime):
    """Every clock of the process stands at ``moment``: the services' timezone.now and
    the models' defaults alike."""
    with time_machine.travel(moment, tick=False):
        yield


def _stud_body(rng: random.Random, seats: int, jackpot: bool) -> dict:
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
    return {"dealer_cards": [card_str(c) for c in hands[0]], "seats": plays}


def _stud_day(rng, tables, dealer, day_start: dt.datetime, rounds: int) -> list:
    recorded = []
    for table in tables:
        for n in range(rounds):
            moment = day_start + dt.timedelta(minutes=20 + n * (1200 // rounds))
            with clock_at(moment):
                round_, _ = stud_round_record(
                    actor=dealer, table=table,
                    **_stud_body(rng, rng.randint(3, 6), table.progressive_id is not None))
                if table.progressive_id and round_.jackpot_hits.exists():
                    settle_pending_hits(table.progressive_id)
            recorded.append(round_)
    return recorded


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


def load_history(*, casinos, dealer, supervisor, days: int, today: dt.date,
                 jackpot=None, seed: int = 2026) -> int:
    """Record ``days`` gaming days before ``today`` at every demo table; returns how many
    rounds and hands were recorded."""
    rng = random.Random(seed)
    count = 0
    for back in range(days, 0, -1):
        day = today - dt.timedelta(days=back)
        for casino in casinos:
            start = casino.day_bounds(day)[0] + dt.timedelta(hours=4)   # 10:00 local
            tables = list(Table.objects.filter(casino=casino).select_related("rake_schedule"))
            stud = [t for t in tables if t.game == Game.CARIBBEAN_STUD and t.paytable_id]
            poker = [t for t in tables if t.game != Game.CARIBBEAN_STUD and t.rake_schedule_id]
            rounds = _stud_day(rng, stud, dealer, start, rng.randint(6, 10))
            hands = _poker_day(rng, poker, dealer, start, rng.randint(8, 14))
            count += len(rounds) + len(hands)
            _corrections(rng, supervisor, start, rounds, hands)
        if jackpot is not None and back == days // 2:
            with clock_at(casinos[0].day_bounds(day)[0] + dt.timedelta(hours=18)):
                jackpot.refresh_from_db()
                progressives.progressive_correct(
                    actor=supervisor, progressive=jackpot, meter="meter",
                    new_balance=jackpot.amount + Decimal("25.00"),
                    reason="meter read 25 short after the controller restart")
    return count


def _corrections(rng, supervisor, start, rounds, hands) -> None:
    """Now and then a supervisor voids a round or a hand, the same day or the next."""
    if rounds and rng.random() < 0.3:
        with clock_at(start + dt.timedelta(hours=rng.choice((12, 22)))):
            stud_round_void(actor=supervisor, round_=rng.choice(rounds),
                            reason="dealt from the wrong shoe")
    if hands and rng.random() < 0.3:
        with clock_at(start + dt.timedelta(hours=rng.choice((12, 22)))):
            poker_hand_void(actor=supervisor, hand=rng.choice(hands),
                            reason="pot recorded at the wrong table")
