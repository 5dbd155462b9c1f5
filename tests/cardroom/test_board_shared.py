"""The card room's public board under load (issue 44, point 19): every viewer is served one
state kept in the shared cache (casino.common.floor_cache), so a viewer on a warm cache
costs no query; a change of the room is shown at once; the cache is a help, never a
dependency."""

from __future__ import annotations

import threading
import time
from decimal import Decimal as D

import pytest
from django.core.cache import cache

from casino.common import floor_cache
from tables.cardroom import live, services
from tests.card_room import poker_table


@pytest.fixture
def room(supervisor, dealer, us_casino, schedule):
    poker_table(supervisor, dealer, us_casino, schedule)
    waitlist = services.waitlist_open(actor=supervisor, casino=us_casino, game="holdem",
                                      structure="fixed_limit", small=D(20), big=D(40))
    services.entry_join(actor=supervisor, waitlist=waitlist, name="Ann Kowalski")
    floor_cache.changed(us_casino.pk)  # nothing of an earlier test's kept for this casino
    return waitlist


def test_a_viewer_on_a_warm_cache_costs_no_query(client, room, us_casino,
                                                 django_assert_num_queries):
    assert client.get(f"/cardroom/{us_casino.pk}/board/").status_code == 200  # warms it

    with django_assert_num_queries(0):
        page = client.get(f"/cardroom/{us_casino.pk}/board/")
        stream = client.get(f"/cardroom/{us_casino.pk}/board/events")
        body = b"".join(stream.streaming_content).decode()

    assert page.status_code == 200
    assert "A.K." in page.content.decode()
    assert f"<title>{us_casino.name} · poker</title>" in page.content.decode()
    assert "A.K." in body


@pytest.mark.django_db(transaction=True)  # the word goes once the join has committed
def test_a_change_of_the_room_is_shown_to_the_next_viewer(client, room, us_casino,
                                                          supervisor):
    assert "B.L." not in client.get(f"/cardroom/{us_casino.pk}/board/").content.decode()

    services.entry_join(actor=supervisor, waitlist=room, name="Bo Lee")

    assert "B.L." in client.get(f"/cardroom/{us_casino.pk}/board/").content.decode()


def test_an_unknown_casino_is_404_and_kept_so(db, client, django_assert_num_queries):
    floor_cache.changed(987654)
    assert client.get("/cardroom/987654/board/").status_code == 404

    with django_assert_num_queries(0):
        assert client.get("/cardroom/987654/board/").status_code == 404


def test_while_one_viewer_builds_the_others_are_shown_the_state_before(us_casino):
    floor_cache.changed(us_casino.pk)
    assert floor_cache.shared("t", us_casino.pk, 60, lambda: "before") == "before"
    floor_cache.changed(us_casino.pk)
    cache.add(f"floor:{us_casino.pk}:t:building", 1, 10)  # another viewer is building it
    try:
        assert floor_cache.shared("t", us_casino.pk, 60, lambda: "built again") == "before"
    finally:
        cache.delete(f"floor:{us_casino.pk}:t:building")
    assert floor_cache.shared("t", us_casino.pk, 60, lambda: "built again") == "built again"


def test_screens_opened_at_once_on_a_cold_cache_wait_for_one_slow_builder(us_casino):
    """Five hundred screens opened at once found no state yet: each built it himself once
    the one builder took over two seconds, and each held a database connection for it
    (the public board's bench: the server ran out of connections). They wait for him."""
    floor_cache.changed(us_casino.pk)
    cache.delete(f"floor:{us_casino.pk}:cold")  # no state yet (none of an earlier run's)
    built, answers = [], []

    def slow():
        built.append("the builder")
        time.sleep(3)
        return "built once"

    def herd():
        built.append("another screen")
        return "built again"

    builder = threading.Thread(target=lambda: answers.append(
        floor_cache.shared("cold", us_casino.pk, 60, slow)))
    builder.start()
    while not built:
        time.sleep(0.01)
    others = [threading.Thread(target=lambda: answers.append(
        floor_cache.shared("cold", us_casino.pk, 60, herd))) for _ in range(5)]
    for screen in others:
        screen.start()
    for screen in (builder, *others):
        screen.join()

    assert built == ["the builder"]
    assert answers == ["built once"] * 6


def test_a_builder_that_fails_is_taken_over_by_one_screen(us_casino):
    floor_cache.changed(us_casino.pk)
    cache.delete(f"floor:{us_casino.pk}:failed")
    cache.add(f"floor:{us_casino.pk}:failed:building", 1, 1)  # a builder who died

    assert floor_cache.shared("failed", us_casino.pk, 60, lambda: "taken over") == "taken over"


def test_with_the_cache_down_every_viewer_is_served_from_the_database(
        client, room, us_casino, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("the cache does not answer")

    monkeypatch.setattr(cache, "get_many", down)
    monkeypatch.setattr(cache, "set", down)

    floor_cache.changed(us_casino.pk)  # said in the log, never raised
    page = client.get(f"/cardroom/{us_casino.pk}/board/")
    assert page.status_code == 200
    assert "A.K." in page.content.decode()
    assert live.shown(us_casino.pk)["name"] == us_casino.name
