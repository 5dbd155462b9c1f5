"""A Monte-Carlo cross-check of the exact figures: deal random rounds, play them.

Rounds are dealt in batches with numpy (a partial Fisher-Yates shuffle of each row),
both hands valued by ``batch.evaluate5_batch``, the player's choice looked up in the
exact strategy (or a fixed rule), and the payoff averaged. Its 99% interval must hold the
exact house edge; if it does not, one of the two is wrong.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

import numpy as np

from tables.rules.batch import evaluate5_batch
from tables.rules.stud import qualifier_value
from tables.rules.stud_deals import POW5, DealCounts
from tables.rules.stud_par import category_of_value, strategy_of, wins_in_cents

Z99 = 2.5758293035489  # two-sided 99% normal quantile
BATCH = 1 << 18


@dataclass(frozen=True)
class Simulation:
    rounds: int
    house_edge: float   # per ante
    std_error: float
    seconds: float

    @property
    def interval(self) -> tuple[float, float]:
        return (self.house_edge - Z99 * self.std_error, self.house_edge + Z99 * self.std_error)

    def holds(self, exact: float) -> bool:
        low, high = self.interval
        return low <= exact <= high

    @property
    def hands_per_second(self) -> float:
        return 2 * self.rounds / self.seconds  # a round values two hands


def _signature_keys(ranks_key, flush, up_rank, suited) -> np.ndarray:
    return ((ranks_key.astype(np.int64) * 2 + flush) * 13 + up_rank) * 8192 + suited


class _StrategyLookup:
    """The exact strategy's raise or fold for a dealt hand and up card, by signature."""

    def __init__(self, counts: DealCounts, raised: np.ndarray):
        keys = _signature_keys(counts.ranks_key, counts.flush, counts.up_rank, counts.suited)
        order = np.argsort(keys)
        self.keys, self.raised = keys[order], raised[order]

    def raises(self, player: np.ndarray, up: np.ndarray) -> np.ndarray:
        ranks, suits = player >> 2, player & 3
        ranks_key = POW5[ranks].sum(axis=1)
        flush = (suits == suits[:, :1]).all(axis=1)
        in_up_suit = suits == (up & 3)[:, None]
        suited = np.where(in_up_suit, 1 << ranks.astype(np.int64), 0).sum(axis=1)
        keys = _signature_keys(ranks_key, flush, up >> 2, suited)
        return self.raised[np.searchsorted(self.keys, keys)]


def _deal(rng: np.random.Generator, rounds: int) -> np.ndarray:
    deck = np.tile(np.arange(52, dtype=np.uint8), (rounds, 1))
    rows = np.arange(rounds)
    for i in range(10):
        j = rng.integers(i, 52, size=rounds)
        picked = deck[rows, j]
        deck[rows, j] = deck[:, i]
        deck[:, i] = picked
    return deck[:, :10]


def simulate(odds: Mapping[str, int], max_payout: Decimal | None, qualifier: str,
             ante: Decimal, rounds: int, *, seed: int = 2026,
             rule: str = "optimal") -> Simulation:
    """Play ``rounds`` random rounds; ``rule`` is 'optimal' or 'ace_king' (raise AK+)."""
    counts, raised = strategy_of(odds, max_payout, qualifier, ante)
    lookup = _StrategyLookup(counts, raised)
    q = qualifier_value(qualifier)
    ak = qualifier_value("AK")
    wins = wins_in_cents(odds, max_payout, int(ante * 100)) / float(ante * 100)
    rng = np.random.default_rng(seed)
    total = squares = 0.0
    start = time.perf_counter()
    for done in range(0, rounds, BATCH):
        cards = _deal(rng, min(BATCH, rounds - done))
        player, dealer = evaluate5_batch(cards[:, :5]), evaluate5_batch(cards[:, 5:])
        plays = lookup.raises(cards[:, :5], cards[:, 5]) if rule == "optimal" \
            else player >= ak
        payoff = _payoffs(player.astype(np.int32), dealer.astype(np.int32), plays, q, wins)
        total += payoff.sum()
        squares += (payoff * payoff).sum()
    seconds = time.perf_counter() - start
    mean = total / rounds
    variance = squares / rounds - mean * mean
    return Simulation(rounds, -mean, (variance / rounds) ** 0.5, seconds)


def _payoffs(player, dealer, plays, qualifier, wins) -> np.ndarray:
    category = category_of_value()[player]
    raised = np.where(dealer < qualifier, 1.0,
                      np.where(player > dealer, 1.0 + wins[category],
                               np.where(player == dealer, 0.0, -3.0)))
    return np.where(plays, raised, -1.0)
