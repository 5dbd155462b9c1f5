"""The card room desk (/pit/cardroom/) through the Django test client: a supervisor opens a
list, adds players (one rated), calls and seats one, moves one with a reason, a walk-in
sits and leaves, a table change; refusals come back in words and store nothing; another
casino's lists are a 404; the must-move game's next mover is named on its main game."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from tables.cardroom import services
from tables.cardroom.models import Entry, SeatTaken, Waitlist
from tables.floor.services import casino_create
from tests.card_room import poker_table


@pytest.fixture
def desk(client, supervisor, dealer, us_casino, schedule):
    client.force_login(supervisor)
    table = poker_table(supervisor, dealer, us_casino, schedule)
    return client, table


def post(client, page: str, **data):
    answer = client.post(f"/pit/cardroom/{page}/", data, follow=True)
    assert answer.status_code == 200
    return " ".join(answer.content.decode().split())


def test_a_list_opened_players_added_called_seated_and_moved(desk, us_casino):
    client, table = desk
    page = post(client, "lists", casino=us_casino.pk, game="holdem", structure="fixed_limit",
                small="20", big="40")
    assert "The list for 20/40 fixed-limit Texas hold&#x27;em is open." in page
    waitlist = Waitlist.objects.get()
    for name in ("Ann", "Bo", "Cy"):
        post(client, "join", casino=us_casino.pk, waitlist=waitlist.pk, name=name)
    ann, bo, cy = Entry.objects.order_by("pk")
    page = post(client, "entry", casino=us_casino.pk, entry=ann.pk, action="call")
    assert "Ann is called for 20/40" in page
    assert "called " in page
    page = post(client, "entry", casino=us_casino.pk, entry=ann.pk, action="seat",
                table=table.pk, seat="4")
    assert "Ann sits at seat 4 of HE-1." in page
    page = post(client, "entry", casino=us_casino.pk, entry=cy.pk, action="move",
                position="1", reason="")
    assert "Not done: Why: Say why the player is moved." in page
    page = post(client, "entry", casino=us_casino.pk, entry=cy.pk, action="move",
                position="1", reason="back from the cage")
    assert "Cy is number 1 on 20/40" in page
    assert page.index(f'data-entry="{cy.pk}"') < page.index(f'data-entry="{bo.pk}"')
    assert "<strong>Seat 4</strong> Ann" in page


def test_a_walk_in_sits_and_leaves_and_a_table_change_waits(desk, us_casino, supervisor):
    client, table = desk
    waitlist = services.waitlist_open(actor=supervisor, casino=us_casino, game="holdem",
                                      structure="fixed_limit", small=D(20), big=D(40))
    page = post(client, "seat", casino=us_casino.pk, action="take", table=table.pk, seat="2",
                name="J.S.")
    assert "J.S. sits at seat 2 of HE-1." in page
    taken = SeatTaken.objects.get()
    page = post(client, "seat", casino=us_casino.pk, action="change", taken=taken.pk,
                waitlist=waitlist.pk)
    assert "J.S. waits for another 20/40" in page
    assert "table change from HE-1 seat 2" in page
    page = post(client, "seat", casino=us_casino.pk, action="take", table=table.pk, seat="2",
                name="Kim")
    assert "Not done: Seat: HE-1: seat 2 of HE-1 is taken by J.S.." in page
    page = post(client, "seat", casino=us_casino.pk, action="leave", taken=taken.pk)
    assert "Seat 2 of HE-1 is open." in page


def test_another_casino_s_list_is_not_found_and_a_bad_entry_is_said(desk, us_casino,
                                                                     supervisor):
    client, _ = desk
    other = casino_create(actor=supervisor, name="Other Shore", currency="USD",
                          timezone="America/New_York")
    theirs = services.waitlist_open(actor=supervisor, casino=other, game="holdem",
                                    structure="no_limit", small=D(1), big=D(2))
    answer = client.post("/pit/cardroom/join/", {"casino": us_casino.pk,
                                                 "waitlist": theirs.pk, "name": "Ann"})
    assert answer.status_code == 404
    page = post(client, "lists", casino=us_casino.pk, game="holdem", structure="no_limit",
                small="two", big="4")
    assert "Not done: Small blind or bet: &#x27;two&#x27; is not an amount" in page
    assert not Entry.objects.exists()


def test_the_must_move_game_s_longest_seated_player_moves_next(desk, us_casino, supervisor,
                                                                dealer, schedule):
    client, table = desk
    main = services.waitlist_open(actor=supervisor, casino=us_casino, game="holdem",
                                  structure="fixed_limit", small=D(20), big=D(40))
    feeder = services.waitlist_open(actor=supervisor, casino=us_casino, game="holdem",
                                    structure="fixed_limit", small=D(20), big=D(40), feeds=main)
    assert feeder.label == "20/40 fixed-limit Texas hold'em (must move)"
    services.seat_take(actor=supervisor, table=table, seat=5, name="Lu")
    services.seat_take(actor=supervisor, table=table, seat=1, name="Mo")
    page = " ".join(client.get(f"/pit/cardroom/?casino={us_casino.pk}").content.decode()
                    .split())
    assert "<strong>Moves next</strong> when a seat opens: Lu (seat 5 of HE-1, seated since" \
        in page


def test_the_brush_opens_and_closes_a_card_room_table_but_not_a_stud_one(desk, us_casino,
                                                                         live_table):
    client, table = desk
    page = post(client, "seat", casino=us_casino.pk, action="close", table=table.pk)
    assert "HE-1 is closed." in page
    assert "Open HE-1" in page
    page = post(client, "seat", casino=us_casino.pk, action="open", table=table.pk)
    assert "HE-1 is open." in page
    page = post(client, "seat", casino=us_casino.pk, action="close", table=live_table.pk)
    assert "Not done: CS-1 is not a card-room table." in page
