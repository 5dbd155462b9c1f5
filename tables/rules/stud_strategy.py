"""What one decision cost against the optimal strategy, exactly.

For a player's five cards and the dealer's up card, a raise is worth its result over every
completion of the dealer's hand from the 46 cards unseen (163,185 of them), and a fold
loses the ante. ``stud_deals`` already counts, for each *signature* (the player's ranks,
whether he holds a flush, the up card's rank, which of his ranks share the up card's
suit), how many completions fail to qualify, lose, tie and win; ``stud_par.raise_values``
turns them into money at a paytable and an ante. So a hand's cost is a lookup: its
signature's row, the better of raise and fold, less the one taken. The rows are found by
binary search over the signatures' keys, sorted once per deck and qualifier.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

import numpy as np

from tables.rules.stud_deals import FULL_DECK, DealCounts, Deck, rank_key
from tables.rules.stud_par import ante_in_cents, deal_counts, raise_values, wins_in_cents

KEEP = 8  # (paytable terms, ante) value arrays kept: 9 MB each
_SORTED: dict[tuple[str, Deck], tuple[np.ndarray, np.ndarray]] = {}
_VALUES: dict[tuple, np.ndarray] = {}


@dataclass(frozen=True)
class Decision:
    """What the raise and the fold were each worth (in the currency, over the dealer's
    unseen cards), which was better, and what the decision taken cost against it."""

    raise_value: Fraction
    fold_value: Fraction
    raised: bool

    @property
    def best_is_raise(self) -> bool:
        return self.raise_value > self.fold_value  # a fold when they are equal, as stud_par

    @property
    def cost(self) -> Fraction:
        taken = self.raise_value if self.raised else self.fold_value
        return max(self.raise_value, self.fold_value) - taken


def _key(ranks_key, flush, up_rank, suited):
    return ((ranks_key * 2 + flush) * 13 + up_rank) * 8192 + suited


def signature(cards: Sequence[int], up: int) -> tuple[int, bool, int, int]:
    """(ranks key, flush, up rank, ranks in the up card's suit) of a hand (cards as
    rank * 4 + suit) and an up card."""
    ranks = [c >> 2 for c in cards]
    counts = [ranks.count(r) for r in range(13)]
    flush = len({c & 3 for c in cards}) == 1 and max(counts) == 1
    suited = sum(1 << (c >> 2) for c in cards if c & 3 == up & 3)
    return rank_key(counts), flush, up >> 2, suited


def _rows(qualifier: str, deck: Deck) -> tuple[DealCounts, np.ndarray, np.ndarray]:
    counts = deal_counts(qualifier, deck)
    key = (str(qualifier).strip().upper(), deck)
    if key not in _SORTED:
        keys = _key(counts.ranks_key.astype(np.int64), counts.flush.astype(np.int64),
                    counts.up_rank.astype(np.int64), counts.suited.astype(np.int64))
        order = np.argsort(keys, kind="stable")
        _SORTED[key] = (keys[order], order)
    return counts, *_SORTED[key]


def _values(counts: DealCounts, odds: Mapping[str, int], max_payout: Decimal | None,
            qualifier: str, ante_cents: int) -> np.ndarray:
    key = (tuple(sorted(odds.items())), max_payout, qualifier, ante_cents, counts.deck)
    if key not in _VALUES:
        if len(_VALUES) >= KEEP:
            _VALUES.pop(next(iter(_VALUES)))
        _VALUES[key] = raise_values(counts, wins_in_cents(odds, max_payout, ante_cents),
                                    ante_cents)
    return _VALUES[key]


def decision(odds: Mapping[str, int], max_payout: Decimal | None, qualifier: str,
             ante: Decimal, cards: Sequence[int], up: int, raised: bool,
             deck: Deck = FULL_DECK) -> Decision:
    """A player's decision with ``cards`` against the up card ``up`` at this paytable and
    ante: both choices' worth and the one taken."""
    counts, keys, order = _rows(qualifier, deck)
    wanted = _key(*signature(cards, up))
    at = int(np.searchsorted(keys, wanted))
    if at >= len(keys) or keys[at] != wanted:
        raise ValueError("no such hand and up card in this deck")
    row = int(order[at])
    cents = ante_in_cents(ante)
    values = _values(counts, odds, max_payout, qualifier, cents)
    completions = deck.completions
    return Decision(raise_value=Fraction(int(values[row]), completions * 100),
                    fold_value=Fraction(-cents, 100), raised=raised)
