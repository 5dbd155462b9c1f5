"""The reports' tests use the floor recorded at chosen instants (tests/played.py)."""

from decimal import Decimal as D

import pytest

from payouts.terms import services as terms
from tests.card_room import poker_table
from tests.played import NEW_YORK, WINNING_ROUND, at

__all__ = ["NEW_YORK", "WINNING_ROUND", "at"]


@pytest.fixture
def timed(supervisor, dealer, us_casino):
    """NL-1: time collected at 6.00 a seat per half hour."""
    draft = terms.schedule_create(actor=supervisor, name="Time", method="time",
                                  time_fee=D(6), time_period_minutes=30, casino=us_casino)
    return poker_table(supervisor, dealer, us_casino,
                       terms.schedule_publish(actor=supervisor, schedule=draft),
                       label="NL-1", structure="no_limit", small_blind=D(1), big_blind=D(2))
