"""Who sits where, one source (tables.cardroom.seating, issue 44 point 3), on a hand-made
room: a walk-in seated at the desk is on the pit's live board, the room's public board
and the table's seats page; a rated player seated at the seats page is on the desk's seat
map and the public board; a quick hand that dealt more players than are recorded counts
them everywhere; one player seen by two records is one seat."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tables.board.read import board_of
from tables.cardroom.seating import seats_now
from tables.players import services as ratings
from tests.card_room import poker_table, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def room(client, supervisor, dealer, us_casino, schedule):
    client.force_login(supervisor)
    return client, poker_table(supervisor, dealer, us_casino, schedule)


def _flat(answer) -> str:
    assert answer.status_code == 200
    return " ".join(answer.content.decode().split())


def _pit_seats(casino, table) -> str:
    board = board_of(casino, timezone.now())
    return next(line.seats for pit in board.pits for line in pit.lines if line.id == table.pk)


def test_a_walk_in_seated_at_the_desk_is_on_every_page(room, us_casino):
    client, table = room
    assert _pit_seats(us_casino, table) == "— of 9"
    said = _flat(client.post("/pit/cardroom/seat/", {
        "casino": us_casino.pk, "action": "take", "table": table.pk, "seat": "4",
        "name": "Kim"}, follow=True))
    assert "Kim sits at seat 4 of HE-1." in said
    assert _pit_seats(us_casino, table) == "1 of 9"
    assert "<strong>HE-1</strong> 8 open seats" in _flat(
        client.get(f"/cardroom/{us_casino.pk}/board/"))
    seats = _flat(client.get(f"/tables/{table.pk}/seats/"))
    assert 'data-occupied="1"' in seats
    assert '<tr data-seat="4" data-taken>' in seats
    assert "<strong>Kim</strong>" in seats
    assert 'title="seat 4 of HE-1 is taken by Kim"' in said  # the desk's seat map


def test_a_rated_player_seated_at_the_seats_page_is_on_the_desk_and_the_board(
        room, us_casino, supervisor, host_and_player):
    client, table = room
    _, player = host_and_player
    ratings.rating_open(actor=supervisor, table=table, seat=2, player=player)
    desk = _flat(client.get(f"/pit/cardroom/?casino={us_casino.pk}"))
    assert '<li data-seat="2"><strong>Seat 2</strong> Pat · rated' in desk
    assert "1 of 9 seats taken" in desk
    assert _pit_seats(us_casino, table) == "1 of 9"
    assert "<strong>HE-1</strong> 8 open seats" in _flat(
        client.get(f"/cardroom/{us_casino.pk}/board/"))


def test_a_quick_hand_s_players_count_once_beside_the_seats_known(
        room, us_casino, supervisor, dealer, api):
    client, table = room
    client.post("/pit/cardroom/seat/", {"casino": us_casino.pk, "action": "take",
                                        "table": table.pk, "seat": "1", "name": "J.S."})
    assert record(api, table, {"pot": "40.00", "flop_dealt": True, "players_dealt": 6},
                  dealer).status_code == 201
    found = seats_now([table], timezone.now())[table.pk]
    assert (found.occupied, found.unplaced, found.open_seats[:2]) == (6, 5, [2, 3])
    assert _pit_seats(us_casino, table) == "6 of 9"
    assert "<strong>HE-1</strong> 3 open seats" in _flat(
        client.get(f"/cardroom/{us_casino.pk}/board/"))
    assert 'data-occupied="6"' in _flat(client.get(f"/tables/{table.pk}/seats/"))


def test_a_rated_player_seated_by_the_desk_is_one_seat_not_two(room, us_casino,
                                                               host_and_player):
    client, table = room
    client.post("/pit/cardroom/seat/", {"casino": us_casino.pk, "action": "take",
                                        "table": table.pk, "seat": "3", "card": "10042"})
    found = seats_now([table], timezone.now())[table.pk]
    assert [(s.seat, s.by, s.rated) for s in found.taken] == [(3, "card room", True)]
    assert _pit_seats(us_casino, table) == "1 of 9"


@pytest.fixture
def host_and_player(db):
    from tests.conftest import make_user

    host = make_user("hana_host", "host")
    return host, ratings.player_create(actor=host, card="10042", name="Pat Q. Player",
                                       tier="gold")


def test_the_desk_refuses_a_seat_a_rated_player_holds_saying_who(room, us_casino, supervisor,
                                                                host_and_player):
    client, table = room
    ratings.rating_open(actor=supervisor, table=table, seat=2,
                        player=host_and_player[1])
    said = _flat(client.post("/pit/cardroom/seat/", {
        "casino": us_casino.pk, "action": "take", "table": table.pk, "seat": "2",
        "name": "Kim"}, follow=True))
    assert "seat 2 of HE-1 is taken by Pat (rated there)" in said
    assert _pit_seats(us_casino, table) == "1 of 9"
