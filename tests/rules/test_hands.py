import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules import hands
from tables.rules.batch import evaluate5_batch, evaluate7_batch
from tables.rules.cards import parse_cards
from tables.rules.hands import Category, category_name, describe, evaluate, evaluator
from tests.rules.reference import reference_key

# Its module-scoped figures are computed once: its tests stay on one worker (bin/test).
pytestmark = pytest.mark.xdist_group("hands")

RULES_COUNTS = {
    Category.STRAIGHT_FLUSH: 40, Category.FOUR_OF_A_KIND: 624, Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108, Category.STRAIGHT: 10_200, Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552, Category.ONE_PAIR: 1_098_240, Category.HIGH_CARD: 1_302_540,
}


def value(text: str) -> int:
    return evaluate(parse_cards(text))


@pytest.fixture(scope="module")
def all_values(all_five_card_hands):
    return evaluate5_batch(all_five_card_hands)


def test_all_2598960_hands_fall_in_the_categories_of_the_rules(all_values):
    categories = np.array([int(hands.category_of(v)) for v in range(1, 7463)])[all_values - 1]
    counts = {Category(c): int(n) for c, n in zip(*np.unique(categories, return_counts=True),
                                                   strict=True)}

    assert counts == RULES_COUNTS
    assert int((all_values == hands.ROYAL_FLUSH).sum()) == 4


def test_the_2598960_hands_take_7462_distinct_values(all_values):
    assert len(np.unique(all_values)) == 7462
    assert (all_values.min(), all_values.max()) == (1, 7462)


def test_one_at_a_time_agrees_with_the_batch_on_every_five_card_hand(all_five_card_hands,
                                                                       all_values):
    evaluate5 = evaluator().evaluate5
    scalar = np.fromiter((evaluate5(hand) for hand in all_five_card_hands.tolist()),
                         dtype=np.uint16, count=len(all_values))
    assert np.array_equal(scalar, all_values)


def test_the_order_of_the_7462_values_matches_a_plain_reference(all_five_card_hands, all_values):
    _, first = np.unique(all_values, return_index=True)
    representatives = all_five_card_hands[first].tolist()  # one hand per value, ascending
    keys = [reference_key(hand) for hand in representatives]

    assert keys == sorted(keys)
    assert len(set(keys)) == 7462


def test_random_hands_order_like_the_reference():
    rng = random.Random(7)
    pairs = [(rng.sample(range(52), 5), rng.sample(range(52), 5)) for _ in range(50_000)]
    for a, b in pairs:
        ours = (evaluate(a) > evaluate(b)) - (evaluate(a) < evaluate(b))
        theirs = (reference_key(a) > reference_key(b)) - (reference_key(a) < reference_key(b))
        assert ours == theirs, (a, b)


def test_the_shipped_tables_match_the_rules():
    assert hands.build_tables() == hands.read_tables()


def test_the_seven_card_batch_agrees_with_one_at_a_time():
    rng = np.random.default_rng(3)
    cards = np.argsort(rng.random((20_000, 52)), axis=1)[:, :7]
    evaluate7 = evaluator().evaluate7
    assert evaluate7_batch(cards).tolist() == [evaluate7(h) for h in cards.tolist()]


def test_the_batch_refuses_bad_shapes_and_cards():
    with pytest.raises(ValueError, match=r"shape \(N, 5\)"):
        evaluate5_batch(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(ValueError, match="0-51"):
        evaluate7_batch(np.full((1, 7), 52))


# --- Properties ---------------------------------------------------------------------

hands_5_to_7 = st.integers(min_value=5, max_value=7).flatmap(
    lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))


@settings(max_examples=500)
@given(hands_5_to_7, st.randoms(use_true_random=False))
def test_card_order_never_matters(cards, rnd):
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert evaluate(shuffled) == evaluate(cards)


@settings(max_examples=500)
@given(hands_5_to_7)
def test_best_of_six_or_seven_equals_brute_force(cards):
    evaluate5 = evaluator().evaluate5
    assert evaluate(cards) == max(evaluate5(five) for five in itertools.combinations(cards, 5))


# --- RULES.md section 1 -------------------------------------------------------------


def test_rules_royal_flush_is_the_ace_high_straight_flush():
    assert category_name(value("As Ks Qs Js Ts")) == "royal_flush"
    assert category_name(value("Ks Qs Js Ts 9s")) == "straight_flush"


def test_rules_the_wheel_is_the_lowest_straight():
    assert value("5d 4c 3h 2s As") < value("6d 5c 4h 3s 2s")
    assert category_name(value("5d 4c 3h 2s As")) == "straight"
    assert value("5d 4c 3h 2s As") > value("Ad Ac Ah Ks Qs")  # any straight beats trips


def test_rules_suits_never_break_ties():
    assert value("Ah Kh 9c 7d 2s") == value("As Ks 9d 7h 2c")
    assert value("As Ks Qs Js Ts") == value("Ah Kh Qh Jh Th")


def test_rules_two_pair_compares_top_pair_then_second_pair_then_kicker():
    assert value("Kd Kc 3h 3s 2c") > value("Qd Qc Jh Js Ac")
    assert value("Kd Kc 9h 9s 2c") > value("Kh Ks 8h 8s Ac")
    assert value("Kd Kc 9h 9s 4c") > value("Kh Ks 9d 9c 3c")


def test_rules_no_kickers_beyond_five_cards():
    board = "Ah Ad Kc Kd Qs"
    assert value(f"{board} 3c 2d") == value(f"{board} 4c 2s")


def test_rules_category_order_best_first():
    ladder = ["As Ks Qs Js Ts", "9h 9d 9c 9s 2d", "Kd Kh Ks 4c 4d", "Ah Jh 9h 5h 2h",
              "Ts 9h 8d 7c 6s", "Qs Qh Qd 5c 2d", "Js Jh 5d 5c 2d", "Ts Th 8d 5c 2d",
              "As Qh 8d 5c 2d"]
    values = [value(h) for h in ladder]
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize(("cards", "words"), [
    ("Kd Kh Ks 4c 4d", "kings full of fours"), ("As Ks Qs Js Ts", "royal flush"),
    ("9s 8s 7s 6s 5s", "nine-high straight flush"), ("5d 4c 3h 2s As", "five-high straight"),
    ("Js Jh 5d 5c 2d", "two pair, jacks and fives"), ("9s 9h Ad 5c 2d", "pair of nines"),
    ("As Qh 8d 5c 2d", "ace high"), ("Ah Jh 9h 5h 2h", "ace-high flush"),
    ("7c 7d 7h 7s 2d", "four sevens"), ("6c 6d 6h Ks 2d", "three sixes"),
])
def test_a_hand_is_said_in_words(cards, words):
    assert describe(value(cards)) == words
