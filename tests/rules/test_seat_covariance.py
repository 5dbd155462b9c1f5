"""The covariance of two seats of one round (``stud_montecarlo.seat_covariance``), checked
against the variance of their sum, and the hold review's band (``hold.py``) calibrated
on thousands of simulated table-days: 5% of them fall outside a 95% band, and many more
when the covariance is left out."""

from decimal import Decimal as D
from decimal import localcontext
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from tables.rules.hold import GameMath, Wagers, hold_band
from tables.rules.stud import US_ODDS
from tables.rules.stud_montecarlo import (
    COVARIANCE_ROUNDS,
    covariance_of_moments,
    seat_covariance,
    seat_results,
)
from tables.rules.stud_par import par_sheet

# Its module-scoped figures are computed once: its tests stay on one worker (bin/test).
pytestmark = pytest.mark.xdist_group("seat_covariance")

US = (US_ODDS, D(5000), "AK", D("10.00"))


@pytest.fixture(scope="module")
def sheet():
    return par_sheet(*US)


@pytest.fixture(scope="module")
def covariance():
    return seat_covariance(*US)


def decimal_of(value: Fraction) -> D:
    with localcontext() as context:
        context.prec = 28
        return D(value.numerator) / D(value.denominator)


def test_the_covariance_is_positive_and_tightly_estimated(covariance, sheet):
    assert covariance.rounds == COVARIANCE_ROUNDS
    assert covariance.value > 50 * covariance.std_error  # clearly positive
    assert covariance.std_error < 0.01
    assert covariance.value < float(sheet.variance)  # Cauchy-Schwarz, with room


def test_the_same_seed_deals_the_same_covariance_and_another_seed_another():
    first = seat_covariance(*US, 50_000, seed=11)
    again = seat_covariance(*US, 50_000, seed=11)
    other = seat_covariance(*US, 50_000, seed=12)
    assert (first.value, first.std_error) == (again.value, again.std_error)
    assert first.value != other.value


def test_the_covariance_and_its_error_from_moments_are_those_of_the_sample():
    rng = np.random.default_rng(5)
    x = rng.choice([-1.0, -3.0, 0.0, 1.0, 3.0, 9.0, 41.0], size=20_000)
    y = np.where(rng.random(20_000) < 0.3, x, rng.permutation(x))  # partly the same
    moments = np.array([[np.mean(x ** a * y ** b) for b in range(3)] for a in range(3)])
    value, std_error = covariance_of_moments(moments, len(x))
    u = (x - x.mean()) * (y - y.mean())
    assert value == pytest.approx(u.mean(), rel=1e-9)
    assert std_error == pytest.approx(u.std() / len(x) ** 0.5, rel=1e-9)


def test_a_round_deals_one_to_nine_seats_and_a_covariance_needs_two_rounds():
    with pytest.raises(ValueError, match="one to nine seats, not 10"):
        seat_results(*US, 100, seats=10)
    with pytest.raises(ValueError, match="at least two rounds, not 1"):
        seat_covariance(*US, 1)


def test_progress_is_told_in_words_up_to_the_end():
    heard = []
    seat_covariance(*US, 300_000, seed=3, progress=lambda f, words: heard.append((f, words)))
    assert heard[-1] == (1.0, "simulating two seats of one round")
    assert [f for f, _ in heard] == sorted(f for f, _ in heard)


def test_the_sum_of_two_seats_varies_by_two_variances_and_two_covariances(sheet, covariance):
    """Var(x + y) = 2 var(x) + 2 cov(x, y), the variance exact from the PAR sheet and the
    sum's variance estimated from other deals: a wrong covariance (or none) does not fit."""
    sums = np.concatenate([results.sum(axis=1) for results in
                           seat_results(*US, 2_000_000, seats=2, seed=7)])
    centred = sums - sums.mean()
    variance = float(np.mean(centred ** 2))
    variance_error = float(np.sqrt((np.mean(centred ** 4) - variance ** 2) / len(sums)))
    sigma2 = float(sheet.variance)
    tolerance = 4 * np.hypot(variance_error, 2 * covariance.std_error)

    assert abs(variance - (2 * sigma2 + 2 * covariance.value)) < tolerance
    assert abs(variance - 2 * sigma2) > 3 * tolerance  # the check can tell c from none
    assert sums.mean() / 2 == pytest.approx(-float(sheet.house_edge), abs=0.01)


# Table-days: rounds of one to seven seats (the first k of seven dealt), antes of 5, 10 or
# 25 (under the 5,000 cap, so a seat's result in antes is the same at each).
DAYS, ROUNDS_PER_DAY, SEATS = 4_000, 300, 7


@pytest.fixture(scope="module")
def table_days():
    rounds = DAYS * ROUNDS_PER_DAY
    results = np.concatenate(list(seat_results(*US, rounds, seats=SEATS, seed=2027)))
    rng = np.random.default_rng(2028)
    seated = np.arange(SEATS) < rng.integers(1, SEATS + 1, size=rounds)[:, None]
    antes = np.where(seated, rng.choice([5, 10, 25], size=(rounds, SEATS)), 0)
    by_day = (DAYS, ROUNDS_PER_DAY, SEATS)
    house_wins = (-antes * results).reshape(by_day)  # whole units: the sums are exact
    antes = antes.reshape(by_day)
    return results[seated.all(axis=1)], [
        (D(int(win)), Wagers(D(int(a)), D(int(a2)), D(int(r2)), int(n)))
        for win, a, a2, r2, n in zip(house_wins.sum(axis=(1, 2)), antes.sum(axis=(1, 2)),
                                     (antes ** 2).sum(axis=(1, 2)),
                                     (antes.sum(axis=2) ** 2).sum(axis=1),
                                     (antes > 0).sum(axis=(1, 2)), strict=True)]


def share_outside(days, math: GameMath) -> float:
    outside = sum(not hold_band([(math, wagers)], confidence=D("0.95")).holds(win)
                  for win, wagers in days)
    return outside / len(days)


def test_five_percent_of_table_days_fall_outside_the_95_percent_band(
        sheet, covariance, table_days):
    _, days = table_days
    math = GameMath(decimal_of(sheet.house_edge), decimal_of(sheet.variance),
                    D(repr(covariance.value)))
    binomial = (0.05 * 0.95 / DAYS) ** 0.5

    with_covariance = share_outside(days, math)
    without = share_outside(days, GameMath(math.house_edge, math.variance, D(0)))

    assert abs(with_covariance - 0.05) < 3 * binomial, with_covariance
    assert without > 0.05 + 6 * binomial, without  # too narrow a band flags too many days


def test_any_two_seats_of_a_full_table_have_the_two_seat_covariance(covariance, table_days):
    full_rounds, _ = table_days  # rounds where all seven played
    centred = full_rounds - full_rounds.mean()
    pairs = list(combinations(range(SEATS), 2))
    per_round = sum(centred[:, i] * centred[:, j] for i, j in pairs) / len(pairs)
    error = per_round.std() / len(per_round) ** 0.5
    assert abs(per_round.mean() - covariance.value) < 4 * np.hypot(error,
                                                                    covariance.std_error)
