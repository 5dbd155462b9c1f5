"""The plain way to count stud deals: deal every one (for a reduced deck only).

Every player hand, every up card, every completion of the dealer's hand, compared one
by one (numpy does the comparing, 3,003-odd dealer hands at a time). It is the check on
``stud_deals``: for a deck of 20 cards it deals 232 million deals in seconds, and for
the full deck it would take days, which is why ``stud_deals`` exists.
"""

from __future__ import annotations

import itertools
from math import comb

import numpy as np

from tables.rules.batch import evaluate5_batch
from tables.rules.stud_deals import DealCounts, Deck, rank_key

Signature = tuple[int, bool, int, int]  # ranks key, flush, up rank, ranks held in up suit


def _values_by_mask(cards: tuple[int, ...]) -> np.ndarray:
    combos = np.array(list(itertools.combinations(range(len(cards)), 5)), dtype=np.int64)
    values = evaluate5_batch(np.array(cards, dtype=np.int64)[combos])
    table = np.zeros(1 << len(cards), dtype=np.uint16)
    table[(1 << combos).sum(axis=1)] = values
    return table


def brute_force(deck: Deck, qualifier: int) -> dict[Signature, list[int]]:
    """Signature -> [pairs, not qualified, dealer loses, ties, dealer wins] (the counts per
    pair, which every pair of a signature must share)."""
    cards = deck.cards()
    n = len(cards)
    if n > 22:
        raise ValueError(f"a deck of {n} cards is too big to deal out one by one")
    values = _values_by_mask(cards)
    dealer_combos = np.array(list(itertools.combinations(range(n - 5), 5)), dtype=np.int64)
    holds = np.zeros((len(dealer_combos), n - 5))  # float: BLAS multiplies it, exactly
    np.put_along_axis(holds, dealer_combos, 1, axis=1)  # dealer hand -> its up-card choices
    found: dict[Signature, list[int]] = {}
    for player in itertools.combinations(range(n), 5):
        player_mask = sum(1 << i for i in player)
        mine = int(values[player_mask])
        rest = np.array([i for i in range(n) if i not in player], dtype=np.int64)
        hands = rest[dealer_combos]
        dealer = values[(1 << hands).sum(axis=1)].astype(np.int64)
        classes = np.eye(4)[_classes(dealer, mine, qualifier)]
        by_up = (holds.T @ classes).astype(np.int64).tolist()
        player_cards = [cards[i] for i in player]
        for up, counts in zip(rest.tolist(), by_up, strict=True):
            _add(found, _signature(player_cards, cards[up]), counts)
    expected = comb(n - 6, 4)
    assert all(sum(v[1:]) == expected for v in found.values())
    return found


def _classes(dealer: np.ndarray, mine: int, qualifier: int) -> np.ndarray:
    """0 not qualified, 1 dealer loses, 2 tie, 3 dealer wins."""
    qualified = dealer >= qualifier
    return np.where(~qualified, 0, np.where(dealer < mine, 1, np.where(dealer == mine, 2, 3)))


def _signature(player: list[int], up: int) -> Signature:
    ranks = [c >> 2 for c in player]
    counts = [ranks.count(r) for r in range(13)]
    flush = len({c & 3 for c in player}) == 1 and max(counts) == 1
    suited = sum(1 << (c >> 2) for c in player if c & 3 == up & 3)
    return rank_key(counts), flush, up >> 2, suited


def _add(found: dict, signature: Signature, counts: list[int]) -> None:
    row = found.get(signature)
    if row is None:
        found[signature] = [1, *counts]
    elif row[1:] != counts:
        raise AssertionError(f"pairs of signature {signature} differ: {row[1:]} {counts}")
    else:
        row[0] += 1


def by_signature(counted: DealCounts) -> dict[Signature, list[int]]:
    """``count_deals``'s answer keyed and laid out as ``brute_force``'s, to compare."""
    return {(int(k), bool(f), int(u), int(s)): [int(p), int(a), int(b), int(c), int(d)]
            for k, f, u, s, p, a, b, c, d in zip(
                counted.ranks_key, counted.flush, counted.up_rank, counted.suited,
                counted.pairs, counted.not_qualified, counted.dealer_loses, counted.ties,
                counted.dealer_wins, strict=True)}
