"""A stud paytable's exact game math (its PAR sheet), from the counted deals.

``stud_deals.count_deals`` counts, once per dealer qualifier, how the dealer's
completions fall against every player hand and up card. A paytable (odds, cap) and an
ante then only weigh those counts: for each signature the raise is worth

    ante * (not qualified) + (ante + bet's win) * (dealer loses) - 3 * ante * (dealer wins)

against ``-ante`` per completion for a fold; the optimal player takes the larger (a fold
when they are equal, the smaller wager). Everything is summed in integers of cents, so
the figures are exact fractions of the 19,933,230,517,200 deals.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction

import numpy as np

from tables.rules.cards import RANKS
from tables.rules.hands import Category, category_name, describe, hand_classes
from tables.rules.stud import STUD_CATEGORIES, qualifier_value
from tables.rules.stud_deals import FULL_DECK, DealCounts, Deck, Progress, count_deals, silent

CHUNK = 10_000  # int64 partial sums stay far below 2**63 at this size


_COUNTED: dict[tuple[str, Deck], DealCounts] = {}
KEEP = 3  # qualifiers whose counts stay in memory (about 60 MB each)


def forget_counts() -> None:
    """Drop the kept counts (a benchmark times a first analysis with this)."""
    _COUNTED.clear()


def deal_counts(qualifier: str, deck: Deck = FULL_DECK, progress: Progress = silent
                ) -> DealCounts:
    """The counts for a qualifier ('AK', '22', ...), kept for the next paytable."""
    key = (str(qualifier).strip().upper(), deck)
    if key not in _COUNTED:
        if len(_COUNTED) >= KEEP:
            _COUNTED.pop(next(iter(_COUNTED)))
        _COUNTED[key] = count_deals(qualifier_value(qualifier), deck, progress)
    return _COUNTED[key]


@functools.cache
def category_of_value() -> np.ndarray:
    return np.array([0] + [STUD_CATEGORIES.index(category_name(v)) for v in range(1, 7463)],
                    dtype=np.int8)


def cap_binds(odds: Mapping[str, int], max_payout: Decimal | None, ante: Decimal) -> bool:
    """Whether the cap cuts some win at this ante (then the figures depend on the ante)."""
    return max_payout is not None and max_payout < 2 * ante * max(odds.values())


@dataclass(frozen=True)
class OutcomeLine:
    """One line of the outcome table: deals, their probability, their part of the return."""

    name: str
    deals: int
    probability: Fraction
    ante_multiple: Fraction  # what the hand returns, in antes (fold -1, a win 1 + odds * 2)
    contribution: Fraction   # probability * ante_multiple


@dataclass(frozen=True)
class StrategyCell:
    """A hand whose play depends on the up card, against one up-card rank: how many
    (hand, up card) pairs raise, and the rule (ace-king hands on an AK qualifier)."""

    raised: int
    pairs: int
    min_suited: int | None  # raise when this many of the hand's cards share the up suit

    @property
    def word(self) -> str:
        if self.raised == self.pairs:
            return "raise"
        if self.raised == 0:
            return "fold"
        if self.min_suited is not None:
            return f"raise with {self.min_suited}+ of its suit"
        return "depends on suits"


@dataclass(frozen=True)
class StrategyRow:
    hand: str                      # e.g. 'A K J 8 3'
    cells: tuple[StrategyCell, ...]  # up card 2 .. A


@dataclass(frozen=True)
class Strategy:
    """Optimal play in words: the rule for most hands, a table for the hands that depend
    on the dealer's up card."""

    always_raise: str
    always_fold: str
    rows: tuple[StrategyRow, ...]


@dataclass(frozen=True)
class ParSheet:
    ante: Decimal
    deals: int
    house_edge: Fraction          # per ante
    element_of_risk: Fraction     # per unit wagered (ante + raise)
    raise_rate: Fraction
    dealer_qualifies: Fraction
    variance: Fraction            # per hand, in antes squared
    outcomes: tuple[OutcomeLine, ...]
    strategy: Strategy
    house_strategy_edge: Fraction  # "raise ace-king or better"
    raise_all_edge: Fraction

    @property
    def std_dev(self) -> Decimal:
        with localcontext() as context:
            context.prec = 28
            return (Decimal(self.variance.numerator) / Decimal(self.variance.denominator)
                    ).sqrt()


def _exact_sum(values: np.ndarray) -> int:
    starts = np.arange(0, len(values), CHUNK)
    return sum(int(x) for x in np.add.reduceat(values, starts)) if len(values) else 0


def wins_in_cents(odds: Mapping[str, int], max_payout: Decimal | None,
                   ante_cents: int) -> np.ndarray:
    cap = None if max_payout is None else int(max_payout * 100)
    wins = [2 * ante_cents * int(odds[c]) for c in STUD_CATEGORIES]
    return np.array([w if cap is None else min(w, cap) for w in wins], dtype=np.int64)


def raise_values(counts: DealCounts, wins: np.ndarray, ante: int) -> np.ndarray:
    category = category_of_value()[counts.value]
    return (ante * counts.not_qualified.astype(np.int64)
            + (ante + wins[category]) * counts.dealer_loses.astype(np.int64)
            - 3 * ante * counts.dealer_wins.astype(np.int64))


def optimal_raises(counts: DealCounts, raise_value: np.ndarray, ante: int) -> np.ndarray:
    """Raise where the raise loses less than the fold (a fold when they are equal)."""
    return raise_value > -ante * counts.deck.completions


def strategy_of(odds: Mapping[str, int], max_payout: Decimal | None, qualifier: str,
                ante: Decimal, deck: Deck = FULL_DECK) -> tuple[DealCounts, np.ndarray]:
    """The counts and, per signature, whether the optimal player raises."""
    counts = deal_counts(qualifier, deck)
    ante_cents = ante_in_cents(ante)
    wins = wins_in_cents(odds, max_payout, ante_cents)
    return counts, optimal_raises(counts, raise_values(counts, wins, ante_cents), ante_cents)


def ante_in_cents(ante: Decimal) -> int:
    cents = int(ante * 100)
    if cents <= 0 or cents != ante * 100:
        raise ValueError(f"the ante must be a positive amount in cents, not {ante}")
    return cents


def _edge(counts: DealCounts, raise_value: np.ndarray, raised: np.ndarray,
          ante: int) -> Fraction:
    fold_value = -ante * counts.deck.completions
    per_pair = np.where(raised, raise_value, fold_value) * counts.pairs.astype(np.int64)
    return Fraction(-_exact_sum(per_pair), ante * counts.deck.deals)


def par_sheet(odds: Mapping[str, int], max_payout: Decimal | None, qualifier: str,
              ante: Decimal, deck: Deck = FULL_DECK, progress: Progress = silent
              ) -> ParSheet:
    """The exact figures for a paytable at an ante (ante in the currency, e.g. 10.00)."""
    counts = deal_counts(qualifier, deck, progress)
    ante_cents = ante_in_cents(ante)
    wins = wins_in_cents(odds, max_payout, ante_cents)
    raise_value = raise_values(counts, wins, ante_cents)
    raised = optimal_raises(counts, raise_value, ante_cents)
    edge = _edge(counts, raise_value, raised, ante_cents)
    pairs = counts.pairs.astype(np.int64)
    raise_rate = Fraction(int(pairs[raised].sum()), int(pairs.sum()))
    outcomes = _outcomes(counts, raised, wins, ante_cents)
    second_moment = sum(line.probability * line.ante_multiple ** 2 for line in outcomes)
    house = counts.value >= qualifier_value("AK")
    return ParSheet(
        ante=ante, deals=deck.deals, house_edge=edge,
        element_of_risk=edge / (1 + 2 * raise_rate), raise_rate=raise_rate,
        dealer_qualifies=1 - Fraction(_exact_sum(pairs * counts.not_qualified), deck.deals),
        variance=second_moment - edge ** 2, outcomes=outcomes,
        strategy=_strategy(counts, raised),
        house_strategy_edge=_edge(counts, raise_value, house, ante_cents),
        raise_all_edge=_edge(counts, raise_value, np.ones(len(raised), dtype=bool),
                             ante_cents),
    )


def _outcomes(counts: DealCounts, raised: np.ndarray, wins: np.ndarray,
              ante: int) -> tuple[OutcomeLine, ...]:
    pairs = counts.pairs.astype(np.int64)
    deals = counts.deck.deals
    in_play = np.where(raised, pairs, 0)
    category = category_of_value()[counts.value]
    lines = [("fold", int(pairs[~raised].sum()) * counts.deck.completions, Fraction(-1)),
             ("dealer_not_qualified", _exact_sum(in_play * counts.not_qualified), Fraction(1)),
             ("dealer_wins", _exact_sum(in_play * counts.dealer_wins), Fraction(-3)),
             ("push", _exact_sum(in_play * counts.ties), Fraction(0))]
    for index, name in enumerate(STUD_CATEGORIES):
        mine = in_play * (category == index)
        lines.append((f"win_{name}", _exact_sum(mine * counts.dealer_loses),
                      1 + Fraction(int(wins[index]), ante)))
    return tuple(OutcomeLine(name, n, Fraction(n, deals), multiple,
                             Fraction(n, deals) * multiple) for name, n, multiple in lines)


def _hand_words(key: int) -> str:
    ranks = [r for r in range(12, -1, -1) for _ in range(key // 5 ** r % 5)]
    return " ".join(RANKS[r] for r in ranks)


def _strategy(counts: DealCounts, raised: np.ndarray) -> Strategy:
    """Which hands raise against some up cards and fold against others, cell by cell."""
    plain = np.flatnonzero(~counts.flush)
    keys, where = np.unique(counts.ranks_key[plain], return_inverse=True)
    raises = np.bincount(where, weights=raised[plain], minlength=len(keys))
    sizes = np.bincount(where, minlength=len(keys))
    mixed = keys[(raises > 0) & (raises < sizes)]
    subset = plain[np.isin(counts.ranks_key[plain], mixed)]
    values = counts.value[subset]
    strongest = {int(k): int(values[counts.ranks_key[subset] == k].max()) for k in mixed}
    rows = []
    for key in sorted(mixed, key=lambda k: strongest[int(k)], reverse=True):
        mine = subset[counts.ranks_key[subset] == key]
        cells = tuple(_cell(counts, raised, mine[counts.up_rank[mine] == up])
                      for up in range(13))
        rows.append(StrategyRow(_hand_words(int(key)), cells))
    folded, ever = counts.value[~raised], counts.value[raised]
    lowest_sure = int(folded.max()) + 1 if len(folded) else 1
    return Strategy(always_raise=f"{value_words(lowest_sure)} or better",
                    always_fold=f"anything below {value_words(int(ever.min()))}"
                    if len(ever) else "every hand",
                    rows=tuple(rows))


def _cell(counts: DealCounts, raised: np.ndarray, where: np.ndarray) -> StrategyCell:
    pairs = counts.pairs[where].astype(np.int64)
    if not len(pairs):
        return StrategyCell(0, 0, None)
    suited = np.array([bin(int(s)).count("1") for s in counts.suited[where]])
    up_raised = raised[where]
    threshold = None
    for n in range(6):
        if (up_raised == (suited >= n)).all():
            threshold = n
            break
    return StrategyCell(int(pairs[up_raised].sum()), int(pairs.sum()), threshold)


def value_words(value: int) -> str:
    """A hand value as a supervisor reads a strategy line: 'A K J 8 3', 'a pair of twos'."""
    category, ranks = hand_classes()[value - 1]
    if category == Category.HIGH_CARD:
        return " ".join(RANKS[r] for r in ranks)
    return describe(value)
