"""The dealer's own moves from his page: his clock at each casino of his tables, and
"Take this table" at a table he is assigned to (the relief he records himself; the dealer
he relieves goes on a break). His games, until a supervisor sets them, are his tables'."""

from __future__ import annotations

import pytest

from tables.floor.models import Game, TableStatus
from tables.floor.services import table_create
from tables.pit import selectors
from tables.pit.models import DealerMove, MoveKind


def page_text(response) -> str:
    return " ".join(response.content.decode().split())


@pytest.fixture
def cs1(supervisor, dealer, other_dealer, us_casino):
    return table_create(actor=supervisor, casino=us_casino, label="CS-1",
                        game=Game.CARIBBEAN_STUD, status=TableStatus.OPEN,
                        dealers=[dealer, other_dealer])


def test_a_dealer_clocks_in_and_takes_his_table_from_his_page(client, cs1, dealer, other_dealer,
                                                              us_casino):
    client.force_login(dealer)
    shown = page_text(client.get("/dealer/"))
    assert "Not clocked in at Test Harbor." in shown
    assert "Take this table" not in shown  # clocked in first
    shown = page_text(client.post("/dealer/floor/", {"action": "clock_in",
                                                     "casino": us_casino.pk}, follow=True))
    assert "You are clocked in at Test Harbor." in shown
    shown = page_text(client.post("/dealer/floor/", {"action": "take", "table": cs1.pk},
                                  follow=True))
    assert "You deal CS-1 now." in shown
    assert "you deal it" in shown
    assert "Clock out" not in shown  # not while he deals
    client.force_login(other_dealer)
    client.post("/dealer/floor/", {"action": "clock_in", "casino": us_casino.pk})
    shown = page_text(client.post("/dealer/floor/", {"action": "take", "table": cs1.pk},
                                  follow=True))
    assert "You deal CS-1 now; dana_dealer goes on a break." in shown
    kinds = list(DealerMove.objects.filter(dealer=dealer).values_list("kind", flat=True))
    assert kinds == [MoveKind.CLOCK_IN, MoveKind.TABLE, MoveKind.BREAK]


def test_a_dealer_takes_no_table_he_is_not_assigned_to(client, supervisor, dealer, us_casino):
    other = table_create(actor=supervisor, casino=us_casino, label="CS-2",
                         game=Game.CARIBBEAN_STUD, status=TableStatus.OPEN)
    client.force_login(dealer)
    client.post("/dealer/floor/", {"action": "clock_in", "casino": us_casino.pk})
    assert client.post("/dealer/floor/", {"action": "take", "table": other.pk}).status_code == 404
    shown = page_text(client.post("/dealer/floor/", {"action": "dance"}, follow=True))
    assert "Not done: What:" in shown


def test_his_games_are_his_tables_until_a_supervisor_sets_them(cs1, supervisor, dealer,
                                                              us_casino):
    from tables.pit import services

    assert selectors.games_of(us_casino)[dealer.pk] == {Game.CARIBBEAN_STUD}
    services.dealer_games_set(actor=supervisor, casino=us_casino, dealer=dealer,
                              games=[Game.HOLDEM])
    assert selectors.games_of(us_casino)[dealer.pk] == {Game.HOLDEM}
