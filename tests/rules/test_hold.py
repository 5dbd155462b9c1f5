"""The hold review's band (``hold.py``): what it adds up, how it widens, and its variance
against the covariance matrix of every round written out."""

from decimal import Decimal as D

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tables.rules.hold import GameMath, HoldBand, Wagers, hold_band, wagers_of, z_of

US = GameMath(house_edge=D("0.052243057716"), variance=D("5.030825909793"),
              seat_covariance=D("0.556"))
CONFIDENCE = D("0.95")

antes = st.integers(100, 100_000).map(lambda cents: D(cents) / 100)  # 1.00 to 1,000.00
rounds = st.lists(st.lists(antes, min_size=1, max_size=7), min_size=1, max_size=25)
places12 = st.decimals(min_value=0, max_value=20, places=12)


@st.composite
def game_math(draw) -> GameMath:
    variance = draw(places12)
    share = draw(st.decimals(min_value=0, max_value=1, places=3))
    return GameMath(house_edge=draw(st.decimals(min_value=-1, max_value=1, places=12)),
                    variance=variance, seat_covariance=variance * share)


confidences = st.decimals(min_value=D("0.5001"), max_value=D("0.9998"), places=4)
kept = st.integers(0, 10_000_00).map(lambda cents: D(cents) / 100)


def cent(value: D) -> D:
    return value.quantize(D("0.01"))


@given(math=game_math(), played=rounds, kept=kept)
def test_the_expected_win_is_the_edge_on_the_antes_plus_what_is_kept(math, played, kept):
    band = hold_band([(math, wagers_of(played))], confidence=CONFIDENCE, kept=kept)
    antes = sum(sum(seats) for seats in played)
    assert abs(band.expected_win - (math.house_edge * antes + kept)) <= D("0.005")
    assert band.low <= band.expected_win <= band.high
    assert band.high - band.expected_win == band.expected_win - band.low


@given(math=game_math(), played=rounds)
def test_the_variance_is_every_round_s_covariance_matrix_summed(math, played):
    """Σ over rounds of aᵀ M a, M with σ² on the diagonal and c off it, written out."""
    by_matrix = sum(
        (math.variance if i == j else math.seat_covariance) * a * b
        for seats in played for i, a in enumerate(seats) for j, b in enumerate(seats))
    band = hold_band([(math, wagers_of(played))], confidence=CONFIDENCE)
    assert band.std_dev == cent(by_matrix.sqrt())


@given(math=game_math(), played=rounds)
def test_without_covariance_only_each_hand_s_variance_counts(math, played):
    independent = GameMath(math.house_edge, math.variance, D(0))
    band = hold_band([(independent, wagers_of(played))], confidence=CONFIDENCE)
    ante_squares = sum(a * a for seats in played for a in seats)
    assert band.std_dev == cent((math.variance * ante_squares).sqrt())
    # ... so how the hands were grouped into rounds no longer matters
    one_by_one = wagers_of([[a] for seats in played for a in seats])
    assert hold_band([(independent, one_by_one)], confidence=CONFIDENCE) == band


@given(math=game_math(), played=rounds)
def test_with_a_positive_covariance_sharing_a_round_widens_the_band(math, played):
    one_by_one = wagers_of([[a] for seats in played for a in seats])
    shared = hold_band([(math, wagers_of(played))], confidence=CONFIDENCE)
    apart = hold_band([(math, one_by_one)], confidence=CONFIDENCE)
    assert shared.expected_win == apart.expected_win
    assert shared.std_dev >= apart.std_dev


@given(first=game_math(), second=game_math(), some=rounds, more=rounds)
def test_parts_add_their_expected_wins_and_their_variances(first, second, some, more):
    both = hold_band([(first, wagers_of(some)), (second, wagers_of(more))],
                     confidence=CONFIDENCE)
    alone = [hold_band([part], confidence=CONFIDENCE)
             for part in ((first, wagers_of(some)), (second, wagers_of(more)))]
    assert abs(both.expected_win - sum(b.expected_win for b in alone)) <= D("0.01")
    # Each standard deviation is off by at most half a cent, so its square by about s.
    slack = sum(b.std_dev for b in alone) + both.std_dev + 1
    assert abs(both.std_dev ** 2 - sum(b.std_dev ** 2 for b in alone)) <= slack


@given(math=game_math(), some=rounds, more=rounds)
def test_one_version_s_days_add_up_to_its_month(math, some, more):
    month = wagers_of(some + more)
    assert wagers_of(some) + wagers_of(more) == month
    split = hold_band([(math, wagers_of(some)), (math, wagers_of(more))],
                      confidence=CONFIDENCE)
    assert split == hold_band([(math, month)], confidence=CONFIDENCE)


@given(math=game_math(), played=rounds, lower=confidences, higher=confidences)
def test_the_band_widens_with_the_confidence(math, played, lower, higher):
    lower, higher = sorted((lower, higher))
    narrow = hold_band([(math, wagers_of(played))], confidence=lower)
    wide = hold_band([(math, wagers_of(played))], confidence=higher)
    assert wide.low <= narrow.low <= narrow.high <= wide.high


@given(math=game_math(), played=rounds, more=places12)
def test_the_band_widens_with_the_variance(math, played, more):
    wilder = GameMath(math.house_edge, math.variance + more, math.seat_covariance)
    calm = hold_band([(math, wagers_of(played))], confidence=CONFIDENCE)
    wild = hold_band([(wilder, wagers_of(played))], confidence=CONFIDENCE)
    assert wild.low <= calm.low <= calm.high <= wild.high


def test_z_of_95_percent_is_1_96_and_of_99_percent_2_576():
    assert abs(z_of(D("0.95")) - D("1.959964")) < D("1e-6")
    assert abs(z_of(D("0.99")) - D("2.575829")) < D("1e-6")
    assert z_of(D("0.6827")) == pytest.approx(D(1), abs=D("1e-4"))  # one sigma


@pytest.mark.parametrize("confidence", [D("0.5"), D("0.9999"), D("1"), D("0.2"), D("-0.95"),
                                        D("NaN"), D("Infinity"), 0.95, "0.95"])
def test_a_confidence_that_makes_no_band_is_refused_naming_it(confidence):
    with pytest.raises(ValueError, match=f"a confidence of {confidence} cannot"):
        z_of(confidence)


def test_a_table_day_of_four_seats_at_ten_and_its_band():
    day = wagers_of([[D(10)] * 4] * 500)  # 500 rounds, four seats at 10.00
    assert day == Wagers(D(20000), D(200000), D(800000), 2000)
    band = hold_band([(US, day)], confidence=CONFIDENCE, kept=D("35.00"))
    # 0.052243057716 * 20,000 + 35; sqrt(5.030825909793 * 200,000 + 0.556 * 600,000)
    assert band.expected_win == D("1079.86")
    assert band.std_dev == D("1157.48")
    # 1.959964 * 1,157.48226 = 2,268.6235: the half width rounds up to 2,268.63
    assert (band.low, band.high) == (D("-1188.77"), D("3348.49"))
    assert [band.holds(D(win)) for win in ("-1188.78", "-1188.77", "3348.49", "3348.50")
            ] == [False, True, True, False]
    assert band.as_hold(D("40000.00")) == {"expected": D("0.0270"), "low": D("-0.0297"),
                                           "high": D("0.0837")}
    assert band.as_hold(D(0)) is None


def test_nothing_played_expects_only_what_is_kept():
    band = hold_band([(US, Wagers())], confidence=CONFIDENCE, kept=D("12.50"))
    assert band == HoldBand(D("12.50"), D("0.00"), D("12.50"), D("12.50"), CONFIDENCE)
    assert hold_band([], confidence=CONFIDENCE).expected_win == D("0.00")


def test_figures_and_wagers_that_cannot_be_are_refused():
    with pytest.raises(ValueError, match="at most the variance"):
        GameMath(D("0.05"), D("1"), D("1.5"))
    with pytest.raises(ValueError, match="variance cannot be negative"):
        GameMath(D("0.05"), D("-1"), D("0"))
    with pytest.raises(ValueError, match="cannot be less than the antes' squares"):
        Wagers(D(20), D(200), D(100), 2)
    with pytest.raises(ValueError, match="drop cannot be negative"):
        hold_band([(US, Wagers())], confidence=CONFIDENCE).as_hold(D(-1))
    crowded = wagers_of([[D(1)] * 7] * 3)
    with pytest.raises(ValueError, match="negative variance"):
        hold_band([(GameMath(D(0), D(1), D("-0.9")), crowded)], confidence=CONFIDENCE)
