"""RULES.md section 4: pots, side pots, hi-lo halves, rake and drops."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules.pots import PotError, RakeTerms, settle_hand

D = Decimal


def chips(**amounts):
    return {seat: D(str(amount)) for seat, amount in amounts.items()}


def test_rules_4_the_all_in_side_pot_example():
    # A bets 20, B is all-in for 5, C calls 20: main pot 15 (A B C), side pot 30 (A and C).
    result = settle_hand(chips(A=20, B=5, C=20), high={"A": 3, "B": 9, "C": 1})
    assert [(p.amount, p.eligible) for p in result.pots] == [
        (D(15), ("A", "B", "C")), (D(30), ("A", "C"))]
    assert result.collects == {"A": D(30), "B": D(15), "C": D(0)}


def test_rules_4_an_all_in_player_wins_at_most_what_he_matched():
    result = settle_hand(chips(A=100, B=10), high={"A": 1, "B": 9})
    assert result.returned == {"A": D(90)}
    assert result.collects == {"A": D(90), "B": D(20)}


def test_folded_chips_stay_in_the_pot_but_folded_seats_win_nothing():
    result = settle_hand(chips(A=30, B=30, C=10), folded={"C"}, high={"A": 5, "B": 4})
    assert [(p.amount, p.eligible) for p in result.pots] == [(D(70), ("A", "B"))]
    assert result.collects["A"] == D(70)


def test_ties_split_and_the_odd_chip_goes_left_of_the_button():
    result = settle_hand(chips(A="10.01", B="10.01", C="10.01"), high={"A": 7, "B": 9, "C": 9})
    assert result.collects == {"A": D(0), "B": D("15.02"), "C": D("15.01")}


def test_rules_4_hi_lo_halves_with_the_high_taking_the_odd_chip():
    result = settle_hand(chips(A="5.01", B="5.00"), high={"A": 9, "B": 1},
                         low={"A": None, "B": 50})
    assert result.collects == {"A": D("5.01"), "B": D("5.00")}


def test_hi_lo_without_a_qualifying_low_the_high_scoops():
    result = settle_hand(chips(A=10, B=10), high={"A": 9, "B": 1}, low={"A": None, "B": None})
    assert result.collects == {"A": D(20), "B": D(0)}


def test_a_folded_seat_cannot_be_shown_as_a_winner():
    with pytest.raises(PotError, match="Seat B folded and cannot win") as error:
        settle_hand(chips(A=10, B=10), folded={"B"}, high={"A": 1, "B": 9})
    assert error.value.field == "high"


def test_a_seat_still_in_must_show_cards_at_a_showdown():
    with pytest.raises(PotError, match="Seat B is still in the hand but shows no cards"):
        settle_hand(chips(A=10, B=10), high={"A": 1})


# --- Rake ---------------------------------------------------------------------------------

TEN_CAPPED_AT_5 = RakeTerms(percent=D(10), cap=D(5))


def test_rules_4_ten_percent_capped_at_five():
    small = settle_hand(chips(A=15, B=15), high={"A": 2, "B": 1}, schedule=TEN_CAPPED_AT_5)
    big = settle_hand(chips(A=200, B=200), high={"A": 2, "B": 1}, schedule=TEN_CAPPED_AT_5)
    assert (small.rake, big.rake) == (D(3), D(5))
    assert big.collects["A"] == D(395)


def test_rules_4_rake_in_whole_units_one_per_ten_in_the_pot():
    schedule = RakeTerms(percent=D(10), increment=D(1))
    assert settle_hand(chips(A="42.50", B="42.50"), high={"A": 1, "B": 0},
                       schedule=schedule).rake == D(8)


def test_rules_4_no_flop_no_drop():
    schedule = RakeTerms(percent=D(10), cap=D(5), no_flop_no_drop=True)
    result = settle_hand(chips(A=40, B=40), high={"A": 1, "B": 0}, schedule=schedule,
                         flop_dealt=False)
    assert result.rake == 0


def test_rules_4_a_minimum_pot_before_any_rake():
    schedule = RakeTerms(percent=D(10), min_pot=D(20))
    assert settle_hand(chips(A=9, B=9), high={"A": 1, "B": 0}, schedule=schedule).rake == 0
    assert settle_hand(chips(A=10, B=10), high={"A": 1, "B": 0}, schedule=schedule).rake == 2


def test_rules_4_caps_by_players_dealt_in():
    schedule = RakeTerms(percent=D(10), cap=D(5), caps_by_players={2: D(1), 3: D(3)})
    pot = {"high": {"A": 1, "B": 0}}
    assert settle_hand(chips(A=50, B=50), players_dealt=2, schedule=schedule, **pot).rake == 1
    assert settle_hand(chips(A=50, B=50), players_dealt=4, schedule=schedule, **pot).rake == 3


def test_rules_4_the_hand_cap_is_taken_from_the_main_pot_first():
    result = settle_hand(chips(A=100, B=20, C=100), high={"A": 1, "B": 9, "C": 0},
                         schedule=TEN_CAPPED_AT_5)
    assert [p.rake for p in result.pots] == [D(5), D(0)]


def test_rules_4_a_per_pot_cap_rakes_each_side_pot():
    schedule = RakeTerms(percent=D(10), cap=D(5), per_pot=True)
    result = settle_hand(chips(A=100, B=20, C=100), high={"A": 1, "B": 9, "C": 0},
                         schedule=schedule)
    assert [p.rake for p in result.pots] == [D(5), D(5)]


def test_rules_4_a_fixed_drop_per_hand():
    schedule = RakeTerms(fixed_drop=D(3))
    result = settle_hand(chips(A=10, B=10), high={"A": 1, "B": 0}, schedule=schedule)
    assert (result.rake, result.collects["A"]) == (D(3), D(17))


def test_rules_4_the_bad_beat_drop_is_taken_after_the_rake_into_its_own_fund():
    schedule = RakeTerms(percent=D(10), cap=D(5), bad_beat_drop=D(1),
                            bad_beat_min_pot=D(20))
    result = settle_hand(chips(A=50, B=50), high={"A": 1, "B": 0}, schedule=schedule)
    assert (result.rake, result.bad_beat_drop, result.collects["A"]) == (D(5), D(1), D(94))
    small = settle_hand(chips(A=5, B=5), high={"A": 1, "B": 0}, schedule=schedule)
    assert small.bad_beat_drop == 0


# --- Properties ---------------------------------------------------------------------------

@st.composite
def hands(draw):
    count = draw(st.integers(2, 7))
    seats = list(range(1, count + 1))
    contributions = {s: D(draw(st.integers(0, 50000))) / 100 for s in seats}
    folded = set(draw(st.lists(st.sampled_from(seats), max_size=count - 1, unique=True)))
    live = [s for s in seats if s not in folded]
    high = {s: draw(st.integers(1, 5)) for s in live}
    low = {s: draw(st.one_of(st.none(), st.integers(1, 5))) for s in live}
    hi_lo = draw(st.booleans())
    schedule = RakeTerms(
        percent=D(draw(st.sampled_from([0, 5, 10]))), cap=draw(st.sampled_from([None, D(5)])),
        per_pot=draw(st.booleans()), bad_beat_drop=draw(st.sampled_from([D(0), D(1)])))
    return contributions, folded, high, low if hi_lo else None, schedule


@settings(max_examples=500)
@given(hands())
def test_chips_are_conserved_awards_plus_rake_equal_the_pot(hand):
    contributions, folded, high, low, schedule = hand
    try:
        result = settle_hand(contributions, folded=folded, high=high, low=low,
                             schedule=schedule)
    except PotError as refused:
        # Only a pot that nobody still in can win is refused.
        refused_field = refused.field
        assert refused_field == "folded"
        return
    assert sum(result.collects.values()) + result.rake + result.bad_beat_drop == sum(
        contributions.values())
    assert all(v >= 0 for v in result.collects.values())


@settings(max_examples=500)
@given(hands())
def test_nobody_wins_more_from_an_opponent_than_he_put_in(hand):
    contributions, folded, high, low, _ = hand
    try:
        result = settle_hand(contributions, folded=folded, high=high, low=low)
    except PotError:
        return
    for seat, collected in result.collects.items():
        reachable = sum(min(contributions[seat], c) for c in contributions.values())
        assert collected <= reachable
    for seat in folded:
        assert result.collects[seat] == result.returned.get(seat, 0)


def test_a_pot_only_folded_seats_paid_for_is_refused():
    with pytest.raises(PotError, match="Seats A, B all folded") as error:
        settle_hand(chips(A=50, B=50, C=10), folded={"A", "B"}, high={"C": 1})
    assert error.value.field == "folded"


def test_a_folded_seats_unmatched_chips_go_back_to_it():
    result = settle_hand(chips(A=20, B=10), folded={"A"}, high={"B": 1})
    assert result.returned == {"A": D(10)}
    assert result.collects == {"A": D(10), "B": D(20)}
