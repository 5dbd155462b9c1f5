"""The card room's lists and seats (tables.cardroom.services) on a constructed room: Test
Harbor's 20/40 fixed-limit hold'em list and its table HE-1. Order joined, moves with a
reason, calls and the no-shows the room's rule moves down or takes off, seating (a seat
holds one player, a player one seat, a rated player's rating opens and closes with his
seat), table changes, joins by Idempotency-Key, the phone kept encrypted."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal as D

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from casino.common.errors import IdempotencyKeyReused
from tables.cardroom import selectors, services
from tables.cardroom.models import Entry, EntryStep, NoShow, SeatLeft, SeatTaken
from tables.floor.services import table_update
from tables.players import services as players
from tables.players.selectors import open_ratings
from tests.card_room import poker_table
from tests.conftest import make_user

START = dt.datetime(2026, 12, 5, 23, 0, tzinfo=dt.UTC)


@pytest.fixture
def clock(time_machine):
    time_machine.move_to(START, tick=False)

    def later(minutes: float) -> dt.datetime:
        moment = START + dt.timedelta(minutes=minutes)
        time_machine.move_to(moment, tick=False)
        return moment
    return later


@pytest.fixture
def room(clock, supervisor, dealer, us_casino, schedule):
    """HE-1 (20/40 fixed-limit hold'em, open) and its list."""
    table = poker_table(supervisor, dealer, us_casino, schedule)
    waitlist = services.waitlist_open(actor=supervisor, casino=us_casino, game="holdem",
                                      structure="fixed_limit", small=D(20), big=D(40))
    return table, waitlist


def join(supervisor, waitlist, *names):
    return [services.entry_join(actor=supervisor, waitlist=waitlist, name=n)[0] for n in names]


def names(waitlist) -> list[str]:
    by_id = {e.pk: e.name for e in Entry.objects.filter(waitlist=waitlist)}
    return [by_id[pk] for pk in selectors.waiting_ids(waitlist)]


def test_a_list_in_the_order_joined_going_while_its_game_runs(room, supervisor):
    table, waitlist = room
    join(supervisor, waitlist, "Ann Kowalski", "Bo", "Cy D.")
    assert names(waitlist) == ["Ann Kowalski", "Bo", "Cy D."]
    assert [e.initials for e in Entry.objects.order_by("pk")] == ["A.K.", "B.", "C.D."]
    assert waitlist.label == "20/40 fixed-limit Texas hold'em"
    assert selectors.status_of(waitlist) == "going"
    table_update(actor=supervisor, table=table, status="closed")
    assert selectors.status_of(waitlist) == "interest"
    with pytest.raises(ValidationError, match="20/40 fixed-limit Texas hold'em has a list"):
        services.waitlist_open(actor=supervisor, casino=waitlist.casino, game="holdem",
                               structure="fixed_limit", small="20", big="40")


def test_a_move_says_why_and_only_the_moved_entry_changes_place(room, supervisor):
    _, waitlist = room
    _, bo, _, di = join(supervisor, waitlist, "Ann", "Bo", "Cy", "Di")
    with pytest.raises(ValidationError, match="Say why the player is moved"):
        services.entry_move(actor=supervisor, entry=di, position=1, reason=" ")
    services.entry_move(actor=supervisor, entry=di, position=1, reason="was on the list "
                                                                      "before the break")
    assert names(waitlist) == ["Di", "Ann", "Bo", "Cy"]
    services.entry_remove(actor=supervisor, entry=bo, reason="went home")
    assert names(waitlist) == ["Di", "Ann", "Cy"]
    with pytest.raises(ValidationError, match="Bo is no longer on"):
        services.entry_call(actor=supervisor, entry=bo)
    step = EntryStep.objects.get(entry=di)
    assert (step.by, step.reason) == (supervisor, "was on the list before the break")


@pytest.mark.parametrize(("rule", "after"), [
    (NoShow.DOWN, ["Bo", "Cy", "Ann", "Di"]),  # two places down
    (NoShow.OFF, ["Bo", "Cy", "Di"]),
])
def test_a_called_player_who_does_not_show_moves_down_or_off_by_the_room_s_rule(
        room, supervisor, clock, rule, after):
    _, waitlist = room
    ann, *_ = join(supervisor, waitlist, "Ann", "Bo", "Cy", "Di")
    services.room_rules_set(actor=supervisor, casino=waitlist.casino, no_show=rule,
                            down_places=2)
    services.entry_call(actor=supervisor, entry=ann)
    clock(5)
    assert services.no_shows(actor=None, casino=waitlist.casino) == 0  # five minutes: still his
    clock(5.5)
    assert services.no_shows(actor=None, casino=waitlist.casino) == 1
    assert names(waitlist) == after
    step = EntryStep.objects.filter(entry=ann).latest("id")
    assert (step.by, step.reason) == (None, "did not show within 5 minutes of his call")


def test_a_seat_holds_one_player_and_a_rated_player_one_seat(room, supervisor, us_casino,
                                                              schedule, dealer):
    table, waitlist = room
    host = make_user("hana_host", "host")
    pat = players.player_create(actor=host, card="10042", name="Pat Q. Player", tier="gold")
    entry, _ = services.entry_join(actor=supervisor, waitlist=waitlist, card="10042")
    bo, = join(supervisor, waitlist, "Bo")
    taken = services.entry_seat(actor=supervisor, entry=entry, table=table, seat=3)
    assert (taken.name, taken.player) == ("Pat Q. Player", pat)
    assert open_ratings().get(player=pat).seat == 3  # his time counts for his rating
    assert names(waitlist) == ["Bo"]
    with pytest.raises(ValidationError, match=r"seat 3 of HE-1 is taken by Pat Q\. Player"):
        services.entry_seat(actor=supervisor, entry=bo, table=table, seat=3)
    other = poker_table(supervisor, dealer, us_casino, schedule, label="HE-2")
    with pytest.raises(ValidationError, match="already sits at seat 3 of HE-1"):
        services.seat_take(actor=supervisor, table=other, seat=1, name="", card="10042")
    services.seat_take(actor=supervisor, table=table, seat=4, name="J.S.")
    services.seat_take(actor=supervisor, table=table, seat=5, name="J.S.")  # another J.S.
    services.seat_leave(actor=supervisor, taken=taken)
    assert not open_ratings().filter(player=pat).exists()
    with pytest.raises(ValidationError, match="has left seat 3 already"):
        services.seat_leave(actor=supervisor, taken=taken)
    assert selectors.seats_of(us_casino).open_seats(table.pk, table.seats) == [
        1, 2, 3, 6, 7, 8, 9]


def test_a_table_change_leaves_the_old_seat_when_the_new_one_is_taken(room, supervisor, dealer,
                                                                      us_casino, schedule):
    table, waitlist = room
    other = poker_table(supervisor, dealer, us_casino, schedule, label="HE-2")
    taken = services.seat_take(actor=supervisor, table=table, seat=2, name="Ann")
    entry = services.table_change_ask(actor=supervisor, taken=taken, waitlist=waitlist)
    assert names(waitlist) == ["Ann"]
    assert not SeatLeft.objects.exists()  # she keeps her seat meanwhile
    services.entry_seat(actor=supervisor, entry=entry, table=other, seat=6)
    assert SeatLeft.objects.get().taken == taken
    assert [(t.table, t.seat) for t in selectors.seats_of(us_casino).taken_at(other.pk)] == [
        (other.pk, 6)]


def test_a_join_is_kept_once_by_its_key_and_the_phone_never_in_clear(room, supervisor):
    _, waitlist = room
    first, made = services.entry_join(actor=supervisor, waitlist=waitlist, name="Ann",
                                      phone="+1 702 555 0100", idempotency_key="k-1")
    again, made_again = services.entry_join(actor=supervisor, waitlist=waitlist, name="Ann",
                                            phone="+1 702 555 0100", idempotency_key="k-1")
    assert (made, made_again, again.pk) == (True, False, first.pk)
    with pytest.raises(IdempotencyKeyReused):
        services.entry_join(actor=supervisor, waitlist=waitlist, name="Bo",
                            idempotency_key="k-1")
    assert first.phone.startswith("gAAAAA")
    assert "555" not in first.phone
    assert Entry.objects.count() == 1


@pytest.mark.parametrize(("fields", "said"), [
    ({"name": ""}, "Give the player's name or initials, or his card."),
    ({"name": "Ann", "phone": "call me"}, "'call me' is not a phone number."),
    ({"card": "99999"}, "No player holds card '99999'."),
])
def test_a_join_refused_says_which_field_and_stores_nothing(room, supervisor, fields, said):
    _, waitlist = room
    with pytest.raises(ValidationError) as refused:
        services.entry_join(actor=supervisor, waitlist=waitlist, **fields)
    assert said in str(refused.value)
    assert not Entry.objects.exists()


def test_only_a_supervisor_keeps_the_lists(room, dealer):
    _, waitlist = room
    with pytest.raises(PermissionDenied):
        services.entry_join(actor=dealer, waitlist=waitlist, name="Ann")


def test_the_beat_settles_the_no_shows_of_every_room(room, supervisor, clock):
    from tables.cardroom.tasks import settle_no_shows

    _, waitlist = room
    ann, _ = join(supervisor, waitlist, "Ann", "Bo")
    services.entry_call(actor=supervisor, entry=ann)
    clock(6)
    assert settle_no_shows.delay().get() == 1
    assert names(waitlist) == ["Bo", "Ann"]  # three places down: the bottom at most


def test_a_call_tells_the_player_s_phone_once_it_is_recorded(
        room, supervisor, caplog, django_capture_on_commit_callbacks):
    _, waitlist = room
    ann, _ = services.entry_join(actor=supervisor, waitlist=waitlist, name="Ann",
                                 phone="+1 702 555 0147")
    bo, = join(supervisor, waitlist, "Bo")
    with caplog.at_level("INFO", logger="casino.common.notify"), \
            django_capture_on_commit_callbacks(execute=True):
        services.entry_call(actor=supervisor, entry=ann)
        services.entry_call(actor=supervisor, entry=bo)  # no number: nothing sent
    sent = [r.getMessage() for r in caplog.records if r.name == "casino.common.notify"]
    assert sent == ["message to …47: Test Harbor: your seat at 20/40 fixed-limit Texas "
                    "hold'em is ready. Please come to the card room desk within 5 minutes."]


def test_an_open_seat_calls_the_next_player_not_called_yet(room, supervisor, clock):
    table, waitlist = room
    ann, _, cy = join(supervisor, waitlist, "Ann", "Bo", "Cy")
    services.entry_call(actor=supervisor, entry=ann)  # called, on her way
    walk_in = services.seat_take(actor=supervisor, table=table, seat=2, name="J.S.")
    clock(1)
    services.seat_leave(actor=supervisor, taken=walk_in)
    called = list(EntryStep.objects.filter(step="called").order_by("id")
                  .values_list("entry__name", flat=True))
    assert called == ["Ann", "Bo"]  # the seat called Bo, the next not called yet
    services.entry_call_next(actor=supervisor, waitlist=waitlist)
    services.entry_remove(actor=supervisor, entry=cy, reason="went home")
    with pytest.raises(ValidationError, match="Nobody on 20/40 fixed-limit Texas hold'em "
                                              "waits to be called"):
        services.entry_call_next(actor=supervisor, waitlist=waitlist)


def test_a_main_game_fed_by_a_must_move_game_calls_nobody_when_a_seat_opens(
        room, supervisor):
    table, waitlist = room
    services.waitlist_open(actor=supervisor, casino=waitlist.casino, game="holdem",
                           structure="fixed_limit", small=D(20), big=D(40), feeds=waitlist)
    join(supervisor, waitlist, "Ann")
    services.seat_leave(actor=supervisor, taken=services.seat_take(
        actor=supervisor, table=table, seat=2, name="J.S."))
    assert not EntryStep.objects.filter(step="called").exists()  # the must-move player


@pytest.mark.parametrize(("small", "big", "said"), [
    ("0", "2", r"0 is not a stake: give more than 0\."),
    ("5", "2", r"2 is less than the small stake, 5\."),
])
def test_a_list_s_stakes_are_in_order_or_refused_by_name(room, supervisor, small, big, said):
    _, waitlist = room
    with pytest.raises(ValidationError, match=said):
        services.waitlist_open(actor=supervisor, casino=waitlist.casino, game="omaha",
                               structure="no_limit", small=small, big=big)


def test_a_walk_in_s_card_nobody_holds_is_refused_not_seated_unrated(room, supervisor):
    table, _ = room
    with pytest.raises(ValidationError, match="No player holds card '10099'"):
        services.seat_take(actor=supervisor, table=table, seat=1, name="Ann", card=" 10099 ")
    assert not SeatTaken.objects.exists()
