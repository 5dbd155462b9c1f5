"""Random rounds played by the exact strategy: a cross-check of the exact figures, and
the one figure that cannot be counted exactly.

Rounds are dealt in batches with numpy (a partial Fisher-Yates shuffle of each row), every
hand valued by ``batch.evaluate5_batch``, each player's choice looked up in the exact
strategy (or a fixed rule), and the payoffs summed. ``simulate`` plays one seat: its 99%
interval must hold the exact house edge; if it does not, one of the two is wrong.
``seat_covariance`` plays two seats against one dealer hand: how their results move
together, which the hold review's band needs (``hold.py``) and which no count gives, since
three hands from one deck are too many deals to enumerate.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal

import numpy as np

from tables.rules.batch import evaluate5_batch
from tables.rules.stud import qualifier_value
from tables.rules.stud_deals import POW5, DealCounts, Progress, silent
from tables.rules.stud_par import category_of_value, strategy_of, wins_in_cents

Z99 = 2.5758293035489  # two-sided 99% normal quantile
BATCH = 1 << 18
HAND = 5
# The worker's covariance: about 2 s on two cores for a standard error near 0.005 antes²
# (under 1% of the US paytable's 0.556), and the same figure every time for the same terms.
COVARIANCE_ROUNDS = 2_000_000
COVARIANCE_SEED = 2026


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


def _deal(rng: np.random.Generator, rounds: int, cards: int = 10) -> np.ndarray:
    """The first ``cards`` cards of a shuffled deck, one row per round: only as many steps
    of Fisher-Yates as cards are needed."""
    deck = np.tile(np.arange(52, dtype=np.uint8), (rounds, 1))
    rows = np.arange(rounds)
    for i in range(cards):
        j = rng.integers(i, 52, size=rounds)
        picked = deck[rows, j]
        deck[rows, j] = deck[:, i]
        deck[:, i] = picked
    return deck[:, :cards]


class _Game:
    """What a dealt round needs to be settled: each player's choice, the qualifier, and
    what each category's win pays on the bet, in antes."""

    def __init__(self, odds: Mapping[str, int], max_payout: Decimal | None, qualifier: str,
                 ante: Decimal, rule: str = "optimal"):
        if rule not in ("optimal", "ace_king"):
            raise ValueError(f"the rule is 'optimal' or 'ace_king', not {rule!r}")
        counts, raised = strategy_of(odds, max_payout, qualifier, ante)
        self.lookup = _StrategyLookup(counts, raised) if rule == "optimal" else None
        self.qualifier = qualifier_value(qualifier)
        self.wins = wins_in_cents(odds, max_payout, int(ante * 100)) / float(ante * 100)

    def plays(self, hand: np.ndarray, value: np.ndarray, up: np.ndarray) -> np.ndarray:
        if self.lookup is None:
            return value >= qualifier_value("AK")
        return self.lookup.raises(hand, up)


def seat_results(odds: Mapping[str, int], max_payout: Decimal | None, qualifier: str,
                 ante: Decimal, rounds: int, seats: int = 1, *, seed: int = 2026,
                 rule: str = "optimal") -> Iterator[np.ndarray]:
    """Batches of random rounds, ``seats`` players against one dealer hand dealt from one
    deck: each seat's result in antes, one row per round (shape: rounds in the batch,
    seats). The dealer's hand comes after the players' and shows its first card."""
    if not 1 <= seats <= 9:  # ten hands use 50 of the 52 cards
        raise ValueError(f"a round deals one to nine seats, not {seats}")
    return _dealt(_Game(odds, max_payout, qualifier, ante, rule), rounds, seats, seed)


def _dealt(game: _Game, rounds: int, seats: int, seed: int) -> Iterator[np.ndarray]:
    rng = np.random.default_rng(seed)
    for done in range(0, rounds, BATCH):
        batch = min(BATCH, rounds - done)
        cards = _deal(rng, batch, HAND * (seats + 1))
        dealer_cards = cards[:, HAND * seats:]
        dealer = evaluate5_batch(dealer_cards).astype(np.int32)
        results = np.empty((batch, seats))
        for seat in range(seats):
            hand = cards[:, HAND * seat:HAND * (seat + 1)]
            player = evaluate5_batch(hand).astype(np.int32)
            plays = game.plays(hand, player, dealer_cards[:, 0])
            results[:, seat] = _payoffs(player, dealer, plays, game.qualifier, game.wins)
        yield results


def simulate(odds: Mapping[str, int], max_payout: Decimal | None, qualifier: str,
             ante: Decimal, rounds: int, *, seed: int = 2026,
             rule: str = "optimal") -> Simulation:
    """Play ``rounds`` random rounds; ``rule`` is 'optimal' or 'ace_king' (raise AK+)."""
    game = _Game(odds, max_payout, qualifier, ante, rule)  # not timed: counts may be new
    total = squares = 0.0
    start = time.perf_counter()
    for results in _dealt(game, rounds, 1, seed):
        payoff = results[:, 0]
        total += payoff.sum()
        squares += (payoff * payoff).sum()
    seconds = time.perf_counter() - start
    mean = total / rounds
    variance = squares / rounds - mean * mean
    return Simulation(rounds, -mean, (variance / rounds) ** 0.5, seconds)


@dataclass(frozen=True)
class SeatCovariance:
    """The covariance of two seats' results in one round, per ante squared, as dealt."""

    value: float
    std_error: float
    rounds: int
    seconds: float


def seat_covariance(odds: Mapping[str, int], max_payout: Decimal | None, qualifier: str,
                    ante: Decimal, rounds: int = COVARIANCE_ROUNDS, *,
                    seed: int = COVARIANCE_SEED, progress: Progress = silent
                    ) -> SeatCovariance:
    """Deal ``rounds`` rounds of two players and a dealer from one deck, both players on
    the exact strategy, and estimate how their results (in antes) move together.

    Every other pair of seats at a fuller table has the same covariance: the other seats'
    cards are as unseen to this pair as the rest of the deck, and nobody's play depends on
    them."""
    if rounds < 2:
        raise ValueError(f"a covariance needs at least two rounds, not {rounds}")
    # Sums of x**a * y**b for a, b in 0..2: enough for the covariance and its error.
    # Results are whole antes below the cap, so these float sums are exact.
    game = _Game(odds, max_payout, qualifier, ante)  # not timed: counts may be new
    sums = np.zeros((3, 3))
    start = time.perf_counter()
    dealt = 0
    for results in _dealt(game, rounds, 2, seed):
        x, y = results[:, 0], results[:, 1]
        x_powers, y_powers = (np.ones_like(x), x, x * x), (np.ones_like(y), y, y * y)
        for a in range(3):
            for b in range(3):
                sums[a, b] += (x_powers[a] * y_powers[b]).sum()
        dealt += len(results)
        progress(dealt / rounds, "simulating two seats of one round")
    value, std_error = covariance_of_moments(sums / rounds, rounds)
    return SeatCovariance(value, std_error, rounds, time.perf_counter() - start)


def covariance_of_moments(moments: np.ndarray, rounds: int) -> tuple[float, float]:
    """The sample covariance of x and y from their raw moments m[a, b] = mean(x**a y**b),
    and its standard error: that of the mean of u = (x - mean x)(y - mean y), whose second
    moment expands into the same raw moments."""
    mx, my, mxy = moments[1, 0], moments[0, 1], moments[1, 1]
    covariance = mxy - mx * my
    u_squared = (moments[2, 2] - 2 * my * moments[2, 1] - 2 * mx * moments[1, 2]
                 + my * my * moments[2, 0] + mx * mx * moments[0, 2]
                 + 4 * mx * my * mxy - 3 * mx * mx * my * my)
    return float(covariance), float(max(u_squared - covariance ** 2, 0.0) / rounds) ** 0.5


def _payoffs(player, dealer, plays, qualifier, wins) -> np.ndarray:
    category = category_of_value()[player]
    raised = np.where(dealer < qualifier, 1.0,
                      np.where(player > dealer, 1.0 + wins[category],
                               np.where(player == dealer, 0.0, -3.0)))
    return np.where(plays, raised, -1.0)
