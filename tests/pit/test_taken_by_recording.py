"""The dealer who records at a table is the dealer on it (issue 31): a round or hand
recorded by a dealer the floor does not have at the table is his taking of it, made as a
relief; the dealer he finds there goes on his break; one who never clocked in is clocked
in by it. The round is never refused for the floor's sake."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from casino.house.models import Casino
from tables.floor.services import table_dealer_assign
from tables.pit import selectors, services
from tables.pit.models import DealerMove, MoveKind
from tables.poker.services import poker_hand_record
from tables.stud.services import stud_round_record
from tests.card_room import poker_table
from tests.helpers import DEALER

SEATS = [{"seat": 1, "ante": Decimal(10), "decision": "fold",
          "cards": ["Qh", "Qs", "9d", "5c", "3h"]}]


def record(dealer, table):
    return stud_round_record(actor=dealer, table=table, dealer_cards=DEALER, seats=SEATS)[0]


def on(table):
    now = dt.datetime.now(dt.UTC)
    found = selectors.dealer_on(table, selectors.on_the_floor(table.casino, now))
    return found.dealer_id if found else None


def moves(dealer):
    return list(DealerMove.objects.filter(dealer=dealer).order_by("at", "id")
                .values_list("kind", "table__label", "relieved__username"))


def test_a_dealer_never_clocked_in_who_records_is_clocked_in_and_on_the_table(
        live_table, dealer):
    round_ = record(dealer, live_table)
    assert on(live_table) == dealer.pk
    assert moves(dealer) == [(MoveKind.CLOCK_IN, None, None), (MoveKind.TABLE, "CS-1", None)]
    assert round_.dealer == dealer
    record(dealer, live_table)  # already on it: nothing more
    assert len(moves(dealer)) == 2


def test_recording_where_another_dealer_stands_relieves_him_onto_his_break(
        live_table, supervisor, dealer, other_dealer, us_casino):
    table_dealer_assign(actor=supervisor, table=live_table, dealer=other_dealer)
    services.dealer_clock_in(actor=other_dealer, casino=us_casino, dealer=other_dealer)
    services.dealer_relieve(actor=other_dealer, table=live_table, relief=other_dealer)
    record(dealer, live_table)
    assert on(live_table) == dealer.pk
    assert moves(dealer)[-1] == (MoveKind.TABLE, "CS-1", "otto_dealer")
    otto = DealerMove.objects.filter(dealer=other_dealer).latest("at", "id")
    assert otto.kind == MoveKind.BREAK
    assert otto.until - otto.at == dt.timedelta(minutes=20)  # the default break


def test_a_dealer_leaving_one_table_for_another_by_recording_leaves_the_first_empty(
        live_table, supervisor, dealer, us_casino, schedule):
    holdem = poker_table(supervisor, dealer, us_casino, schedule)
    record(dealer, live_table)
    poker_hand_record(actor=dealer, table=holdem, pot=Decimal(85), flop_dealt=True)
    assert (on(live_table), on(holdem)) == (None, dealer.pk)


def test_a_dealer_clocked_in_at_another_casino_still_records_and_keeps_his_moves_there(
        live_table, supervisor, dealer):
    elsewhere = Casino.objects.create(name="Elsewhere", currency="USD",
                                      timezone="America/New_York")
    services.dealer_clock_in(actor=dealer, casino=elsewhere, dealer=dealer)
    round_ = record(dealer, live_table)
    assert round_.pk is not None
    assert on(live_table) is None
    assert moves(dealer) == [(MoveKind.CLOCK_IN, None, None)]


def test_a_refused_round_takes_nothing(live_table, dealer):
    with pytest.raises(ValidationError):
        stud_round_record(actor=dealer, table=live_table, dealer_cards=DEALER,
                          seats=[{**SEATS[0], "ante": Decimal(100000)}])
    assert moves(dealer) == []
