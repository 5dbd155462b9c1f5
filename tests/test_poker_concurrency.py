"""Card-room tables recording at once: one shared bad-beat fund, kill decisions per
table. These tests commit for real (transactional database), so the row locks
behave as in production."""

import random
import time
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import pytest
from django.db import connection
from django.db.models import Sum

from payouts.terms import services as terms
from tables.floor.services import casino_create, table_create, table_set_poker_settings
from tables.poker.models import BadBeatEntry, BadBeatFund, PokerHand
from tables.poker.services import poker_hand_record
from tests.conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)

D = Decimal
TABLES, HANDS_PER_TABLE = 4, 40


@pytest.fixture
def card_room():
    boss = make_user("room_boss", "supervisor")
    casino = casino_create(actor=boss, name="Card room", currency="USD",
                                    timezone="America/New_York")
    schedule = terms.schedule_publish(
        actor=boss, schedule=terms.schedule_create(
            actor=boss, name="Ten, bad beat 1", percent=D(10), cap=D(5), cap_scope="pot",
            bad_beat_drop=D(1), bad_beat_min_pot=D(20), casino=casino))
    tables = []
    for n in range(TABLES):
        dealer = make_user(f"poker_dealer_{n}", "dealer")
        table = table_create(actor=boss, casino=casino, label=f"HE-{n}",
                                      game="holdem", status="open", dealers=[dealer])
        table_set_poker_settings(
            actor=boss, table=table, rake_schedule=schedule, structure="fixed_limit",
            small_bet=D(20), big_bet=D(40), big_blind=D(20), small_blind=D(10), kill="full",
            kill_trigger="pot_size")
        tables.append((table, dealer))
    return casino, tables


def random_hand(rng):
    deck = [r + s for r in "23456789TJQKA" for s in "shdc"]
    rng.shuffle(deck)
    players = rng.randint(2, 6)
    stacks = [D(rng.randint(5, 300)) for _ in range(players)]
    top = max(stacks)
    seats = []
    for n in range(players):
        folded = n > 0 and rng.random() < 0.3
        put_in = min(stacks[n], D(rng.randint(0, 40))) if folded else stacks[n]
        seats.append({"seat": n + 1, "put_in": put_in, "folded": folded,
                      "all_in": not folded and put_in < top,
                      "cards": None if folded else deck[5 + 2 * n: 7 + 2 * n]})
    return {"seats": seats, "board": deck[:5]}


def test_tables_recording_at_once_keep_the_bad_beat_fund_to_the_cent(card_room):
    casino, tables = card_room

    def deal(table_and_dealer, seed):
        table, dealer = table_and_dealer
        rng = random.Random(seed)
        try:
            for _ in range(HANDS_PER_TABLE):
                poker_hand_record(actor=dealer, table=table, **random_hand(rng))
        finally:
            connection.close()

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=TABLES) as pool:
        list(pool.map(deal, tables, range(TABLES)))
    elapsed = time.perf_counter() - started

    hands = PokerHand.objects.filter(table__casino=casino)
    assert hands.count() == TABLES * HANDS_PER_TABLE
    fund = BadBeatFund.objects.get(casino=casino)
    dropped = hands.aggregate(s=Sum("bad_beat_drop"))["s"]
    assert dropped > 0
    assert fund.balance == dropped
    assert BadBeatEntry.objects.filter(fund=fund).aggregate(s=Sum("amount"))["s"] == dropped
    # Each entry's running balance is the sum of the ledger up to it: no lost update.
    running = D(0)
    for entry in BadBeatEntry.objects.filter(fund=fund).order_by("id"):
        running += entry.amount
        assert entry.balance_after == running
    for hand in hands.prefetch_related("seats", "pots"):
        put_in = sum((s.put_in for s in hand.seats.all()), D(0))
        collected = sum((s.collects for s in hand.seats.all()), D(0))
        assert collected + hand.rake + hand.bad_beat_drop == put_in
        assert sum((p.amount for p in hand.pots.all()), D(0)) == hand.pot
    print(f"\n{TABLES} tables x {HANDS_PER_TABLE} full hands at once: {elapsed:.2f} s, "
          f"bad-beat fund {fund.balance}")
