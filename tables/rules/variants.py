"""Hand values beyond plain five-card high: low hands, Omaha, three-card hands, jokers.

Every function returns a value where **higher is better**, so pots are awarded the
same way whatever the game (``max`` wins). Low values are negated low keys; use
``describe_low`` for words.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from enum import IntEnum

from tables.rules.cards import JOKER, RANK_NAMES, RANK_PLURALS, CardError, rank_of, suit_of
from tables.rules.hands import (
    ACE,
    Category,
    category_of,
    class_values,
    evaluate,
    evaluator,
    straight_top,
)

# --- Low hands ---------------------------------------------------------------------

# Pair-based categories in low games, best (lowest) first.
_NO_PAIR, _PAIR, _TWO_PAIR, _TRIPS, _FULL_HOUSE, _QUADS = range(6)


def _pair_shape(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(category, ranks to compare, highest first) ignoring straights and flushes."""
    counts = Counter(ranks)
    # Most copies first, then the higher rank first: 'KK553' -> (K, 5, 3).
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    category = {
        (1, 1, 1, 1, 1): _NO_PAIR, (2, 1, 1, 1): _PAIR, (2, 2, 1): _TWO_PAIR,
        (3, 1, 1): _TRIPS, (3, 2): _FULL_HOUSE, (4, 1): _QUADS,
    }[tuple(shape)]
    return category, tuple(order)


def _low_rank(card: int, aces_low: bool) -> int:
    rank = rank_of(card)
    if aces_low:
        return 0 if rank == ACE else rank + 1  # ace=0, deuce=1, ..., king=12
    return rank


def _low_key(five: Sequence[int], game: str) -> tuple:
    """Smaller is better."""
    aces_low = game in ("ace_to_five", "ace_to_six")
    ranks = [_low_rank(c, aces_low) for c in five]
    category, order = _pair_shape(ranks)
    if game == "ace_to_five":
        return (category, order)
    # Straights and flushes count against the hand (deuce-to-seven, ace-to-six).
    is_flush = len({suit_of(c) for c in five}) == 1
    distinct = sorted(set(ranks))
    is_straight = len(distinct) == 5 and distinct[-1] - distinct[0] == 4
    # Ranks of a high hand: straight below flush below full house etc.
    if is_straight and is_flush:
        high_category = 8
    elif category == _QUADS:
        high_category = 7
    elif category == _FULL_HOUSE:
        high_category = 6
    elif is_flush:
        high_category = 5
    elif is_straight:
        high_category = 4
    else:
        high_category = {_TRIPS: 3, _TWO_PAIR: 2, _PAIR: 1, _NO_PAIR: 0}[category]
    return (high_category, order)


def _encode(key: tuple) -> int:
    category, order = key
    value = category
    for rank in (*order, *([0] * (5 - len(order)))):
        value = value * 16 + rank
    return value


LOW_GAMES = ("ace_to_five", "deuce_to_seven", "ace_to_six")


def low_value(cards: Sequence[int], game: str = "ace_to_five") -> int:
    """Best five-card low among 5-7 cards, as a value where higher is better."""
    if game not in LOW_GAMES:
        raise ValueError(f"unknown low game {game!r}; expected one of {LOW_GAMES}")
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a low hand is made from 5 to 7 cards, not {len(cards)}")
    if JOKER in cards:
        return _wild_low(cards, game)
    return -min(_encode(_low_key(five, game)) for five in itertools.combinations(cards, 5))


def best_low_five(cards: Sequence[int], game: str = "ace_to_five") -> tuple[int, ...]:
    return min(itertools.combinations(cards, 5), key=lambda five: _low_key(five, game))


def eight_or_better(cards: Sequence[int]) -> int | None:
    """The best ace-to-five low of five distinct ranks 8 or lower, or None."""
    best = None
    for five in itertools.combinations(cards, 5):
        ranks = {_low_rank(c, aces_low=True) for c in five}
        if len(ranks) == 5 and max(ranks) <= 7:  # 7 == the eight with aces low
            value = -_encode(_low_key(five, "ace_to_five"))
            best = value if best is None or value > best else best
    return best


def describe_low(cards: Sequence[int], game: str = "ace_to_five") -> str:
    """The best low in words: 'seven-five low', 'pair of fours', 'eight-high straight'."""
    five = best_low_five(cards, game)
    aces_low = game != "deuce_to_seven"
    category, order = _pair_shape([_low_rank(c, aces_low) for c in five])
    names = [RANK_NAMES[ACE if aces_low and r == 0 else r - aces_low] for r in order]
    plurals = [RANK_PLURALS[ACE if aces_low and r == 0 else r - aces_low] for r in order]
    high_category = _low_key(five, game)[0] if game != "ace_to_five" else None
    if high_category == 8:
        return f"{names[0]}-high straight flush"
    if high_category == 5:
        return f"{names[0]}-high flush"
    if high_category == 4:
        return f"{names[0]}-high straight"
    return {
        _NO_PAIR: lambda: f"{names[0]}-{names[1]} low",
        _PAIR: lambda: f"pair of {plurals[0]}",
        _TWO_PAIR: lambda: f"two pair, {plurals[0]} and {plurals[1]}",
        _TRIPS: lambda: f"three {plurals[0]}",
        _FULL_HOUSE: lambda: f"{plurals[0]} full of {plurals[1]}",
        _QUADS: lambda: f"four {plurals[0]}",
    }[category]()


def _wild_low(cards: Sequence[int], game: str) -> int:
    """A joker in lowball is wild: it becomes the card that makes the best low."""
    if list(cards).count(JOKER) != 1:
        raise CardError("Only one joker is allowed in a hand.", "Xx")
    others = [c for c in cards if c != JOKER]
    return max(low_value([*others, sub], game) for sub in range(52) if sub not in others)


# --- Jokers in high hands: the bug ------------------------------------------------

def high_value_with_bug(cards: Sequence[int]) -> int:
    """Best high hand where a joker is the bug: an ace, or any card that completes
    a straight, flush or straight flush. With four aces it makes five aces."""
    jokers = list(cards).count(JOKER)
    if jokers == 0:
        return evaluate(cards)
    if jokers > 1:
        raise CardError("Only one joker is allowed in a hand.", "Xx")
    others = [c for c in cards if c != JOKER]
    aces_held = sum(1 for c in others if rank_of(c) == ACE)
    if aces_held == 4:
        return class_values()[(Category.FIVE_OF_A_KIND, (ACE,))]
    best = 0
    for sub in range(52):
        if sub in others:
            continue
        value = evaluate([*others, sub])
        category = category_of(value)
        if rank_of(sub) == ACE or category in (Category.STRAIGHT, Category.FLUSH,
                                                Category.STRAIGHT_FLUSH):
            best = max(best, value)
    return best


# --- Omaha -------------------------------------------------------------------------


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best high hand of exactly two hole cards and exactly three board cards."""
    if len(hole) < 2 or len(board) < 3:
        raise ValueError("Omaha needs at least two hole cards and three board cards")
    evaluate5 = evaluator().evaluate5
    return max(
        evaluate5((*two, *three))
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    )


def omaha_best_low(hole: Sequence[int], board: Sequence[int]
                   ) -> tuple[int, tuple[int, ...]] | None:
    """(value, the five cards) of the best 8-or-better low of exactly two hole and three
    board cards, or None."""
    best = None
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            five = (*two, *three)
            value = eight_or_better(five)
            if value is not None and (best is None or value > best[0]):
                best = (value, five)
    return best


def omaha_low(hole: Sequence[int], board: Sequence[int]) -> int | None:
    """Best 8-or-better low of exactly two hole and three board cards, or None."""
    best = omaha_best_low(hole, board)
    return best[0] if best else None


# --- Three-card hands ----------------------------------------------------------------


class ThreeCardCategory(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5


def three_card_value(cards: Sequence[int], *, straights_and_flushes: bool = True
                     ) -> tuple[ThreeCardCategory, tuple[int, ...]]:
    """(category, tiebreak ranks) of a three-card hand; compare tuples, higher wins.

    With straights and flushes: high card < pair < flush < straight < trips <
    straight flush (RULES.md 1); A-2-3 is the lowest straight, Q-K-A the highest.
    """
    if len(cards) != 3:
        raise ValueError(f"a three-card hand has 3 cards, not {len(cards)}")
    ranks = sorted((rank_of(c) for c in cards), reverse=True)
    counts = Counter(ranks)
    if len(counts) == 1:
        return ThreeCardCategory.THREE_OF_A_KIND, (ranks[0],)
    if len(counts) == 2:
        pair = next(r for r, n in counts.items() if n == 2)
        kicker = next(r for r, n in counts.items() if n == 1)
        return ThreeCardCategory.PAIR, (pair, kicker)
    if not straights_and_flushes:
        return ThreeCardCategory.HIGH_CARD, tuple(ranks)
    flush = len({suit_of(c) for c in cards}) == 1
    top = None
    if ranks[0] - ranks[2] == 2:
        top = ranks[0]
    elif ranks == [ACE, 1, 0]:
        top = 1  # A-2-3: the three is the top card
    if top is not None and flush:
        return ThreeCardCategory.STRAIGHT_FLUSH, (top,)
    if top is not None:
        return ThreeCardCategory.STRAIGHT, (top,)
    if flush:
        return ThreeCardCategory.FLUSH, tuple(ranks)
    return ThreeCardCategory.HIGH_CARD, tuple(ranks)


__all__ = [
    "LOW_GAMES", "ThreeCardCategory", "best_low_five", "describe_low", "eight_or_better",
    "high_value_with_bug", "low_value", "omaha_best_low", "omaha_high", "omaha_low", "straight_top",
    "three_card_value",
]
