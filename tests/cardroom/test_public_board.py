"""The card room's public board (/cardroom/<casino>/board/, no login), as the Django test
client reads it (the browser's test is tests/browser/test_room_board.py): each game at its
stakes, its tables' open seats, its list by initials only (never a name or a number), a
wanted game without a table; the stream under WSGI; a word per change."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from tables.cardroom import services
from tests.card_room import poker_table


@pytest.fixture
def room(supervisor, dealer, us_casino, schedule):
    table = poker_table(supervisor, dealer, us_casino, schedule)
    going = services.waitlist_open(actor=supervisor, casino=us_casino, game="holdem",
                                   structure="fixed_limit", small=D(20), big=D(40))
    wanted = services.waitlist_open(actor=supervisor, casino=us_casino, game="omaha_hi_lo",
                                    structure="pot_limit", small=D(1), big=D(2))
    ann, _ = services.entry_join(actor=supervisor, waitlist=going, name="Ann Kowalski",
                                 phone="+1 702 555 0147")
    services.entry_join(actor=supervisor, waitlist=going, name="Bo Lee")
    services.entry_join(actor=supervisor, waitlist=wanted, name="Cy Diaz")
    services.entry_call(actor=supervisor, entry=ann)
    services.seat_take(actor=supervisor, table=table, seat=1, name="Walk In")
    return table


def test_the_board_shows_games_seats_and_initials_only(client, room, us_casino):
    page = " ".join(client.get(f"/cardroom/{us_casino.pk}/board/").content.decode().split())
    assert "20/40 fixed-limit Texas hold&#x27;em <span class=\"state\">Playing</span>" in page
    assert "<strong>HE-1</strong> 8 open seats" in page
    assert ('<li class="called"><span class="n">1</span> A.K. <span>called</span></li><li>'
            '<span class="n">2</span> B.L.</li>') in page
    assert "1/2 pot-limit Omaha hi-lo (8 or better) <span class=\"state\">Starting soon" in page
    assert '<li><span class="n">1</span> C.D.</li>' in page
    for secret in ("Ann", "Kowalski", "Bo Lee", "Walk In", "555", "0147"):
        assert secret not in page


def test_the_stream_under_wsgi_sends_the_board_and_ends(client, room, us_casino):
    answer = client.get(f"/cardroom/{us_casino.pk}/board/events")
    body = b"".join(answer.streaming_content).decode()
    assert body.startswith("retry: 1000\ndata: ")
    assert "A.K." in body
    assert body.endswith("event: end\ndata: again in a second\n\n")
    assert client.get("/cardroom/999999/board/").status_code == 404
