"""A host reads the player reports of his casinos (issue 44, point 12): player activity,
top players and comp liability, on the page (linked from his top bar) and the API, and
their files; no other report, and no other casino's players."""

from __future__ import annotations

import pytest

from tables.floor.services import casino_create
from tests.conftest import make_user
from tests.players.test_player_reports import DAY, two_rated  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

PLAYER_REPORTS = ("players", "top-players", "comp-liability")


@pytest.mark.parametrize("name", PLAYER_REPORTS)
def test_a_host_reads_the_player_reports_of_his_casinos(api, client, host, two_rated,  # noqa: F811
                                                        name):
    for fmt in ("json", "csv", "xlsx", "pdf"):
        answer = api.as_user(host).get(f"/api/v1/reports/{name}/?{DAY}&format={fmt}")
        assert answer.status_code == 200, (fmt, answer.content[:300])
    rows = api.as_user(host).get(f"/api/v1/reports/{name}/?{DAY}").json()["rows"]
    assert "Pat Q. Player" in {row["player"] for row in rows}

    client.force_login(host)
    page = client.get(f"/accounting/reports/{name}/?{DAY}")
    assert page.status_code == 200
    words = page.content.decode()
    assert "Pat Q. Player" in words
    assert 'href="/accounting/reports/rake/"' not in words  # not his to read
    assert 'href="/accounting/closed-days/"' not in words


def test_the_hosts_top_bar_links_the_player_reports(client, host):
    client.force_login(host)
    assert 'href="/accounting/reports/players/">Reports</a>' in client.get(
        "/players/").content.decode()


@pytest.mark.parametrize("name", ["rake", "stud", "dealers", "master-games"])
def test_no_other_report_is_a_hosts(api, client, host, us_casino, name):
    assert api.as_user(host).get(f"/api/v1/reports/{name}/?{DAY}").status_code == 403
    client.force_login(host)
    assert client.get(f"/accounting/reports/{name}/?{DAY}").status_code == 403
    assert client.post(f"/accounting/reports/{name}/export/",
                       {"from": "2026-03-03", "to": "2026-03-03",
                        "format": "pdf"}).status_code == 403
    assert client.get("/accounting/closed-days/").status_code == 403


def test_a_host_prepares_a_player_reports_file(client, host, two_rated,  # noqa: F811
                                               django_capture_on_commit_callbacks):
    client.force_login(host)
    with django_capture_on_commit_callbacks(execute=True):
        asked = client.post("/accounting/reports/top-players/export/",
                            {"from": "2026-03-03", "to": "2026-03-03", "format": "pdf"})
    assert asked.status_code == 302
    downloaded = client.get(f"{asked['Location']}download/")
    assert downloaded.status_code == 200


def test_another_casinos_host_reads_none_of_its_players(api, supervisor, two_rated):  # noqa: F811
    mayfair = casino_create(actor=supervisor, name="Mayfair", currency="GBP",
                            timezone="Europe/London")
    theirs = make_user("mo_mayfair_host", "host", at=[mayfair])
    harbor = two_rated[0].table.casino

    mine = api.as_user(theirs).get(f"/api/v1/reports/players/?{DAY}")
    named = api.as_user(theirs).get(f"/api/v1/reports/players/?{DAY}&casino={harbor.pk}")

    assert (mine.status_code, mine.json()["rows"]) == (200, [])
    assert named.status_code == 400


def test_a_group_supervisors_player_page_links_no_casinos_comps(client, pat):
    """He reads the players, never a casino's comps: the crawl followed the page's comps
    link to a 403."""
    from tests.conftest import make_user

    controller = make_user("gus_group", "group_supervisor", at=[])
    client.force_login(controller)
    page = client.get(f"/players/{pat.pk}/")
    assert page.status_code == 200
    assert f"/players/{pat.pk}/comps/" not in page.content.decode()
