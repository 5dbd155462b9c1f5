"""RULES.md section 2: Caribbean Stud (US) and Casino Stud (UK) settlement."""

from decimal import Decimal

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules.batch import evaluate5_batch
from tables.rules.cards import parse_cards
from tables.rules.stud import (
    UK_TERMS,
    US_ODDS,
    US_TERMS,
    Decision,
    Irregularity,
    Outcome,
    PaytableTerms,
    RoundVoid,
    SeatPlay,
    SettlementError,
    SideWager,
    qualifier_value,
    settle_round,
)

D = Decimal
QUALIFYING_DEALER = "As Kd 7c 4h 2s"      # ace-king high: qualifies
NON_QUALIFYING_DEALER = "As Qd 7c 4h 2s"  # ace-queen high: does not


def seat(n, ante, decision="raise", cards=None, **kw):
    return SeatPlay(n, D(ante), Decision(decision), tuple(parse_cards(cards)) if cards else None,
                    **kw)


def settle(dealer, *seats, terms=US_TERMS, **kw):
    return settle_round(terms, parse_cards(dealer) if dealer else None, seats, **kw)


def only(result):
    (seat_result,) = result.seats
    return seat_result


def test_rules_2_3_a_fold_loses_the_ante():
    result = only(settle(QUALIFYING_DEALER, seat(3, "5.00", "fold")))
    assert (result.outcome, result.ante_result, result.bet_result) == (
        Outcome.FOLD, D("-5.00"), D(0))


def test_rules_2_3_a_raise_is_a_bet_of_twice_the_ante():
    assert seat(1, "10.00", "raise").bet == D("20.00")


@pytest.mark.parametrize(("dealer", "qualifies"), [
    ("As Kd 7c 4h 2s", True), ("As Qd Jc 9h 7s", False), ("2s 2d 7c 4h 3s", True),
    ("Ks Qd Jc 9h 7s", False), ("As Ks Qs Js 9s", True), ("5d 4d 3c 2s As", True),
])
def test_rules_2_4_the_dealer_qualifies_with_ace_king_or_better(dealer, qualifies):
    result = settle(dealer, seat(1, "10", cards="Qh Qc 9d 5c 3h"))
    assert result.dealer_qualified is qualifies


def test_rules_2_4_the_qualifier_is_part_of_the_paytable():
    pair_of_fours = PaytableTerms(odds=US_ODDS, max_payout=D(5000), dealer_qualifier="44")
    assert not settle("3s 3d Kc Ah 2s", seat(1, "10", cards="Qh Qs 9d 5c 2h"),
                      terms=pair_of_fours).dealer_qualified
    assert settle("4s 4d Kc Ah 2s", seat(1, "10", cards="Qh Qs 9d 5c 2h"),
                  terms=pair_of_fours).dealer_qualified


def test_rules_2_4_an_unknown_qualifier_is_refused_by_name():
    with pytest.raises(SettlementError, match="'A9' is not a dealer qualifier"):
        qualifier_value("A9")


def test_rules_2_10_the_dealer_qualifies_with_1463700_of_2598960_hands(all_five_card_hands):
    values = evaluate5_batch(all_five_card_hands)
    assert int(np.count_nonzero(values >= qualifier_value("AK"))) == 1_463_700


def test_rules_2_5_dealer_does_not_qualify_ante_wins_bet_pushes():
    result = only(settle(NON_QUALIFYING_DEALER, seat(1, "10.00", cards="Qh Qs 9d 5c 3h")))
    assert (result.outcome, result.ante_result, result.bet_result) == (
        Outcome.DEALER_NOT_QUALIFIED, D("10.00"), D(0))


def test_rules_2_5_player_better_ante_wins_and_bet_pays_the_odds():
    # The API contract's example: a pair of queens against ace-king.
    result = only(settle(QUALIFYING_DEALER, seat(1, "10.00", cards="Qh Qs 9d 5c 3h")))
    assert (result.outcome, result.category, result.ante_result, result.bet_result,
            result.net) == (Outcome.WIN, "one_pair", D("10.00"), D("20.00"), D("30.00"))


def test_rules_2_5_dealer_better_house_takes_ante_and_bet():
    result = only(settle("Ks Kd 7c 4h 2s", seat(1, "10.00", cards="Qh Qs 9d 5c 3h")))
    assert (result.outcome, result.ante_result, result.bet_result) == (
        Outcome.LOSE, D("-10.00"), D("-20.00"))


def test_rules_2_5_an_exact_tie_pushes_ante_and_bet():
    result = only(settle("Ks Kd 7c 4h 2s", seat(1, "10.00", cards="Kh Kc 7d 4c 2h")))
    assert (result.outcome, result.ante_result, result.bet_result) == (Outcome.PUSH, 0, 0)


@pytest.mark.parametrize(("cards", "odds"), [
    ("Ah Kh Qh Jh Th", 100), ("9h 8h 7h 6h 5h", 50), ("9h 9d 9c 9s 5h", 20),
    ("9h 9d 9c 5s 5h", 7), ("Ah Jh 8h 6h 2h", 5), ("9h 8d 7c 6s 5h", 4), ("9h 9d 9c 6s 5h", 3),
    ("9h 9d 6c 6s 5h", 2), ("Qh Qd 6c 5s 3h", 1), ("Ah Kd 6c 5s 3h", 1),
])
def test_rules_2_6_the_us_paytable_on_the_bet(cards, odds):
    result = only(settle("As Kc 4d 3s 2c", seat(1, "1.00", cards=cards)))
    assert (result.outcome, result.bet_result) == (Outcome.WIN, D(2) * odds)


def test_rules_2_6_ace_king_beating_ace_king_pays_even_money():
    result = only(settle("As Kd 7c 4h 2s", seat(1, "5.00", cards="Ah Kc 9d 4c 3h")))
    assert (result.outcome, result.bet_result) == (Outcome.WIN, D("10.00"))


def test_rules_2_6_the_bets_win_is_capped_at_the_maximum_payout():
    result = only(settle(QUALIFYING_DEALER, seat(1, "100.00", cards="Ah Kh Qh Jh Th")))
    # 200 bet at 100:1 would be 20,000; the cap is 5,000.
    assert (result.bet_result, result.ante_result) == (D(5000), D(100))


def test_rules_2_7_the_uk_royal_flush_pays_fifty_to_one_up_to_ten_thousand():
    result = only(settle(QUALIFYING_DEALER, seat(1, "100.00", cards="Ah Kh Qh Jh Th"),
                         terms=UK_TERMS))
    assert result.bet_result == D(10000)


def test_rules_2_7_uk_jackpot_hands_are_shown_when_the_dealer_does_not_qualify():
    with pytest.raises(SettlementError, match="Seat 2 plays the jackpot: record its five cards"):
        settle(NON_QUALIFYING_DEALER, seat(2, "10", "fold", progressive=True), terms=UK_TERMS)


def test_rules_2_8_a_misdealt_hand_is_dead_and_pushes():
    result = only(settle(QUALIFYING_DEALER,
                         seat(4, "10", cards="Qh Qs 9d 5c", irregularity=Irregularity.MISDEAL)))
    assert (result.outcome, result.net) == (Outcome.DEAD, 0)


def test_rules_2_8_sharing_hand_information_forfeits_all_wagers():
    result = only(settle(QUALIFYING_DEALER,
                         seat(4, "10", cards="Qh Qs 9d 5c 3h", irregularity=Irregularity.VIOLATION,
                              progressive=True)))
    assert (result.outcome, result.ante_result, result.bet_result, result.side_wager) == (
        Outcome.DEAD, D(-10), D(-20), SideWager.FORFEIT)


def test_rules_2_8_a_dealer_with_four_cards_must_take_a_fifth():
    with pytest.raises(SettlementError, match="a dealer dealt four takes a fifth card") as error:
        settle("As Kd 7c 4h", seat(1, "10", cards="Qh Qs 9d 5c 3h"))
    assert error.value.path == ("dealer_cards",)


@pytest.mark.parametrize("reason", list(RoundVoid))
def test_rules_2_8_a_void_round_returns_every_wager(reason):
    result = settle(None, seat(1, "10", cards="Qh Qs 9d 5c 3h"),
                    seat(2, "5", "fold", progressive=True), void=reason)
    assert [(s.outcome, s.net) for s in result.seats] == [(Outcome.VOID, 0), (Outcome.VOID, 0)]
    assert result.seats[1].side_wager == SideWager.RETURNED


def test_rules_2_9_one_hand_per_seat():
    with pytest.raises(SettlementError, match="Seat 3 is recorded twice") as error:
        settle(QUALIFYING_DEALER, seat(3, "5", "fold"), seat(3, "5", "fold"))
    assert error.value.path == ("seats", 1, "seat")


def test_duplicate_cards_anywhere_in_the_round_are_refused_naming_the_place():
    with pytest.raises(SettlementError, match="Kd appears more than once") as error:
        settle(QUALIFYING_DEALER, seat(1, "10", cards="Qh Qs 9d 5c 3h"),
               seat(2, "10", cards="Kd 8s 8d 5d 3d"))
    assert error.value.path == ("seats", 1, "cards")


def test_every_problem_of_a_round_is_found_at_once():
    with pytest.raises(SettlementError) as error:
        settle("As Kd 7c 4h", seat(1, "10", cards="Qh Qs 9d 5c"), seat(2, "10"),
               seat(3, "10", cards="Kd 9h 8h 3c 2c"), seat(9, "5", "fold"))
    assert error.value.problems == (
        (("seats", 0, "cards"), "Seat 1 has 4 cards (Qh Qs 9d 5c); a hand is five cards. If "
                                "it was misdealt, mark the seat's irregularity 'misdeal'."),
        (("seats", 1, "cards"), "Seat 2 raised: record its five cards."),
        (("seats", 3, "seat"), "Seat 9 does not exist: seats are 1-7."),
        (("dealer_cards",), "The dealer's hand has 4 cards; it must have five (a dealer dealt "
                            "four takes a fifth card; any other misdeal voids the round)."),
        (("seats", 2, "cards"), "Kd appears more than once: in the dealer's cards and seat "
                                "3's cards; a deck has one of each card."),
    )


def test_a_card_twice_in_one_hand_is_named_once():
    with pytest.raises(SettlementError, match="9h appears more than once: in seat 1's cards, "
                                              "twice"):
        settle(QUALIFYING_DEALER, seat(1, "10", cards="9h 9h 8h 3c 2c"))


def test_a_void_round_needs_no_decisions():
    result = settle(None, SeatPlay(seat=1, ante=D(10), decision=None), void=RoundVoid.MISDEAL)
    assert result.seats[0].outcome == Outcome.VOID


def test_a_wrong_card_count_without_an_irregularity_is_refused():
    with pytest.raises(SettlementError, match="Seat 1 has 4 cards"):
        settle(QUALIFYING_DEALER, seat(1, "10", cards="Qh Qs 9d 5c"))


def test_a_raise_without_cards_is_refused():
    with pytest.raises(SettlementError, match="Seat 5 raised: record its five cards"):
        settle(QUALIFYING_DEALER, seat(5, "10"))


def test_seats_outside_the_table_are_refused():
    with pytest.raises(SettlementError, match="Seat 8 does not exist"):
        settle(QUALIFYING_DEALER, seat(8, "10", "fold"))


# --- Properties -------------------------------------------------------------------------

@st.composite
def rounds(draw):
    deck = draw(st.permutations(range(52)))
    count = draw(st.integers(1, 7))
    seats = []
    for index in range(count):
        cards = tuple(deck[5 + 5 * index:10 + 5 * index])
        decision = draw(st.sampled_from(list(Decision)))
        ante = D(draw(st.integers(1, 100000))) / 100
        seats.append(SeatPlay(index + 1, ante, decision, cards,
                              progressive=draw(st.booleans())))
    return deck[:5], seats


@settings(max_examples=300)
@given(rounds())
def test_settlement_never_pays_a_folded_seat(round_):
    dealer, seats = round_
    for result, play in zip(settle_round(US_TERMS, dealer, seats).seats, seats, strict=True):
        if play.decision == Decision.FOLD:
            assert result.outcome == Outcome.FOLD
            assert result.net == -play.ante


@settings(max_examples=300)
@given(rounds())
def test_a_seat_never_loses_more_than_it_wagered_nor_wins_beyond_the_cap(round_):
    dealer, seats = round_
    for result, play in zip(settle_round(US_TERMS, dealer, seats).seats, seats, strict=True):
        assert result.net >= -(play.ante + play.bet)
        assert result.bet_result <= US_TERMS.max_payout
        assert result.ante_result in (play.ante, -play.ante, 0)
