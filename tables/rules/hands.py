"""Five-card high hands: categories, a total order, and a fast evaluator.

A hand's *value* is an int, higher is better: 1 (7-5-4-3-2 high) .. 7462 (royal
flush) for the 7,462 distinct five-card hands, and 7463..7475 for five of a kind
(wild cards only). Suits never break ties: equal values split.

Evaluation sums one key per card (after SKPokerEval): the rank keys are chosen
so that any 5, 6 or 7 ranks sum to a distinct number, and the suit keys count
cards per suit in 3-bit fields, so a sum tells at once whether there is a flush
and, if not, indexes the hand's value. The tables are computed by
``build_tables`` and shipped in ``data/high_hands.bin`` (regenerate with
``python -m tables.rules.hands``; a test checks the file against the rules);
they load on first use (``evaluator()``), never at import.
"""

from __future__ import annotations

import functools
import itertools
import struct
import sys
import zlib
from array import array
from collections.abc import Sequence
from enum import IntEnum
from pathlib import Path

from tables.rules.cards import RANK_NAMES, RANK_PLURALS


class Category(IntEnum):
    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def api_name(self) -> str:
        return self.name.lower()


ACE, KING, FIVE = 12, 11, 3
# Sum-unique rank keys for up to seven cards (Kenneth Shackleton's SKPokerEval).
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
# Smaller keys, unique for exactly five cards (found greedily; see docs/rules.md):
# the five-card table then fits a dense list of 360,919 entries.
RANK_KEYS_5 = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
SUIT_BITS = 3  # cards of one suit are counted in a 3-bit field (0..7)
SUIT_MASK = (1 << (4 * SUIT_BITS)) - 1


def straight_top(rank_mask: int) -> int | None:
    """The top rank of the best straight in a 13-bit rank mask (wheel: the five)."""
    for top in range(ACE, FIVE, -1):
        window = 0b11111 << (top - 4)
        if rank_mask & window == window:
            return top
    wheel = (1 << ACE) | 0b1111
    return FIVE if rank_mask & wheel == wheel else None


def _classes() -> list[tuple[int, tuple[int, ...]]]:
    """Every distinct five-card hand as (category, tiebreak ranks), weakest first."""
    classes: list[tuple[int, tuple[int, ...]]] = []
    ranks_desc = range(ACE, -1, -1)
    for five in itertools.combinations(ranks_desc, 5):
        mask = sum(1 << r for r in five)
        if straight_top(mask) is None:
            classes.append((Category.HIGH_CARD, five))
            classes.append((Category.FLUSH, five))
    for top in range(FIVE, ACE + 1):
        classes.append((Category.STRAIGHT, (top,)))
        classes.append((Category.STRAIGHT_FLUSH, (top,)))
    for pair in ranks_desc:
        others = [r for r in ranks_desc if r != pair]
        for kickers in itertools.combinations(others, 3):
            classes.append((Category.ONE_PAIR, (pair, *kickers)))
        for kickers in itertools.combinations(others, 2):
            classes.append((Category.THREE_OF_A_KIND, (pair, *kickers)))
        for other in others:
            classes.append((Category.FULL_HOUSE, (pair, other)))
            classes.append((Category.FOUR_OF_A_KIND, (pair, other)))
    for high, low in itertools.combinations(ranks_desc, 2):
        for kicker in ranks_desc:
            if kicker not in (high, low):
                classes.append((Category.TWO_PAIR, (high, low, kicker)))
    for rank in ranks_desc:
        classes.append((Category.FIVE_OF_A_KIND, (rank,)))
    classes.sort()
    return classes


@functools.cache
def hand_classes() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Index ``value - 1`` -> (category, tiebreak ranks)."""
    return tuple(_classes())


@functools.cache
def class_values() -> dict[tuple[int, tuple[int, ...]], int]:
    return {cls: i + 1 for i, cls in enumerate(hand_classes())}


DISTINCT_FIVE_CARD_HANDS = 7462
ROYAL_FLUSH = DISTINCT_FIVE_CARD_HANDS


def best_of_rank_counts(counts: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Best five-card class from rank counts (5-7 cards, flushes not considered)."""
    present = [r for r in range(ACE, -1, -1) if counts[r]]
    quads = [r for r in present if counts[r] >= 4]
    trips = [r for r in present if counts[r] == 3]
    pairs = [r for r in present if counts[r] == 2]
    if quads:
        quad = quads[0]
        return Category.FOUR_OF_A_KIND, (quad, next(r for r in present if r != quad))
    if trips and (len(trips) > 1 or pairs):
        return Category.FULL_HOUSE, (trips[0], max(trips[1:] + pairs))
    top = straight_top(sum(1 << r for r in present))
    if top is not None:
        return Category.STRAIGHT, (top,)
    if trips:
        return Category.THREE_OF_A_KIND, (trips[0], *[r for r in present if r != trips[0]][:2])
    if len(pairs) >= 2:
        high, low = pairs[:2]
        return Category.TWO_PAIR, (high, low, next(r for r in present if r not in (high, low)))
    if pairs:
        return Category.ONE_PAIR, (pairs[0], *[r for r in present if r != pairs[0]][:3])
    return Category.HIGH_CARD, tuple(present[:5])


def best_of_flush_mask(mask: int) -> tuple[int, tuple[int, ...]]:
    """Best five-card class from the ranks (13-bit mask, 5+ bits) of one suit."""
    top = straight_top(mask)
    if top is not None:
        return Category.STRAIGHT_FLUSH, (top,)
    ranks = [r for r in range(ACE, -1, -1) if mask >> r & 1]
    return Category.FLUSH, tuple(ranks[:5])


def _rank_multisets(n: int, rank: int = 0):
    """All rank-count vectors (max 4 per rank) holding n cards."""
    if rank == 12:
        if n <= 4:
            yield (n,)
        return
    for count in range(min(n, 4) + 1):
        for rest in _rank_multisets(n - count, rank + 1):
            yield (count, *rest)


class Evaluator:
    """The lookup tables, and evaluation functions that bind them as locals (speed)."""

    def __init__(self, rank_value: dict[int, dict[int, int]], flush_value: tuple[int, ...]):
        self.rank_value = rank_value
        self.flush_value = flush_value
        self.flush_suit = tuple(_suit_field_flush(f) for f in range(SUIT_MASK + 1))
        self.card_keys = tuple(
            (RANK_KEYS[c >> 2] << 12) | (1 << (SUIT_BITS * (c & 3))) for c in range(52))
        self.card_keys_5 = tuple(
            (RANK_KEYS_5[c >> 2] << 12) | (1 << (SUIT_BITS * (c & 3))) for c in range(52))
        dense5 = [0] * (max(rank_value[5]) + 1)
        for key, value in rank_value[5].items():
            dense5[key] = value
        self.rank5_dense = dense5
        self.evaluate5 = self._make_evaluate5()
        self.evaluate7 = self._make_evaluate7()

    def _make_evaluate5(self):
        def evaluate5(hand, keys=self.card_keys_5, flush_suit=self.flush_suit,
                      flush_value=self.flush_value, rank5=self.rank5_dense, bit=RANK_BIT):
            """Value of exactly five cards."""
            a, b, c, d, e = hand
            total = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]
            if flush_suit[total & 4095] < 0:
                return rank5[total >> 12]
            return flush_value[bit[a] | bit[b] | bit[c] | bit[d] | bit[e]]

        return evaluate5

    def _make_evaluate7(self):
        def evaluate7(hand, keys=self.card_keys, flush_suit=self.flush_suit,
                      flush_value=self.flush_value, rank7=self.rank_value[7], bit=RANK_BIT):
            """Value of the best five of exactly seven cards."""
            a, b, c, d, e, f, g = hand
            total = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
            suit = flush_suit[total & 4095]
            if suit < 0:
                return rank7[total >> 12]
            mask = 0
            for card in hand:
                if card & 3 == suit:
                    mask |= bit[card]
            return flush_value[mask]

        return evaluate7

    def evaluate(self, cards: Sequence[int]) -> int:
        """Value of the best five-card hand among 5, 6 or 7 cards."""
        n = len(cards)
        if n == 5:
            return self.evaluate5(cards)
        if n == 7:
            return self.evaluate7(cards)
        keys = self.card_keys
        total = 0
        for card in cards:
            total += keys[card]
        suit = self.flush_suit[total & SUIT_MASK]
        if suit < 0:
            return self.rank_value[n][total >> 12]
        mask = 0
        for card in cards:
            if card & 3 == suit:
                mask |= 1 << (card >> 2)
        return self.flush_value[mask]


RANK_BIT = tuple(1 << (c >> 2) for c in range(52))


def _suit_field_flush(field: int) -> int:
    for suit in range(4):
        if (field >> (SUIT_BITS * suit)) & 0b111 >= 5:
            return suit
    return -1


TABLES_FILE = Path(__file__).with_name("data") / "high_hands.bin"
_SIZES = struct.Struct("<4I")


def build_tables() -> tuple[dict[int, dict[int, int]], tuple[int, ...]]:
    """Compute the rank-sum and flush tables from the rules (about 1 s in CPython)."""
    values = class_values()
    flush_value = tuple(
        values[best_of_flush_mask(m)] if m.bit_count() >= 5 else 0 for m in range(1 << 13)
    )
    rank_value: dict[int, dict[int, int]] = {}
    for n in (5, 6, 7):
        rank_keys = RANK_KEYS_5 if n == 5 else RANK_KEYS
        table = {}
        for counts in _rank_multisets(n):
            key = sum(rank_keys[r] * k for r, k in enumerate(counts))
            table[key] = values[best_of_rank_counts(counts)]
        if len(table) != sum(1 for _ in _rank_multisets(n)):
            raise RuntimeError(f"rank keys collide for {n} cards")
        rank_value[n] = table
    return rank_value, flush_value


def write_tables(path: Path = TABLES_FILE) -> None:
    rank_value, flush_value = build_tables()
    parts = []
    for n in (5, 6, 7):
        keys = sorted(rank_value[n])
        parts += [array("I", keys), array("H", [rank_value[n][k] for k in keys])]
    parts.append(array("H", flush_value))
    if sys.byteorder == "big":
        for part in parts:
            part.byteswap()
    sizes = _SIZES.pack(*(len(rank_value[n]) for n in (5, 6, 7)), len(flush_value))
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(zlib.compress(sizes + b"".join(p.tobytes() for p in parts), 9))


def read_tables(path: Path = TABLES_FILE) -> tuple[dict[int, dict[int, int]], tuple[int, ...]]:
    raw = zlib.decompress(path.read_bytes())
    *counts, flush_len = _SIZES.unpack_from(raw)
    offset = _SIZES.size
    rank_value = {}

    def take(typecode: str, length: int) -> array:
        nonlocal offset
        part = array(typecode)
        part.frombytes(raw[offset:offset + length * part.itemsize])
        if sys.byteorder == "big":
            part.byteswap()
        offset += length * part.itemsize
        return part

    for n, length in zip((5, 6, 7), counts, strict=True):
        keys = take("I", length)
        rank_value[n] = dict(zip(keys, take("H", length), strict=True))
    return rank_value, tuple(take("H", flush_len))


@functools.cache
def evaluator() -> Evaluator:
    """Load the tables once (tens of milliseconds) and return the evaluator."""
    return Evaluator(*read_tables())


def evaluate(cards: Sequence[int]) -> int:
    """Value of the best five-card high hand among 5, 6 or 7 cards (no jokers)."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a high hand is evaluated from 5 to 7 cards, not {len(cards)}")
    return evaluator().evaluate(cards)


def category_of(value: int) -> Category:
    return Category(hand_classes()[value - 1][0])


def category_name(value: int) -> str:
    """The API's category name; a royal flush is named apart from other straight flushes."""
    return "royal_flush" if value == ROYAL_FLUSH else category_of(value).api_name


def describe(value: int) -> str:
    """The hand in words, as a dealer says it: 'kings full of fours'."""
    category, ranks = hand_classes()[value - 1]
    name, plural = RANK_NAMES, RANK_PLURALS
    if category == Category.STRAIGHT_FLUSH:
        return "royal flush" if ranks[0] == ACE else f"{name[ranks[0]]}-high straight flush"
    if category == Category.FIVE_OF_A_KIND:
        return f"five {plural[ranks[0]]}"
    if category == Category.FOUR_OF_A_KIND:
        return f"four {plural[ranks[0]]}"
    if category == Category.FULL_HOUSE:
        return f"{plural[ranks[0]]} full of {plural[ranks[1]]}"
    if category == Category.FLUSH:
        return f"{name[ranks[0]]}-high flush"
    if category == Category.STRAIGHT:
        return f"{name[ranks[0]]}-high straight"
    if category == Category.THREE_OF_A_KIND:
        return f"three {plural[ranks[0]]}"
    if category == Category.TWO_PAIR:
        return f"two pair, {plural[ranks[0]]} and {plural[ranks[1]]}"
    if category == Category.ONE_PAIR:
        return f"pair of {plural[ranks[0]]}"
    return f"{name[ranks[0]]} high"


if __name__ == "__main__":
    write_tables()
    print(f"wrote {TABLES_FILE}")
