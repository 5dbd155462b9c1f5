"""The rated players' reports (issue 29): player activity per player and day, top players
by worth, comp liability; from the figures as they stood (and the ratings not written
yet, from their rounds); in every format; currencies apart."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from tables.comps import services as comps
from tables.players import services
from tables.players.figures import rating_figures
from tables.players.models import RatingFigures
from tests.played import at

pytestmark = pytest.mark.django_db

FOLD = {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
        "seats": [{"seat": 1, "ante": "10.00", "decision": "fold"},
                  {"seat": 2, "ante": "25.00", "decision": "fold"}]}
DAY = "from=2026-03-03&to=2026-03-03"


@pytest.fixture
def two_rated(live_table, pat, host, supervisor, play_round, travel,
              django_capture_on_commit_callbacks):
    """Pat (gold) at seat 1 closed after 3 folds of 10; Lee (member) at seat 2 still open
    after the same 3 rounds (25 each); Pat given 0.20 of food."""
    lee = services.player_create(actor=host, card="10077", name="Lee Wu")
    travel(at(2026, 3, 3, 9, 0))
    pat_rating = services.rating_open(actor=supervisor, table=live_table, seat=1, player=pat)
    lee_rating = services.rating_open(actor=supervisor, table=live_table, seat=2, player=lee)
    for minute in (5, 10, 15):
        play_round(live_table, at(2026, 3, 3, 9, minute), FOLD)
    with django_capture_on_commit_callbacks(execute=True):
        rating_figures(pat_rating)
    travel(at(2026, 3, 3, 10, 0))
    services.rating_close(actor=supervisor, rating=pat_rating)
    comps.comp_give(actor=host, player=pat, casino=live_table.casino, amount="0.20",
                    kind="food", reason="coffee")
    return pat_rating, lee_rating


def test_player_activity_is_each_players_day_from_his_ratings(api, accountant, two_rated):
    pat_rating, lee_rating = two_rated
    body = api.as_user(accountant).get(f"/api/v1/reports/players/?{DAY}").json()
    rows = {row["player"]: row for row in body["rows"]}
    stood = RatingFigures.objects.get(rating=pat_rating)
    lee = rating_figures(lee_rating)  # open: worked out from his rounds
    assert rows["Pat Q. Player"] == {
        "gaming_day": "2026-03-03", "card": "10042", "player": "Pat Q. Player",
        "tier": "Gold", "casino": "Test Harbor", "ratings": 1, "hours": 1.0, "hands": 3,
        "average_bet": "10.00", "wagered": "30.00", "actual_win": "30.00",
        "theoretical_win": str(stood.theoretical_win), "strategy_cost": None,
        "worth": str(stood.theoretical_win), "comps_earned": "0.49",
        "comps_given": "0.20", "currency": "USD"}
    assert rows["Lee Wu"]["theoretical_win"] == str(lee["theoretical_win"])
    assert (rows["Lee Wu"]["average_bet"], rows["Lee Wu"]["comps_earned"]) == ("25.00", "0.00")
    assert body["totals"]["wagered"] == "105.00"
    assert body["totals"]["players"] == 2


def test_top_players_rank_by_worth_and_the_liability_follows_the_ledger(
        api, accountant, two_rated):
    top = api.as_user(accountant).get(f"/api/v1/reports/top-players/?{DAY}").json()
    assert [(r["rank"], r["player"]) for r in top["rows"]] == [(1, "Lee Wu"),
                                                               (2, "Pat Q. Player")]
    owed = api.as_user(accountant).get(f"/api/v1/reports/comp-liability/?{DAY}").json()
    assert [{k: r[k] for k in ("player", "opening", "earned", "given", "closing")}
            for r in owed["rows"]] == [{"player": "Pat Q. Player", "opening": "0.00",
                                        "earned": "0.49", "given": "0.20", "closing": "0.29"}]
    later = api.as_user(accountant).get(
        "/api/v1/reports/comp-liability/?from=2026-03-04&to=2026-03-05").json()
    assert later["rows"][0]["opening"] == later["rows"][0]["closing"] == "0.29"


@pytest.mark.parametrize("name", ["players", "top-players", "comp-liability"])
def test_every_format_and_the_page(api, client, accountant, two_rated, name):
    for fmt, kind in (("csv", "text/csv"), ("xlsx", "spreadsheetml"), ("pdf", "pdf")):
        got = api.as_user(accountant).get(f"/api/v1/reports/{name}/?{DAY}&format={fmt}")
        assert got.status_code == 200, (fmt, got.content[:300])
        assert kind in got["Content-Type"]
    client.force_login(accountant)
    page = client.get(f"/accounting/reports/{name}/?{DAY}")
    assert page.status_code == 200
    assert "Pat Q. Player" in page.content.decode()


def test_two_currencies_are_never_added(api, accountant, two_rated, supervisor):
    from tables.floor.services import casino_create

    casino_create(actor=supervisor, name="Mayfair", currency="GBP", timezone="Europe/London")
    body = api.as_user(accountant).get(f"/api/v1/reports/players/?{DAY}").json()
    assert body["totals"]["wagered"] is None
    assert "USD" in body["totals"]["state"] or "GBP" in body["totals"]["state"]
    assert D(body["by_casino"][0]["wagered"]) == D("105.00")
