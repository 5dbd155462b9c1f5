"""The live board on /pit/ and its stream, as the Django test client sees them (the
browser's test is tests/browser/test_board.py): the board atop the Pit overview, the
stream under WSGI (the boards now, then "again in a second"), each supervisor's casinos
only, and one word to the boards per transaction however much it changed."""

from __future__ import annotations

import pytest
from django.db import transaction

from casino.common import push
from tables.floor.services import casino_create, table_create
from tables.stud.services import stud_round_record
from tests.conftest import make_user
from tests.helpers import DEALER

FOLD = [{"seat": 1, "ante": "10.00", "decision": "fold"}]


def test_the_pit_overview_opens_on_the_board(client, supervisor, live_table):
    client.force_login(supervisor)
    page = client.get("/pit/").content.decode()
    # The board, and each table once: its settings are on /pit/tables/ (issue 44, point 8).
    assert 'data-board="' in page
    assert "Paytable / rake" not in page
    assert "Paytable / rake" in client.get("/pit/tables/").content.decode()
    assert f'data-row="t{live_table.pk}"' in page
    assert 'data-events-url="/pit/board/events"' in page


def test_the_stream_under_wsgi_sends_the_boards_now_and_ends(client, supervisor, live_table,
                                                            dealer):
    stud_round_record(actor=dealer, table=live_table, dealer_cards=DEALER, seats=FOLD)
    client.force_login(supervisor)
    answer = client.get("/pit/board/events")
    assert answer["Content-Type"] == "text/event-stream"
    body = b"".join(answer.streaming_content).decode()
    assert body.startswith("retry: 1000\n")
    assert body.endswith("event: end\ndata: again in a second\n\n")
    assert "dana_dealer" in body
    assert "$10.00" in body


def test_a_supervisor_s_board_holds_his_casinos_only(client, supervisor, live_table, dealer):
    other = casino_create(actor=supervisor, name="Other Shore", currency="USD",
                          timezone="America/New_York")
    table_create(actor=supervisor, casino=other, label="OS-1", game="caribbean_stud",
                 status="open")
    kept_out = make_user("kim_supervisor", "supervisor", at=[other])
    client.force_login(kept_out)
    body = b"".join(client.get("/pit/board/events").streaming_content).decode()
    assert "OS-1" in body
    assert "CS-1" not in body
    assert "Test Harbor" not in body
    page = client.get("/pit/").content.decode()
    assert "CS-1" not in page


@pytest.mark.django_db(transaction=True)
def test_one_word_to_the_boards_per_transaction(live_table, dealer, supervisor, monkeypatch):
    told = []
    monkeypatch.setattr(push, "send", lambda topic, payload: told.append((topic, payload)))
    with transaction.atomic():
        stud_round_record(actor=dealer, table=live_table, dealer_cards=DEALER, seats=FOLD)
        stud_round_record(actor=dealer, table=live_table, dealer_cards=DEALER, seats=FOLD)
        assert told == []  # nothing before the commit
    casino = live_table.casino_id
    assert told == [(f"floor:{casino}", {"look": casino})]
    stud_round_record(actor=dealer, table=live_table, dealer_cards=DEALER, seats=FOLD)
    assert len(told) == 2
