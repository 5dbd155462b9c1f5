"""A small floor recorded at chosen instants: stud rounds, poker hands, a meter (fixtures
for every test, registered in tests/conftest.py)."""

import datetime as dt
from decimal import Decimal as D
from zoneinfo import ZoneInfo

import pytest
import time_machine

from payouts.terms import services as terms
from tables.floor.services import table_create, table_set_poker_settings
from tables.poker.services import poker_hand_record
from tables.stud.services import stud_round_record
from tests.helpers import CONTRACT_ROUND as WINNING_ROUND  # the round seat 1 wins

NEW_YORK = ZoneInfo("America/New_York")


def at(year, month, day, hour, minute=0):
    """An instant on the New York clock of the test casino."""
    return dt.datetime(year, month, day, hour, minute, tzinfo=NEW_YORK)


@pytest.fixture
def travel():
    """travel(moment): the service's clock stands at that instant until the next call."""
    machines = []

    def go(moment):
        while machines:
            machines.pop().stop()
        machine = time_machine.travel(moment, tick=False)
        machine.start()
        machines.append(machine)

    yield go
    while machines:
        machines.pop().stop()


@pytest.fixture
def holdem(supervisor, controller, dealer, us_casino):
    schedule = terms.schedule_publish(actor=controller, schedule=terms.schedule_create(
        actor=controller, name="Ten capped at five", percent=D(10), cap=D("5.00")))
    table = table_create(actor=supervisor, casino=us_casino, label="HE-1", game="holdem",
                         status="open", dealers=[dealer])
    return table_set_poker_settings(
        actor=supervisor, table=table, rake_schedule=schedule, structure="fixed_limit",
        small_bet=D(20), big_bet=D(40), small_blind=D(10), big_blind=D(20))


@pytest.fixture
def play_round(dealer, travel):
    def play(table, moment, body=WINNING_ROUND, **extra):
        travel(moment)
        return stud_round_record(actor=dealer, table=table, **body, **extra)[0]
    return play


@pytest.fixture
def play_hand(dealer, travel):
    def play(table, moment, pot="85.00"):
        travel(moment)
        return poker_hand_record(actor=dealer, table=table, pot=D(pot), flop_dealt=True)[0]
    return play
