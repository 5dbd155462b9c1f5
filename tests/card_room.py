"""The card room's test tables and helpers, shared by the poker tests (a plugin of
tests/conftest.py: the fixtures are found by name)."""

from decimal import Decimal

import pytest

from payouts.terms import services as terms
from tables.floor.services import table_create, table_set_poker_settings
from tables.poker.models import PokerHand, PokerPot, PokerSeat

D = Decimal


@pytest.fixture
def schedule(controller):
    """The group's published schedule (a group supervisor's to make)."""
    draft = terms.schedule_create(actor=controller, name="Ten capped at five",
                                  percent=D(10), cap=D("5.00"))
    return terms.schedule_publish(actor=controller, schedule=draft)


def poker_table(supervisor, dealer, casino, schedule, *, label="HE-1", game="holdem",
                **settings):
    table = table_create(actor=supervisor, casino=casino, label=label, game=game,
                                  status="open", dealers=[dealer])
    settings = settings or {"structure": "fixed_limit", "small_bet": D(20), "big_bet": D(40),
                            "small_blind": D(10), "big_blind": D(20)}
    return table_set_poker_settings(actor=supervisor, table=table,
                                                   rake_schedule=schedule, **settings)


@pytest.fixture
def holdem(supervisor, dealer, us_casino, schedule):
    return poker_table(supervisor, dealer, us_casino, schedule)


def record(api, table, body, user):
    return api.as_user(user).post(f"/api/v1/tables/{table.pk}/poker-hands/", body,
                                  format="json")


def nothing_stored():
    return (PokerHand.objects.count(), PokerSeat.objects.count(), PokerPot.objects.count()) == (
        0, 0, 0)


SIDE_POT_HAND = {  # RULES.md 4: A bets 20, B is all in for 5, C calls 20
    "board": ["2c", "7d", "9h", "Js", "4c"],
    "seats": [
        {"seat": 1, "put_in": "20.00", "cards": ["As", "Ad"]},
        {"seat": 2, "put_in": "5.00", "all_in": True, "cards": ["Kh", "Kd"]},
        {"seat": 3, "put_in": "20.00", "cards": ["Qh", "Qd"]},
    ],
}


@pytest.fixture
def kill_table(supervisor, dealer, us_casino, schedule):
    return poker_table(supervisor, dealer, us_casino, schedule, label="K-1",
                       structure="fixed_limit", small_bet=D(20), big_bet=D(40),
                       small_blind=D(10), big_blind=D(20), kill="full",
                       kill_trigger="pot_size", kill_pot_big_bets=D(10))
