import pytest
from hypothesis import given
from hypothesis import strategies as st

from tables.rules.cards import (
    DECK,
    JOKER,
    CardError,
    card_str,
    duplicates,
    parse_card,
    parse_cards,
    split_cards,
)


@pytest.mark.parametrize(("text", "expected"), [
    ("As", "As"), ("td", "Td"), ("10d", "Td"), ("10H", "Th"), ("kD", "Kd"), ("A♠", "As"),
    ("q♥", "Qh"), ("7♦", "7d"), ("2♣", "2c"), (" 9c ", "9c"),
])
def test_cards_are_read_in_any_usual_spelling(text, expected):
    assert card_str(parse_card(text)) == expected


@pytest.mark.parametrize("bad", ["Zz", "1s", "11h", "A", "", "Asx", "Ax", "♠A", "0s"])
def test_an_unreadable_card_is_named_in_the_error(bad):
    with pytest.raises(CardError) as error:
        parse_card(bad)
    assert f"'{bad.strip()}' is not a card" in str(error.value)
    assert error.value.card == bad.strip()


def test_a_hand_is_typed_with_spaces_or_commas():
    assert [card_str(c) for c in parse_cards("As Kd, 7c  4h,2s")] == ["As", "Kd", "7c", "4h", "2s"]
    assert parse_cards(["As", "10d"]) == parse_cards("As Td")


def test_the_error_names_the_bad_card_in_a_hand():
    with pytest.raises(CardError, match="'Kx' is not a card"):
        parse_cards("As Kx 7c")


@pytest.mark.parametrize("joker", ["Xx", "Jk", "JK", "xx"])
def test_the_joker_is_read_only_where_the_game_has_one(joker):
    assert parse_card(joker, jokers=True) == JOKER
    with pytest.raises(CardError, match="this game is played without one"):
        parse_card(joker)


def test_a_card_recorded_twice_is_found():
    assert duplicates(parse_cards("As Kd 7c Kd")) == parse_cards("Kd")


def test_distinct_cards_have_no_duplicate():
    assert duplicates(parse_cards("As Ks Ah")) == []


@given(st.integers(min_value=0, max_value=51))
def test_formatting_and_parsing_round_trip(card):
    assert parse_card(card_str(card)) == card
    assert parse_card(card_str(card).lower()) == card


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=7, unique=True),
       st.sampled_from(["", " ", ",", ", "]), st.booleans(), st.booleans())
def test_a_hand_typed_with_or_without_spaces_splits_into_its_cards(hand, gap, tens, upper):
    written = [card_str(c).replace("T", "10") if tens else card_str(c) for c in hand]
    written = [w.upper() if upper else w.lower() for w in written]

    assert split_cards(gap.join(written)) == written
    assert parse_cards(gap.join(written)) == hand


@pytest.mark.parametrize("typed", ["AsKx7c", "QhQs9", "1010h", "AsKd7c4h2sXx"])
def test_a_run_that_is_not_wholly_cards_stays_whole_so_it_is_named(typed):
    assert split_cards(typed) == [typed]
    with pytest.raises(CardError, match=f"'{typed}' is not a card"):
        parse_cards(typed)


@pytest.mark.parametrize(("typed", "where"), [
    ("QhQs9d5c3x", " (after Qh Qs 9d 5c comes '3x')"),
    ("AsKx7c", " (after As comes 'Kx7c')"),
    ("AsKd7c4h2sXx", " (after As Kd 7c 4h 2s comes 'Xx')"),
    ("1010h", ""), ("3x", ""), ("junk", "")])
def test_cards_typed_together_say_where_reading_them_stopped(typed, where):
    with pytest.raises(CardError) as refused:
        parse_cards(typed)
    assert str(refused.value).startswith(f"'{typed}' is not a card{where}: write a rank")
