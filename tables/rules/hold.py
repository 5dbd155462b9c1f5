"""The statistical hold review: the win a stud table's exact game math expects from the
hands actually played, and the band the counted win should fall in.

A seat's result, per unit of ante, has the PAR sheet's variance σ². Seats of one round
play against one dealer hand, so their results move together (a dealer who does not
qualify pays every raiser at once): two seats of one round have covariance c per ante².
For a round with antes a_1..a_k the house's win therefore has the variance

    σ²·Σa_i² + c·Σ_{i≠j} a_i·a_j  =  σ²·Σa² + c·((Σa)² - Σa²)

and rounds are independent, so a period's variance is that sum over its rounds: the
wagers enter only through Σa, Σa² and Σ over rounds of (Σa)² (``Wagers``). The expected
win is the house edge times Σa, plus what the table keeps for sure (side wagers it
keeps). The band is the expected win ± z standard deviations, z the two-sided normal
quantile of the confidence: a day of hundreds of rounds is close to normal.

The house edge and σ² are exact (``stud_par``); c is simulated (``stud_montecarlo``).
Money is Decimal throughout; only the normal quantile is a float.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, localcontext
from statistics import NormalDist

from tables.rules.money import round_to_step

CENT = Decimal("0.01")
SHARE = Decimal("0.0001")
Z_PLACES = Decimal("1e-12")
LOWEST_CONFIDENCE = Decimal("0.5")
HIGHEST_CONFIDENCE = Decimal("0.9999")
PRECISION = 40  # digits: a year of antes squared, times twelve places of variance


@dataclass(frozen=True)
class GameMath:
    """One paytable version's figures, per unit of ante."""

    house_edge: Decimal       # the house's expected win per ante, optimal play
    variance: Decimal         # of one seat's result, in antes squared
    seat_covariance: Decimal  # of two seats' results in one round, in antes squared

    def __post_init__(self):
        if self.variance < 0:
            raise ValueError(f"a variance cannot be negative ({self.variance})")
        if abs(self.seat_covariance) > self.variance:  # Cauchy-Schwarz
            raise ValueError(f"a covariance of {self.seat_covariance} cannot go with a "
                             f"variance of {self.variance}: it is at most the variance")


@dataclass(frozen=True)
class Wagers:
    """Sums over the rounds played under one paytable version (``wagers_of`` makes them;
    a month's are its days' added up)."""

    antes: Decimal = Decimal(0)          # Σ a_i over every seat that played
    ante_squares: Decimal = Decimal(0)   # Σ a_i²
    round_squares: Decimal = Decimal(0)  # Σ over rounds of (Σ_i a_i)²
    hands: int = 0                       # seats that played

    def __post_init__(self):
        if min(self.antes, self.ante_squares, self.hands) < 0:
            raise ValueError(f"wagers cannot be negative: {self}")
        if self.round_squares < self.ante_squares:  # (Σa)² ≥ Σa² for antes ≥ 0
            raise ValueError(f"the rounds' squares ({self.round_squares}) cannot be "
                             f"less than the antes' squares ({self.ante_squares})")

    def __add__(self, other: Wagers) -> Wagers:
        return Wagers(self.antes + other.antes, self.ante_squares + other.ante_squares,
                      self.round_squares + other.round_squares, self.hands + other.hands)


def wagers_of(rounds: Iterable[Iterable[Decimal]]) -> Wagers:
    """The sums of rounds given as the antes of the seats that played each."""
    antes = ante_squares = round_squares = Decimal(0)
    hands = 0
    with localcontext() as context:
        context.prec = PRECISION
        for seats in rounds:
            in_round = list(seats)
            total = sum(in_round, Decimal(0))
            antes += total
            ante_squares += sum((a * a for a in in_round), Decimal(0))
            round_squares += total * total
            hands += len(in_round)
    return Wagers(antes, ante_squares, round_squares, hands)


@dataclass(frozen=True)
class HoldBand:
    """The win expected over a period and its band at a confidence, all to the cent."""

    expected_win: Decimal
    std_dev: Decimal
    low: Decimal
    high: Decimal
    confidence: Decimal

    def holds(self, win: Decimal) -> bool:
        """Whether a counted win is inside the band (a win outside it is flagged)."""
        return self.low <= win <= self.high

    def as_hold(self, drop: Decimal) -> dict[str, Decimal] | None:
        """Expected, low and high as shares of the drop (the hold), or None without a
        drop: a share of nothing is no figure."""
        if drop < 0:
            raise ValueError(f"a drop cannot be negative ({drop})")
        if drop == 0:
            return None
        return {name: round_to_step(amount / drop, SHARE, rounding="half_up")
                for name, amount in (("expected", self.expected_win), ("low", self.low),
                                     ("high", self.high))}


def z_of(confidence: Decimal) -> Decimal:
    """The two-sided normal quantile: 1.959964 for 0.95 (95% of a normal within ±z)."""
    if not (isinstance(confidence, Decimal) and confidence.is_finite()
            and LOWEST_CONFIDENCE < confidence < HIGHEST_CONFIDENCE):
        raise ValueError(f"a confidence of {confidence} cannot make a band: give a decimal "
                         f"above {LOWEST_CONFIDENCE} and below {HIGHEST_CONFIDENCE}")
    quantile = NormalDist().inv_cdf((1 + float(confidence)) / 2)
    return Decimal(repr(quantile)).quantize(Z_PLACES)


def hold_band(parts: Iterable[tuple[GameMath, Wagers]], *, confidence: Decimal,
              kept: Decimal = Decimal(0)) -> HoldBand:
    """The band of a period's win: each part is one paytable version's figures with the
    wagers played under it (their expected wins and variances add, rounds being
    independent); ``kept`` is what the table keeps for sure (no variance).

    Expected win and standard deviation are rounded half up to the cent; the band's half
    width is rounded up, so the band is never narrower than the exact one."""
    z = z_of(confidence)
    with localcontext() as context:
        context.prec = PRECISION
        expected, variance = kept, Decimal(0)
        for math, wagers in parts:
            expected += math.house_edge * wagers.antes
            variance += (math.variance * wagers.ante_squares
                         + math.seat_covariance * (wagers.round_squares - wagers.ante_squares))
        if variance < 0:  # only a negative covariance over crowded rounds gets here
            raise ValueError(f"these figures give the win a negative variance ({variance})")
        std_dev = variance.sqrt()
        expected_win = round_to_step(expected, CENT, rounding="half_up")
        half_width = round_to_step(z * std_dev, CENT, rounding="up")
    return HoldBand(expected_win=expected_win,
                    std_dev=round_to_step(std_dev, CENT, rounding="half_up"),
                    low=expected_win - half_width, high=expected_win + half_width,
                    confidence=confidence)
