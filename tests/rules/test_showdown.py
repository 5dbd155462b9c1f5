"""A recorded card-room hand checked and settled: every game, every refusal, and
chips conserved on random hands (tables/rules/showdown.py)."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules.cards import parse_cards
from tables.rules.pots import NO_RAKE, RakeTerms
from tables.rules.showdown import (
    GAMES,
    HandError,
    SeatRecord,
    dealing_order,
    quick_collection,
    settle_recorded_hand,
)

D = Decimal
TEN_CAP_FIVE = RakeTerms(percent=D(10), cap=D(5))


def seat(number, put_in, cards=None, **flags):
    return SeatRecord(number, D(put_in), cards=tuple(parse_cards(cards.split())) if cards
                      else None, **flags)


def board(text):
    return tuple(parse_cards(text.split()))


def test_rules_4_the_side_pot_example_with_cards():
    result = settle_recorded_hand("holdem", [
        seat(1, 20, "As Ad"), seat(2, 5, "Kh Kd", all_in=True), seat(3, 20, "Qh Qd"),
    ], board("2c 7d 9h Js 4c"), schedule=NO_RAKE)

    main, side = result.settlement.pots
    assert (main.amount, main.eligible, side.amount, side.eligible) == (
        D(15), (1, 2, 3), D(30), (1, 3))
    assert result.scooper == 1
    assert result.hands[1].startswith("pair of aces")


@pytest.mark.parametrize(("game", "hands", "table_cards", "winner"), [
    ("holdem", ["As Kd", "Qh Qs"], "Qd 7c 2h 3s 9d", 2),
    ("omaha", ["As Ad Kc Kd", "9h 8h 2c 3c"], "Ah 7h 6h Qs Jd", 2),  # must use two hole cards
    ("seven_card_stud", ["As Ad 2c 3d 7h 9s Jc", "Kh Ks Kd 4c 5d 8h Tc"], "", 2),
    ("five_card_draw", ["2h 3h 4h 5h 7h", "As Ad Ac Ks Kd"], "", 2),
    ("razz", ["Ah 2c 3d 4s 6h Kc Kd", "Ac 2d 3s 4h 7c 8d 9s"], "", 1),
    ("deuce_to_seven", ["7h 5c 4d 3s 2h", "As 2c 3d 4s 5h"], "", 1),  # A-5 is no low in 2-7
])
def test_each_game_finds_its_winner(game, hands, table_cards, winner):
    seats = [seat(i + 1, 10, cards) for i, cards in enumerate(hands)]
    result = settle_recorded_hand(game, seats, board(table_cards), schedule=NO_RAKE)

    assert result.settlement.pots[0].high_winners == (winner,)
    assert result.settlement.collects[winner] == D(20)


def test_omaha_hi_lo_without_a_qualifying_low_the_high_scoops():
    result = settle_recorded_hand("omaha_hi_lo", [
        seat(1, 10, "Kh Kc Qs Js"), seat(2, 10, "Ah 3c 9d 9s"),
    ], board("Td 9c 8c Kd Ks"), schedule=NO_RAKE)

    assert result.settlement.pots[0].low_winners == ()
    assert result.settlement.collects == {1: D(20), 2: D(0)}


def test_omaha_hi_lo_a_scoop_wins_both_halves():
    result = settle_recorded_hand("omaha_hi_lo", [
        seat(1, 10, "Ah 2h Kc Qd"), seat(2, 10, "Ks Kd 9s 9c"),
    ], board("3h 4h 5c Jh 9h"), schedule=NO_RAKE)

    assert result.settlement.pots[0].high_winners == (1,)
    assert result.settlement.pots[0].low_winners == (1,)
    assert result.scooper == 1
    assert "low" in result.hands[1]


@pytest.mark.parametrize(("seats", "cards_on_board", "path", "words"), [
    ([seat(1, 10, "As Kd"), seat(2, 10, "As Qd")], "2c 3c 4c 5d 9h", ("seats", 1, "cards"),
     "As appears twice"),
    ([seat(1, 10, "As Kd"), seat(2, 10, "Qs Qd")], "As 3c 4c 5d 9h", ("seats", 0, "cards"),
     "As appears twice"),
    ([seat(1, 10, "As Kd Qc"), seat(2, 10, "Qs Qd")], "2c 3c 4c 5d 9h", ("seats", 0, "cards"),
     "has 2 cards, not 3"),
    ([seat(1, 10, "As Kd"), seat(2, 10, "Qs Qd")], "2c 3c", ("board",), "3, 4 or 5"),
    ([seat(1, 10, "As Kd"), seat(2, 10, "Qs Qd")], "2c 3c 4c", ("board",), "whole board"),
    ([seat(1, 10, "As Kd"), seat(2, 10)], "2c 3c 4c 5d 9h", ("seats", 1, "cards"),
     "cards speak"),
    ([seat(1, 10, "As Kd"), seat(2, 5, "Qs Qd")], "2c 3c 4c 5d 9h", ("seats", 1, "put_in"),
     "mark it all in or folded"),
    ([seat(1, 10, "As Kd"), seat(1, 10, "Qs Qd")], "2c 3c 4c 5d 9h", ("seats", 1, "seat"),
     "listed twice"),
    ([seat(1, 10, "As Kd"), seat(2, 10, folded=True, all_in=True)], "", ("seats", 1, "all_in"),
     "both folded and all in"),
    ([seat(1, 10, "As Kd")], "", ("seats",), "at least two seats"),
    ([seat(1, -1, "As Kd"), seat(2, 10, "Qs Qd")], "2c 3c 4c 5d 9h", ("seats", 0, "put_in"),
     "cannot be negative"),
    ([seat(1, 10, folded=True), seat(2, 10, folded=True)], "", ("seats",), "folded"),
    ([seat(1, "10.001", "As Kd"), seat(2, "10.001", "Qs Qd")], "2c 3c 4c 5d 9h",
     ("seats", 0, "put_in"), "whole number"),
])
def test_an_impossible_record_is_refused_naming_the_field(seats, cards_on_board, path, words):
    with pytest.raises(HandError, match=words) as refused:
        settle_recorded_hand("holdem", seats, board(cards_on_board), schedule=NO_RAKE)
    assert refused.value.path == path


def test_stud_has_no_board():
    with pytest.raises(HandError, match="no board"):
        settle_recorded_hand("seven_card_stud", [seat(1, 5), seat(2, 5, folded=True)],
                             board("2c 3c 4c"), schedule=NO_RAKE)


def test_a_board_with_a_flop_contradicts_no_flop():
    with pytest.raises(HandError, match="shows a flop"):
        settle_recorded_hand("holdem", [seat(1, 5), seat(2, 5, folded=True)],
                             board("2c 3c 4c"), schedule=NO_RAKE, flop_dealt=False)


def test_the_dealers_claims_are_checked_against_the_cards():
    seats = [seat(1, 20, "As Ad"), seat(2, 5, "Kh Kd", all_in=True),
             seat(3, 20, "Qh Qd")]
    the_board = board("2c 7d 9h Js 4c")
    with pytest.raises(HandError, match="Seat 3 wins no pot"):
        settle_recorded_hand("holdem", seats, the_board, schedule=NO_RAKE, winners=[3])
    with pytest.raises(HandError, match="Seat 7 was not dealt in"):
        settle_recorded_hand("holdem", seats, the_board, schedule=NO_RAKE, winners=[7])
    claimed = [*seats[:2], SeatRecord(3, D(20), cards=seats[2].cards, collected=D(30))]
    with pytest.raises(HandError, match="Seat 3 collects 0 by the cards"):
        settle_recorded_hand("holdem", claimed, the_board, schedule=NO_RAKE)
    right = settle_recorded_hand("holdem", seats, the_board, schedule=NO_RAKE, winners=[1])
    assert right.settlement.collects[1] == D(45)


def test_a_folded_seat_claimed_as_a_winner_is_refused():
    seats = [seat(1, 20, "As Ad"), seat(2, 20, folded=True)]
    with pytest.raises(HandError, match="Seat 2 folded and cannot win"):
        settle_recorded_hand("holdem", seats, (), schedule=NO_RAKE, winners=[2])
    paid = [seats[0], SeatRecord(2, D(20), folded=True, collected=D(40))]
    with pytest.raises(HandError, match="Seat 2 folded and cannot win any chips"):
        settle_recorded_hand("holdem", paid, (), schedule=NO_RAKE)


def test_dealing_order_starts_left_of_the_button():
    assert dealing_order([2, 5, 7, 9], button=5) == (7, 9, 2, 5)
    assert dealing_order([2, 5, 7, 9], button=None) == (2, 5, 7, 9)
    assert dealing_order([2, 5, 7, 9], button=9) == (2, 5, 7, 9)


def test_rules_4_quick_mode_ten_percent_capped_at_five():
    assert quick_collection(D(85), TEN_CAP_FIVE, flop_dealt=True, players_dealt=6) == (
        D(5), D(0))
    assert quick_collection(D(30), TEN_CAP_FIVE, flop_dealt=True, players_dealt=6) == (
        D(3), D(0))
    with pytest.raises(HandError, match="not negative"):
        quick_collection(D(-1), TEN_CAP_FIVE, flop_dealt=True, players_dealt=2)


# --- Random hands ----------------------------------------------------------------------------

DECK = list(range(52))


@st.composite
def recorded_hands(draw):
    game = draw(st.sampled_from(sorted(GAMES)))
    spec = GAMES[game]
    players = draw(st.integers(2, 6))
    cards = draw(st.permutations(DECK))
    stacks = [D(draw(st.integers(1, 400))) for _ in range(players)]
    folded = [draw(st.booleans()) for _ in range(players)]
    if all(folded):
        folded[draw(st.integers(0, players - 1))] = False
    bet = max(stacks)
    seats, used = [], 0
    for i in range(players):
        put_in = min(stacks[i], draw(st.integers(0, 400))) if folded[i] else min(stacks[i], bet)
        hole = tuple(cards[used:used + spec.hole_cards])
        used += spec.hole_cards
        seats.append(SeatRecord(i + 1, put_in, folded=folded[i],
                                all_in=not folded[i] and put_in < bet,
                                cards=None if folded[i] else hole))
    the_board = tuple(cards[used:used + 5]) if spec.board else ()
    schedule = draw(st.sampled_from([NO_RAKE, TEN_CAP_FIVE, RakeTerms(
        percent=D(5), cap=D(3), per_pot=True, bad_beat_drop=D(1), bad_beat_min_pot=D(20))]))
    button = draw(st.none() | st.integers(1, players))
    return game, seats, the_board, schedule, button


@settings(max_examples=400, deadline=None)
@given(recorded_hands())
def test_chips_are_conserved_and_only_live_seats_win(hand):
    game, seats, the_board, schedule, button = hand
    live_most = max(s.put_in for s in seats if not s.folded)
    folded_over = sorted(s.put_in for s in seats if s.folded and s.put_in > live_most)
    if len(folded_over) >= 2:
        # Two folded seats matched each other above every live seat: nobody can win
        # those chips, so the record cannot be right.
        with pytest.raises(HandError, match="folded"):
            settle_recorded_hand(game, seats, the_board, schedule=schedule, button=button)
        return
    result = settle_recorded_hand(game, seats, the_board, schedule=schedule, button=button)
    settlement = result.settlement
    total = sum((s.put_in for s in seats), D(0))
    assert sum(settlement.collects.values()) + settlement.rake + settlement.bad_beat_drop \
        == total
    folded = {s.seat for s in seats if s.folded}
    for pot in settlement.pots:
        assert not set(pot.shares) & folded
        assert sum(pot.shares.values()) == pot.awarded
    for record in seats:
        if not record.folded:
            # Nobody wins more from an opponent than he put in himself.
            opponents_at_risk = sum((min(o.put_in, record.put_in) for o in seats
                                     if o.seat != record.seat), D(0))
            assert settlement.collects[record.seat] <= opponents_at_risk + record.put_in
