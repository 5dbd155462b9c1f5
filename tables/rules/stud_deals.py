"""Every Caribbean Stud deal counted exactly, without dealing them one by one.

A deal is the player's five cards, the dealer's up card and the dealer's four other
cards: 2,598,960 x 47 x 163,185 = 19,933,230,517,200 of them. What a raise is worth
depends only on how many of the dealer's 163,185 completions fail to qualify, lose to,
tie or beat the player's hand, so those four counts are found for every player hand and
up card, and the paytable is applied afterwards (``stud_par``).

How the counts are found, without looking at a dealer hand:

- *Inclusion-exclusion over the player's cards.* The dealer hands that hold the up card
  ``u`` and none of the player's cards P number
  ``sum over S subset of P of (-1)^|S| * #(hands holding S and u)``.
- *Suits matter only through flushes.* Ignoring flushes, how many hands hold a set of
  cards T and rank below a threshold depends only on T's ranks: one table per rank
  multiset (``_rank_tables``). Flushes are a correction that only applies when T is all
  one suit: the hands that are flushes but would rank below the threshold as plain
  ranks (``_flush_tables``).
- *Suit isomorphism.* What a player hand and up card are worth then depends only on the
  player's ranks, whether the hand is a flush, the up card's rank, and which of the
  player's ranks are in the up card's suit: about 1.1 million *signatures*, each with the
  number of (hand, up card) pairs it stands for.

The same code counts a reduced deck (fewer ranks, fewer suits), which a brute-force
enumeration (``brute_force``) can check completely.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from math import comb, prod

import numpy as np

from tables.rules.hands import best_of_flush_mask, best_of_rank_counts, class_values

VALUES = 7462  # distinct five-card values (no wild cards in stud)
Progress = Callable[[float, str], None]


@dataclass(frozen=True)
class Deck:
    """A deck of ``ranks`` (0 = deuce .. 12 = ace) in ``suits`` suits; the full deck by default."""

    ranks: tuple[int, ...] = tuple(range(13))
    suits: int = 4

    @property
    def size(self) -> int:
        return len(self.ranks) * self.suits

    @property
    def deals(self) -> int:
        """(player hand, up card, dealer completion) triples."""
        n = self.size
        return comb(n, 5) * (n - 5) * comb(n - 6, 4)

    @property
    def completions(self) -> int:
        return comb(self.size - 6, 4)

    def cards(self) -> tuple[int, ...]:
        return tuple(r * 4 + s for r in self.ranks for s in range(self.suits))


FULL_DECK = Deck()


@dataclass(frozen=True)
class DealCounts:
    """One row per signature (see the module's text); arrays of equal length.

    ``pairs`` is how many (player hand, up card) pairs the row stands for; ``below_q``,
    ``below`` and ``at_or_below`` count dealer completions ranking below the qualifier,
    below the player's hand and not above it.
    """

    deck: Deck
    qualifier: int
    pairs: np.ndarray
    value: np.ndarray      # the player's hand value
    ranks_key: np.ndarray  # the player's ranks, base-5 counts
    up_rank: np.ndarray
    suited: np.ndarray     # 13-bit mask: the player's ranks held in the up card's suit
    flush: np.ndarray
    not_qualified: np.ndarray
    dealer_loses: np.ndarray
    ties: np.ndarray
    dealer_wins: np.ndarray


def rank_key(counts) -> int:
    return sum(c * 5 ** r for r, c in enumerate(counts))


def _counts_of(ranks) -> tuple[int, ...]:
    counts = [0] * 13
    for r in ranks:
        counts[r] += 1
    return tuple(counts)


@dataclass(frozen=True)
class _RankHands:
    """The deck's 5-card rank multisets, ordered by their value as plain (non-flush) ranks."""

    counts: list[tuple[int, ...]]
    keys: np.ndarray
    plain: np.ndarray   # value when not a flush
    flush: np.ndarray   # value as a flush (0 when the ranks repeat)


@functools.cache
def _rank_hands(deck: Deck) -> _RankHands:
    values = class_values()
    found = []
    for combo in itertools.combinations_with_replacement(deck.ranks, 5):
        counts = _counts_of(combo)
        if max(counts) > deck.suits:
            continue
        plain = values[best_of_rank_counts(counts)]
        distinct = max(counts) == 1
        flush = values[best_of_flush_mask(sum(1 << r for r in combo))] if distinct else 0
        found.append((plain, counts, flush))
    found.sort()
    return _RankHands(
        counts=[c for _, c, _ in found],
        keys=np.array([rank_key(c) for _, c, _ in found], dtype=np.int64),
        plain=np.array([p for p, _, _ in found], dtype=np.int32),
        flush=np.array([f for _, _, f in found], dtype=np.int32),
    )


def _sub_multisets(counts: tuple[int, ...], largest: int):
    """(sub-multiset counts, how many card subsets have them) up to ``largest`` cards."""
    support = [r for r in range(13) if counts[r]]
    for picks in itertools.product(*(range(counts[r] + 1) for r in support)):
        size = sum(picks)
        if size == 0 or size > largest:
            continue
        sub = [0] * 13
        for r, k in zip(support, picks, strict=True):
            sub[r] = k
        yield tuple(sub), size


@dataclass(frozen=True)
class _Tables:
    """Per size k = 1..4 of a card set T: row keys (sorted), and cumulative counts.

    ``plain[k][row, p]``: hands holding T (by its ranks) whose plain value is among the
    ``p`` lowest plain values. ``flush[k][row, t]``: rank sets holding T's ranks (all
    distinct) that are flushes worth t or more but whose plain value is below t.
    """

    keys: dict[int, np.ndarray]
    plain: dict[int, np.ndarray]
    flush: dict[int, np.ndarray]


@functools.cache
def _tables(deck: Deck) -> _Tables:
    hands = _rank_hands(deck)
    subs: dict[int, dict[int, int]] = {k: {} for k in range(1, 5)}
    entries = []  # (size, sub key, position, ways, is flush-able rank set)
    for position, counts in enumerate(hands.counts):
        distinct = max(counts) == 1
        for sub, size in _sub_multisets(counts, 4):
            ways = prod(comb(deck.suits - sub[r], counts[r] - sub[r]) for r in range(13)
                        if counts[r])
            key = rank_key(sub)
            subs[size].setdefault(key, 0)
            entries.append((size, key, position, ways, distinct))
    keys = {k: np.array(sorted(subs[k]), dtype=np.int64) for k in subs}
    plain, flush = {}, {}
    for k in range(1, 5):
        rows = [e for e in entries if e[0] == k]
        row = np.searchsorted(keys[k], np.array([e[1] for e in rows], dtype=np.int64))
        position = np.array([e[2] for e in rows], dtype=np.int64)
        table = np.zeros((len(keys[k]), len(hands.counts) + 1), dtype=np.int32)
        np.add.at(table, (row, position + 1), np.array([e[3] for e in rows], dtype=np.int32))
        plain[k] = np.cumsum(table, axis=1, dtype=np.int32)
        del table
        flushing = np.array([e[4] for e in rows], dtype=bool)
        f_rows, f_pos = row[flushing], position[flushing]
        steps = np.zeros((len(keys[k]), VALUES + 3), dtype=np.int32)
        np.add.at(steps, (f_rows, hands.plain[f_pos] + 1), 1)
        np.add.at(steps, (f_rows, hands.flush[f_pos] + 1), -1)
        flush[k] = np.cumsum(steps, axis=1, dtype=np.int32).astype(np.uint16)
    return _Tables(keys, plain, flush)


@dataclass(frozen=True)
class _PlayerHands:
    """The deck's 5-rank multisets as player hands, with their distinct ranks by position."""

    counts: np.ndarray    # (n, 13)
    distinct: np.ndarray  # (n, 5) ranks, -1 past the last
    width: np.ndarray     # how many distinct ranks
    per_position: np.ndarray  # (n, 5) cards of each distinct rank


def _player_hands(hands: _RankHands) -> _PlayerHands:
    counts = np.array(hands.counts, dtype=np.int64)
    distinct = np.full((len(counts), 5), -1, dtype=np.int64)
    width = (counts > 0).sum(axis=1)
    for i, row in enumerate(hands.counts):
        ranks = [r for r in range(13) if row[r]]
        distinct[i, :len(ranks)] = ranks
    per_position = np.take_along_axis(counts, np.where(distinct >= 0, distinct, 0), axis=1)
    return _PlayerHands(counts, distinct, width, np.where(distinct >= 0, per_position, 0))


class _Lookup:
    """Cumulative counts by card-set size, looked up for many (key, threshold) at once."""

    def __init__(self, deck: Deck):
        self.hands = _rank_hands(deck)
        self.tables = _tables(deck)
        order = np.argsort(self.hands.keys)
        self.five_keys = self.hands.keys[order]
        self.five_plain = self.hands.plain[order]
        self.five_flush = self.hands.flush[order]

    def position(self, threshold: np.ndarray) -> np.ndarray:
        """How many plain values lie below each threshold."""
        return np.searchsorted(self.hands.plain, threshold, side="left")

    def plain_below(self, size: int, keys: np.ndarray, threshold: np.ndarray) -> np.ndarray:
        """Hands holding a card set with these ranks, ranking (as plain ranks) below t."""
        if size == 5:
            at = np.searchsorted(self.five_keys, keys)
            return (self.five_plain[at] < threshold).astype(np.int64)
        rows = np.searchsorted(self.tables.keys[size], keys)
        return self.tables.plain[size][rows, self.position(threshold)].astype(np.int64)

    def flush_shift(self, size: int, keys: np.ndarray, threshold: np.ndarray) -> np.ndarray:
        """Of those, the one-suit hands that are flushes worth t or more."""
        if size == 5:
            at = np.searchsorted(self.five_keys, keys)
            plain, flush = self.five_plain[at], self.five_flush[at]
            return ((plain < threshold) & (threshold <= flush)).astype(np.int64)
        rows = np.searchsorted(self.tables.keys[size], keys)
        return self.tables.flush[size][rows, threshold].astype(np.int64)


POW5 = 5 ** np.arange(14, dtype=np.int64)


def _plain_part(deck: Deck, look: _Lookup, thresholds: np.ndarray,
                progress: Progress) -> np.ndarray:
    """Sum over the player's card subsets S of (-1)^|S| * hands holding S and the up card
    (plain ranks below each threshold): shape (player hands, 13 up ranks, thresholds)."""
    hands = look.hands
    owner, keys, sizes, weights = [], [], [], []
    for i, counts in enumerate(hands.counts):
        terms = [((0,) * 13, 0), *_sub_multisets(counts, 4)]  # the empty set is S = {}
        for sub, size in terms:
            owner.append(i)
            keys.append(rank_key(sub))
            sizes.append(size)
            weights.append((-1) ** size * prod(comb(counts[r], sub[r]) for r in range(13)
                                                if sub[r]))
    owner, keys = np.array(owner), np.array(keys, dtype=np.int64)
    sizes, weights = np.array(sizes), np.array(weights, dtype=np.int64)
    counts = np.array(hands.counts, dtype=np.int64)
    result = np.zeros((len(hands.counts), 13, thresholds.shape[1]), dtype=np.int64)
    for done, up in enumerate(deck.ranks):
        progress(0.25 + 0.45 * done / len(deck.ranks), "counting the dealer's hands")
        fits = counts[owner, up] < deck.suits
        for size in range(5):
            pick = fits & (sizes == size)
            who = owner[pick]
            for j in range(thresholds.shape[1]):
                found = look.plain_below(size + 1, keys[pick] + POW5[up], thresholds[who, j])
                result[:, up, j] += np.bincount(who, weights=found * weights[pick],
                                                minlength=len(counts)).astype(np.int64)
    return result


@dataclass
class _Signatures:
    hand: np.ndarray    # index of the player's rank multiset
    up: np.ndarray      # the up card's rank
    held: np.ndarray    # position mask (over the hand's distinct ranks) in the up suit
    flush: np.ndarray
    pairs: np.ndarray   # (hand, up card) pairs with the up card in one given suit


def _signatures(deck: Deck, players: _PlayerHands) -> _Signatures:
    n = len(players.counts)
    hand, up, held = np.meshgrid(np.arange(n), np.arange(13), np.arange(32), indexing="ij")
    hand, up, held = hand.ravel(), up.ravel(), held.ravel()
    in_deck = np.isin(up, deck.ranks) & (players.counts[hand, up] < deck.suits)
    keep = in_deck & (held < (1 << players.width[hand]))
    hand, up, held = hand[keep], up[keep], held[keep]
    distinct = players.distinct[hand]
    in_suit = ((held[:, None] >> np.arange(5)) & 1).astype(bool)
    keep = ~((distinct == up[:, None]) & in_suit).any(axis=1)
    hand, up, held, distinct, in_suit = (hand[keep], up[keep], held[keep], distinct[keep],
                                         in_suit[keep])
    others = deck.suits - 1
    per_rank = players.per_position[hand]
    ways = np.where(distinct < 0, 1, _binom(others, np.where(in_suit, per_rank - 1, per_rank)))
    pairs = ways.prod(axis=1)
    flush = np.zeros(len(hand), dtype=bool)
    five = players.width[hand] == 5
    all_held, none_held = five & (held == 31), five & (held == 0)
    pairs = np.where(all_held, 0, np.where(none_held, pairs - others, pairs))
    extra = np.flatnonzero(all_held | none_held)
    flush_pairs = np.where(all_held[extra], 1, others)
    sig = _Signatures(np.concatenate([hand, hand[extra]]), np.concatenate([up, up[extra]]),
                      np.concatenate([held, held[extra]]),
                      np.concatenate([flush, np.ones(len(extra), dtype=bool)]),
                      np.concatenate([pairs, flush_pairs]))
    live = sig.pairs > 0
    return _Signatures(*(getattr(sig, f)[live] for f in ("hand", "up", "held", "flush",
                                                         "pairs")))


def _binom(n: int, k: np.ndarray) -> np.ndarray:
    table = np.array([comb(n, i) for i in range(6)], dtype=np.int64)
    return np.where((k >= 0) & (k <= n), table[np.clip(k, 0, 5)], 0)


def _flush_part(look: _Lookup, sig: _Signatures, ranks: np.ndarray,
                thresholds: np.ndarray, progress: Progress) -> np.ndarray:
    """Sum over subsets m of the player's up-suit cards of (-1)^|m| * the flush shift of
    m and the up card: shape (signatures, thresholds)."""
    result = np.zeros(thresholds.shape, dtype=np.int64)
    bits = ((np.arange(32)[:, None] >> np.arange(5)) & 1).astype(bool)
    for sub in range(32):
        progress(0.75 + 0.25 * sub / 32, "counting the dealer's flushes")
        size = int(bits[sub].sum())
        if size > 4:
            continue
        pick = np.flatnonzero((sig.held & sub) == sub)
        keys = POW5[sig.up[pick]] + (POW5[ranks[pick][:, bits[sub]]]).sum(axis=1)
        for j in range(thresholds.shape[1]):
            shift = look.flush_shift(size + 1, keys, thresholds[pick, j])
            result[pick, j] += -shift if size % 2 else shift
    return result


def clear_caches() -> None:
    """Forget the rank tables (a benchmark times a cold start with this)."""
    _rank_hands.cache_clear()
    _tables.cache_clear()


def silent(fraction: float, words: str) -> None:
    pass


def count_deals(qualifier: int, deck: Deck = FULL_DECK, progress: Progress = silent
                ) -> DealCounts:
    """The dealer's completions in each class, for every player hand and up card.

    ``progress(fraction, words)`` hears how far it has come (0 to 1).
    """
    progress(0.0, "building the rank tables")
    look = _Lookup(deck)
    hands = look.hands
    players = _player_hands(hands)
    per_hand = np.stack([np.full(len(hands.plain), qualifier), hands.plain, hands.plain + 1,
                         hands.flush, hands.flush + 1], axis=1)
    plain = _plain_part(deck, look, per_hand, progress)
    progress(0.7, "sorting the hands by suit pattern")
    sig = _signatures(deck, players)
    value = np.where(sig.flush, hands.flush[sig.hand], hands.plain[sig.hand])
    columns = np.where(sig.flush[:, None], [0, 3, 4], [0, 1, 2])
    ranks = np.where(players.distinct[sig.hand] >= 0, players.distinct[sig.hand], 13)
    thresholds = np.stack([np.full(len(value), qualifier), value, value + 1], axis=1)
    below = plain[sig.hand[:, None], sig.up[:, None], columns] - _flush_part(
        look, sig, ranks, thresholds, progress)
    below_q, below_v, at_or_below = below.T
    total = deck.completions
    beaten = value >= qualifier
    suited = _suited_mask(sig.held, ranks)
    return DealCounts(
        deck=deck, qualifier=qualifier, pairs=sig.pairs * deck.suits, value=value,
        ranks_key=hands.keys[sig.hand], up_rank=sig.up, suited=suited, flush=sig.flush,
        not_qualified=below_q,
        dealer_loses=np.where(beaten, below_v - below_q, 0),
        ties=np.where(beaten, at_or_below - below_v, 0),
        dealer_wins=np.where(beaten, total - at_or_below, total - below_q),
    )


def _suited_mask(held: np.ndarray, ranks: np.ndarray) -> np.ndarray:
    in_suit = ((held[:, None] >> np.arange(5)) & 1).astype(bool) & (ranks < 13)
    return np.where(in_suit, 1 << np.clip(ranks, 0, 12), 0).sum(axis=1)
