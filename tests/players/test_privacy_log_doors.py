"""The privacy log at every door that shows a player (issue 44, point 16): the
accountant's player reports (the page, the API's JSON, CSV, XLSX and PDF, a file
prepared in the background and downloaded), the card-room desk and the waiting lists'
API each write one access line per player they show, by whom and how."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from tables.cardroom import services as cardroom
from tables.players.models import PlayerAccess
from tables.reports.models import ExportJob
from tests.card_room import poker_table
from tests.players.test_player_reports import DAY, two_rated  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

SHOWN = {"players": {"Pat Q. Player", "Lee Wu"}, "top-players": {"Pat Q. Player", "Lee Wu"},
         "comp-liability": {"Pat Q. Player"}}


def read_by(user, channel: str) -> set[str]:
    return set(PlayerAccess.objects.filter(user=user, channel=channel, sight="listed")
               .values_list("player__name", flat=True))


@pytest.mark.parametrize("name", list(SHOWN))
@pytest.mark.parametrize("fmt", ["json", "csv", "xlsx", "pdf"])
def test_a_player_report_from_the_api_logs_each_player_in_it(api, accountant, two_rated,  # noqa: F811
                                                             name, fmt):
    answer = api.as_user(accountant).get(f"/api/v1/reports/{name}/?{DAY}&format={fmt}")

    assert answer.status_code == 200
    assert read_by(accountant, "api") == SHOWN[name]


@pytest.mark.parametrize("name", list(SHOWN))
def test_a_player_report_page_logs_each_player_it_shows(client, accountant, two_rated,  # noqa: F811
                                                        name):
    client.force_login(accountant)
    page = client.get(f"/accounting/reports/{name}/?{DAY}")

    assert page.status_code == 200
    assert "Pat Q. Player" in page.content.decode()
    assert read_by(accountant, "page") == SHOWN[name]


def test_a_file_prepared_in_the_background_logs_its_players_at_each_download(
        client, accountant, two_rated, django_capture_on_commit_callbacks):  # noqa: F811
    client.force_login(accountant)
    with django_capture_on_commit_callbacks(execute=True):
        asked = client.post("/accounting/reports/players/export/",
                            {"from": "2026-03-03", "to": "2026-03-03", "format": "csv"})
    assert asked.status_code == 302
    job = ExportJob.objects.get()
    assert not PlayerAccess.objects.exists()  # written, not yet shown to anyone

    for _ in range(2):
        downloaded = client.get(f"/accounting/exports/{job.pk}/download/")
        assert b"Pat Q. Player" in b"".join(downloaded)

    assert read_by(accountant, "file") == SHOWN["players"]
    assert PlayerAccess.objects.filter(user=accountant, channel="file").count() == 4


@pytest.fixture
def room(supervisor, dealer, us_casino, schedule, pat):
    """HE-1 and its list: Pat (rated) waits on it, Lee (rated) sits at seat 2, Bo (a
    walk-in, no player record) waits too."""
    from tables.players import services as players

    table = poker_table(supervisor, dealer, us_casino, schedule)
    waitlist = cardroom.waitlist_open(actor=supervisor, casino=us_casino, game="holdem",
                                      structure="fixed_limit", small=D(20), big=D(40))
    players.player_create(actor=supervisor, card="10077", name="Lee Wu")
    cardroom.entry_join(actor=supervisor, waitlist=waitlist, card="10042")
    cardroom.entry_join(actor=supervisor, waitlist=waitlist, name="Bo")
    cardroom.seat_take(actor=supervisor, table=table, seat=2, name="", card="10077")
    return table, waitlist


def test_the_card_room_desk_logs_the_players_it_shows(client, supervisor, room):
    client.force_login(supervisor)
    page = client.get("/pit/cardroom/").content.decode()

    assert "Pat Q. Player" in page
    assert "Seat 2</strong> Lee" in page  # seated: as the desk greets him
    assert read_by(supervisor, "page") == {"Pat Q. Player", "Lee Wu"}


def test_the_waiting_lists_api_logs_the_players_it_shows(api, supervisor, room):
    _, waitlist = room
    base = f"/api/v1/waitlists/{waitlist.pk}/entries/"
    listed = api.as_user(supervisor).get(base)
    assert listed.status_code == 200
    assert read_by(supervisor, "api") == {"Pat Q. Player"}

    entry = next(e for e in listed.json() if e["player"] is not None)
    before = PlayerAccess.objects.count()
    called = api.as_user(supervisor).post(f"{base}{entry['id']}/call/")
    assert called.status_code == 201
    assert PlayerAccess.objects.count() == before + 1  # the one entry it answers
