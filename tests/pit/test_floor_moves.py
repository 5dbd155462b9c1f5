"""The dealers on the floor (tables.pit): clocking in and out, reliefs and breaks as
records, the refusals in words, who may record what, and the rotation proposed from the
floor as the records leave it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import DatabaseError

from tables.floor.models import Game, TableStatus
from tables.floor.services import table_create
from tables.pit import selectors, services
from tables.pit.models import DealerMove, MoveKind, RotationRules
from tables.rules.rotation import FlagKind, Reason
from tests.conftest import make_user
from tests.helpers import attempt

START = dt.datetime(2026, 12, 5, 23, 0, tzinfo=dt.UTC)  # 18:00 in New York


@pytest.fixture
def clock(time_machine):
    time_machine.move_to(START, tick=False)

    def later(minutes: float) -> dt.datetime:
        moment = START + dt.timedelta(minutes=minutes)
        time_machine.move_to(moment, tick=False)
        return moment
    return later


@pytest.fixture
def floor(clock, supervisor, dealer, other_dealer, us_casino):
    """CS-1 (stud) and HE-1 (hold'em), open; Dana deals both games, Otto stud only."""
    cs = table_create(actor=supervisor, casino=us_casino, label="CS-1",
                      game=Game.CARIBBEAN_STUD, status=TableStatus.OPEN)
    he = table_create(actor=supervisor, casino=us_casino, label="HE-1", game=Game.HOLDEM,
                      status=TableStatus.OPEN)
    services.dealer_games_set(actor=supervisor, casino=us_casino, dealer=dealer,
                              games=[Game.CARIBBEAN_STUD, Game.HOLDEM])
    services.dealer_games_set(actor=supervisor, casino=us_casino, dealer=other_dealer,
                              games=[Game.CARIBBEAN_STUD])
    return cs, he


def where(casino, user):
    return selectors.on_the_floor(casino, dt.datetime.now(dt.UTC)).get(user.pk)


def test_a_dealer_clocks_in_takes_a_table_and_is_relieved_onto_a_break(
        floor, clock, supervisor, dealer, other_dealer, us_casino):
    cs, _ = floor
    services.dealer_clock_in(actor=dealer, casino=us_casino, dealer=dealer)
    services.dealer_clock_in(actor=supervisor, casino=us_casino, dealer=other_dealer)
    services.dealer_relieve(actor=dealer, table=cs, relief=dealer)
    assert where(us_casino, dealer).table_id == cs.pk
    clock(60)
    moves = services.dealer_relieve(actor=supervisor, table=cs, relief=other_dealer)
    assert [(m.dealer, m.kind) for m in moves] == [(dealer, MoveKind.BREAK),
                                                   (other_dealer, MoveKind.TABLE)]
    assert moves[0].until == START + dt.timedelta(minutes=80)  # the default 20-minute break
    assert (moves[1].relieved, moves[1].by) == (dealer, supervisor)
    assert where(us_casino, dealer).table_id is None
    assert where(us_casino, other_dealer).table_id == cs.pk


def test_the_refusals_name_the_dealer_and_say_why(floor, supervisor, dealer, other_dealer,
                                                  us_casino):
    cs, he = floor
    with pytest.raises(ValidationError, match="otto_dealer is not clocked in"):
        services.dealer_relieve(actor=supervisor, table=cs, relief=other_dealer)
    services.dealer_clock_in(actor=dealer, casino=us_casino, dealer=dealer)
    with pytest.raises(ValidationError, match=r"dana_dealer is already clocked in \(since 18:00\)"):
        services.dealer_clock_in(actor=dealer, casino=us_casino, dealer=dealer)
    services.dealer_clock_in(actor=other_dealer, casino=us_casino, dealer=other_dealer)
    with pytest.raises(ValidationError, match=r"otto_dealer may not deal Texas hold'em "
                                              r"\(his games: Caribbean Stud / Casino Stud\)"):
        services.dealer_relieve(actor=supervisor, table=he, relief=other_dealer)
    services.dealer_relieve(actor=supervisor, table=cs, relief=dealer)
    with pytest.raises(ValidationError, match="dana_dealer is dealing CS-1: a relief must take"):
        services.dealer_clock_out(actor=dealer, casino=us_casino, dealer=dealer)
    with pytest.raises(ValidationError, match="dana_dealer is dealing CS-1: relieve him there"):
        services.dealer_relieve(actor=supervisor, table=he, relief=dealer)
    with pytest.raises(ValidationError, match="dana_dealer is already dealing CS-1"):
        services.dealer_relieve(actor=supervisor, table=cs, relief=dealer)
    with pytest.raises(ValidationError, match="'lunch' is not where a relieved dealer goes"):
        services.dealer_relieve(actor=supervisor, table=cs, relief=other_dealer,
                                goes_to="lunch")
    assert DealerMove.objects.count() == 3  # two clock-ins and a table: nothing else


def test_a_supervisor_sends_a_dealer_home_from_his_table_and_the_table_waits_for_one(
        floor, supervisor, dealer, us_casino):
    cs, _ = floor
    services.dealer_clock_in(actor=dealer, casino=us_casino, dealer=dealer)
    services.dealer_relieve(actor=dealer, table=cs, relief=dealer)
    services.dealer_clock_out(actor=supervisor, casino=us_casino, dealer=dealer)
    assert where(us_casino, dealer) is None
    now = dt.datetime.now(dt.UTC)
    flags = [f for p in selectors.proposal(us_casino, now).values() for f in p.flags]
    assert (FlagKind.UNCOVERED, cs.pk) in [(f.kind, f.table) for f in flags]
    with pytest.raises(ValidationError, match="dana_dealer is not clocked in"):
        services.dealer_clock_out(actor=supervisor, casino=us_casino, dealer=dealer)


def test_a_closed_table_takes_no_dealer(floor, supervisor, dealer, us_casino):
    cs, _ = floor
    from tables.floor.services import table_update

    table_update(actor=supervisor, table=cs, status=TableStatus.CLOSED)
    services.dealer_clock_in(actor=dealer, casino=us_casino, dealer=dealer)
    with pytest.raises(ValidationError, match="CS-1 is closed: open it before"):
        services.dealer_relieve(actor=dealer, table=cs, relief=dealer)


def test_a_dealer_records_his_own_moves_only(floor, dealer, other_dealer, us_casino):
    cs, _ = floor
    with pytest.raises(PermissionDenied, match="Only a pit supervisor clocks in"):
        services.dealer_clock_in(actor=dealer, casino=us_casino, dealer=other_dealer)
    services.dealer_clock_in(actor=other_dealer, casino=us_casino, dealer=other_dealer)
    with pytest.raises(PermissionDenied, match="Only a pit supervisor records a relief"):
        services.dealer_relieve(actor=dealer, table=cs, relief=other_dealer)
    with pytest.raises(PermissionDenied):
        services.rotation_rules_set(actor=dealer, casino=us_casino, minutes_on=30)
    host = make_user("hal_host", "host")
    with pytest.raises(ValidationError, match="hal_host is not a dealer of Test Harbor"):
        services.dealer_clock_in(actor=host, casino=us_casino, dealer=host)


def test_a_break_and_a_meal_from_the_floor_and_back(floor, clock, supervisor, dealer,
                                                    us_casino):
    services.dealer_clock_in(actor=dealer, casino=us_casino, dealer=dealer)
    meal = services.dealer_break(actor=supervisor, casino=us_casino, dealer=dealer,
                                 kind=MoveKind.MEAL)
    assert meal.until == START + dt.timedelta(minutes=30)
    assert where(us_casino, dealer).had_meal
    clock(31)
    services.dealer_clock_out(actor=dealer, casino=us_casino, dealer=dealer)
    assert where(us_casino, dealer) is None
    with pytest.raises(ValidationError, match="dana_dealer is not clocked in"):
        services.dealer_break(actor=dealer, casino=us_casino, dealer=dealer)


def test_a_pits_own_rules_set_its_breaks_and_are_audited(floor, clock, supervisor, dealer,
                                                         other_dealer, us_casino):
    cs, _ = floor
    from tables.floor.services import table_update

    table_update(actor=supervisor, table=cs, pit="Pit 2")
    services.rotation_rules_set(actor=supervisor, casino=us_casino, pit="Pit 2",
                                minutes_on=40, break_minutes=15)
    rules = RotationRules.objects.get(casino=us_casino, pit="Pit 2")
    event = rules.events.order_by("pgh_id").last()
    assert (event.minutes_on, event.pgh_context.metadata["user"]) == (40, supervisor.pk)
    for person in (dealer, other_dealer):
        services.dealer_clock_in(actor=supervisor, casino=us_casino, dealer=person)
    services.dealer_relieve(actor=supervisor, table=cs, relief=dealer)
    clock(41)
    proposal = selectors.proposal(us_casino, dt.datetime.now(dt.UTC))
    assert [(p.table, p.dealer, p.relieved, p.reason) for p in proposal["Pit 2"].reliefs] == [
        (cs.pk, other_dealer.pk, dealer.pk, Reason.BREAK_DUE)]
    moves = services.dealer_relieve(actor=supervisor, table=cs, relief=other_dealer)
    assert moves[0].until == START + dt.timedelta(minutes=41 + 15)


def test_the_proposal_flags_what_no_relief_can_cover(floor, clock, supervisor, dealer,
                                                     other_dealer, us_casino):
    cs, he = floor
    services.dealer_clock_in(actor=supervisor, casino=us_casino, dealer=dealer)
    services.dealer_relieve(actor=supervisor, table=cs, relief=dealer)
    clock(75)
    proposal = selectors.proposal(us_casino, dt.datetime.now(dt.UTC))[""]
    assert proposal.reliefs == []
    assert {(f.kind, f.table) for f in proposal.flags} == {
        (FlagKind.BREAK_OVERDUE, cs.pk), (FlagKind.UNCOVERED, he.pk)}


def test_a_move_is_never_changed_or_deleted(floor, dealer, us_casino):
    move = services.dealer_clock_in(actor=dealer, casino=us_casino, dealer=dealer)
    with pytest.raises(DatabaseError):
        attempt("UPDATE tables_dealermove SET at = at - interval '1 hour' WHERE id = %s",
                [move.pk])
    with pytest.raises(DatabaseError):
        attempt("DELETE FROM tables_dealermove WHERE id = %s", [move.pk])


def test_a_dealer_is_on_one_floor_at_a_time(floor, supervisor, dealer, us_casino):
    from tables.floor.services import casino_create

    other = casino_create(actor=supervisor, name="Second Floor", currency="USD",
                          timezone="America/New_York")
    services.dealer_clock_in(actor=dealer, casino=us_casino, dealer=dealer)
    with pytest.raises(ValidationError, match="dana_dealer is clocked in at Test Harbor: he "
                                              r"clocks out there first\."):
        services.dealer_clock_in(actor=dealer, casino=other, dealer=dealer)
    services.dealer_clock_out(actor=dealer, casino=us_casino, dealer=dealer)
    services.dealer_clock_in(actor=dealer, casino=other, dealer=dealer)


def test_a_table_closed_under_a_dealer_leaves_him_free(floor, supervisor, dealer, us_casino):
    from tables.floor.services import table_update

    cs, _ = floor
    services.dealer_clock_in(actor=dealer, casino=us_casino, dealer=dealer)
    services.dealer_relieve(actor=dealer, table=cs, relief=dealer)
    table_update(actor=supervisor, table=cs, status=TableStatus.CLOSED)
    assert where(us_casino, dealer).table_id is None
    services.dealer_break(actor=supervisor, casino=us_casino, dealer=dealer)
    services.dealer_clock_out(actor=dealer, casino=us_casino, dealer=dealer)

