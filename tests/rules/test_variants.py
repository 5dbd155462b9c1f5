import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules.cards import CardError, parse_cards
from tables.rules.hands import category_name, describe, evaluate
from tables.rules.variants import (
    ThreeCardCategory,
    describe_low,
    eight_or_better,
    high_value_with_bug,
    low_value,
    omaha_high,
    omaha_low,
    three_card_value,
)


def low(text, game="ace_to_five"):
    return low_value(parse_cards(text, jokers=True), game)


# --- RULES.md 1: low rankings -------------------------------------------------------

def test_rules_ace_to_five_best_hand_is_the_wheel_and_ignores_straights_and_flushes():
    assert low("5h 4h 3h 2h Ah") == low("5d 4c 3h 2s As")
    assert low("5d 4c 3h 2s As") > low("6d 4c 3h 2s As") > low("7s 5h 4d 3c 2s")
    assert describe_low(parse_cards("5d 4c 3h 2s As")) == "five-four low"


def test_rules_ace_to_five_pairs_are_bad():
    assert low("Kd Qc Jh 9s 8s") > low("2d 2c 3h 4s 5s")


def test_rules_deuce_to_seven_best_hand_is_seven_five_four_three_two():
    best = low("7s 5h 4d 3c 2s", "deuce_to_seven")
    every_other = [low(" ".join(h), "deuce_to_seven") for h in
                   [("7s", "6h", "4d", "3c", "2s"), ("8s", "5h", "4d", "3c", "2s"),
                    ("As", "5h", "4d", "3c", "2s"), ("6s", "5h", "4d", "3c", "2s")]]
    assert all(best > other for other in every_other)


def test_rules_deuce_to_seven_a5432_is_ace_high_not_a_straight():
    wheel = parse_cards("As 5h 4d 3c 2s")
    assert describe_low(wheel, "deuce_to_seven") == "ace-five low"
    assert low("As 5h 4d 3c 2s", "deuce_to_seven") > low("6s 5h 4d 3c 2h", "deuce_to_seven")
    assert low("As 5h 4d 3c 2s", "deuce_to_seven") < low("Ks Qh Jd 9c 8h", "deuce_to_seven")


def test_rules_deuce_to_seven_straights_and_flushes_count_against_you():
    assert low("8s 6s 4s 3s 2s", "deuce_to_seven") < low("Ks Qh Jd 9c 8h", "deuce_to_seven")
    assert describe_low(parse_cards("6s 5h 4d 3c 2h"), "deuce_to_seven") == "six-high straight"


def test_rules_ace_to_six_best_hand_is_six_four_three_two_ace():
    assert low("6d 4c 3h 2s As", "ace_to_six") > low("7d 4c 3h 2s As", "ace_to_six")
    assert low("6d 4c 3h 2s As", "ace_to_six") > low("5d 4c 3h 2s As", "ace_to_six")
    assert describe_low(parse_cards("5d 4c 3h 2s As"), "ace_to_six") == "five-high straight"


def test_rules_eight_or_better_needs_five_distinct_ranks_of_eight_or_below():
    assert eight_or_better(parse_cards("8s 7h 4d 3c 2s")) is not None
    assert eight_or_better(parse_cards("9s 7h 4d 3c 2s")) is None
    assert eight_or_better(parse_cards("7s 7h 4d 3c 2s")) is None
    seven_cards = parse_cards("Ks Qh 8d 6c 4s 2h Ad")
    assert eight_or_better(seven_cards) == low("8d 6c 4s 2h Ad")


def test_the_joker_is_wild_in_deuce_to_seven():
    assert low("Xx 5h 4d 3c 2s", "deuce_to_seven") == low("7s 5h 4d 3c 2s", "deuce_to_seven")


# --- Omaha --------------------------------------------------------------------------

def test_rules_omaha_uses_exactly_two_hole_cards_and_three_board_cards():
    board = parse_cards("As Ks Qs Js 2d")
    # One spade in hand: no flush (it would need four board spades), and Ts alone is no royal.
    hole = parse_cards("Ts 9h 4c 3c")
    assert category_name(omaha_high(hole, board)) == "straight"
    assert category_name(evaluate([*hole[:1], *board])) == "royal_flush"


def test_omaha_four_of_a_kind_on_board_does_not_count():
    assert category_name(omaha_high(parse_cards("2c 3d 8h 9s"),
                                    parse_cards("Kc Kd Kh Ks 5d"))) == "three_of_a_kind"


def test_omaha_low_needs_two_low_hole_cards():
    board = parse_cards("2c 3d 5h Ks Qd")
    assert omaha_low(parse_cards("Ah 4c Kd Qc"), board) == low("Ah 4c 2c 3d 5h")
    assert omaha_low(parse_cards("Ah Kc Kd Qc"), board) is None


@settings(max_examples=200)
@given(st.lists(st.integers(0, 51), min_size=9, max_size=9, unique=True))
def test_omaha_high_is_the_best_of_the_sixty_two_plus_three_hands(cards):
    hole, board = cards[:4], cards[4:]
    brute = max(evaluate([*two, *three]) for two in itertools.combinations(hole, 2)
                for three in itertools.combinations(board, 3))
    assert omaha_high(hole, board) == brute


# --- Jokers as the bug --------------------------------------------------------------

def test_the_bug_completes_a_royal_flush():
    assert category_name(high_value_with_bug(parse_cards("Ks Qs Js Ts Xx", jokers=True))) \
        == "royal_flush"


def test_the_bug_completes_a_straight_or_flush_else_is_an_ace():
    assert category_name(high_value_with_bug(parse_cards("9c 8d 7h 6s Xx", jokers=True))) \
        == "straight"
    assert category_name(high_value_with_bug(parse_cards("9h 7h 4h 2h Xx", jokers=True))) \
        == "flush"
    # Not a wild card: it cannot make the kings into trips, only an ace.
    assert describe(high_value_with_bug(parse_cards("Ks Kd 7h 4c Xx", jokers=True))) \
        == "pair of kings"
    assert describe(high_value_with_bug(parse_cards("As Kd 7h 4c Xx", jokers=True))) \
        == "pair of aces"


def test_the_bug_with_four_aces_makes_five_aces_above_a_royal_flush():
    five_aces = high_value_with_bug(parse_cards("As Ad Ah Ac Xx", jokers=True))
    assert category_name(five_aces) == "five_of_a_kind"
    assert five_aces > evaluate(parse_cards("As Ks Qs Js Ts"))


def test_two_jokers_are_refused():
    with pytest.raises(CardError, match="Only one joker"):
        high_value_with_bug(parse_cards("As Ad Xx Xx 2c", jokers=True))


# --- Three-card hands ---------------------------------------------------------------

def three(text, **kw):
    return three_card_value(parse_cards(text), **kw)


def test_rules_three_card_hands_with_straights_and_flushes():
    ladder = ["Qs Kd Ac", "As 2d 3c", "Kh 9h 2h", "Ah Kd 2c", "Qh Qd Ac", "Ah Kd Jc"]
    categories = [three(h)[0] for h in ladder]
    assert categories == [ThreeCardCategory.STRAIGHT, ThreeCardCategory.STRAIGHT,
                          ThreeCardCategory.FLUSH, ThreeCardCategory.HIGH_CARD,
                          ThreeCardCategory.PAIR, ThreeCardCategory.HIGH_CARD]
    order = ["Ah Kd Jc", "Qh Qd Ac", "Kh 9h 2h", "As 2d 3c", "Qs Kd Ac", "2s 2d 2c",
             "Js Qs Ks"]
    assert [three(h) for h in order] == sorted(three(h) for h in order)


def test_rules_three_card_hands_without_straights_and_flushes():
    assert three("Qs Kd Ac", straights_and_flushes=False)[0] == ThreeCardCategory.HIGH_CARD
    assert three("Qs Qd 2c", straights_and_flushes=False) > three(
        "As Kd Qc", straights_and_flushes=False)
    assert three("2s 2d 2c", straights_and_flushes=False) > three(
        "As Ad Kc", straights_and_flushes=False)
