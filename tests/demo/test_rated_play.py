"""The demo's rated play reconciled (issue 44, point 1): over its three weeks, every
closed rating's figures are its rounds' (Ann's CS-1 sessions, closed when she moved at
16:00, included), every comp earned stands on the worth the ratings API reads, every
revision lands, and the player activity report's hands, worth and comps for a player
and day are the sums over his ratings of that day; the nightly reconciliation finds 0
disagreements."""

import datetime as dt
from collections import defaultdict
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from casino.house.models import Casino
from tables.comps.models import CompEntry
from tables.comps.selectors import hours_of
from tables.players.models import Player, Rating, RatingFigures

pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("demo_as_loaded")]


def _all(api, url: str, query: dict) -> list[dict]:
    body = api.get(url, query).json()
    found = body["results"]
    while body["next"]:
        body = api.get(body["next"]).json()
        found += body["results"]
    return found


@pytest.fixture
def rated(printed, api):
    """Every closed rating of the demo as the ratings API reads it (the host's)."""
    api.as_user(get_user_model().objects.get(username="host"))
    closed = Rating.objects.filter(changes__step="closed")
    read = {r["id"]: r for r in _all(api, "/api/v1/ratings/", {})}
    assert set(closed.values_list("pk", flat=True)) <= set(read)
    return {pk: read[pk] for pk in closed.values_list("pk", flat=True)}


def test_the_nightly_reconciliation_finds_no_disagreement_in_the_demo(printed):
    from tables.reports.ratings_check import check_ratings

    check = check_ratings()
    assert check.ratings == Rating.objects.filter(changes__step="closed").count() > 90
    assert check.findings == []


def test_ann_earns_from_her_sessions_at_cs1_before_she_moves(rated):
    ann = Player.objects.get(card="20005")
    sessions = Rating.objects.filter(player=ann, table__label="CS-1")
    assert sessions.count() == 21
    for rating in sessions:
        stood = rating.standings.order_by("-revision").first()
        read = rated[rating.pk]
        assert read["hands"] > 0
        assert (stood.hands, str(stood.worth)) == (read["hands"], read["worth"])
        earned = CompEntry.objects.filter(figures__rating=rating)
        assert sum(e.amount for e in earned) > 0


def test_every_comp_earned_stands_on_the_worth_the_ratings_api_reads(rated):
    entries = defaultdict(list)
    for entry in CompEntry.objects.exclude(kind="given").select_related("figures") \
            .order_by("id"):
        entries[entry.figures.rating_id].append(entry)
    for pk, read in rated.items():
        earned = entries[pk]
        assert earned, read
        assert earned[0].kind == "earned"
        basis = (hours_of(read["seconds_played"]) if read["worth"] is None
                 else Decimal(read["worth"]))
        assert earned[-1].basis == basis, read  # the last revision's, where it was revised
        if len(earned) == 1:
            assert earned[0].basis == basis


def test_every_revision_of_a_worth_lands_in_the_comp_ledger(printed):
    revised = 0
    for figures in RatingFigures.objects.filter(revision__gt=1).select_related("rating"):
        before = RatingFigures.objects.get(rating=figures.rating, revision=figures.revision - 1)
        if figures.worth != before.worth:
            revised += 1
            entry = CompEntry.objects.get(figures=figures)
            assert (entry.kind, entry.basis) == ("revised", figures.worth)
    assert revised >= 1  # the history's voids after a close


def test_the_activity_report_is_the_sum_of_each_players_ratings_of_the_day(rated, api):
    api.as_user(get_user_model().objects.get(username="accountant"))
    today = Casino.objects.get(currency="USD").gaming_day(timezone.now())
    rows = api.get("/api/v1/reports/players/", {
        "from": (today - dt.timedelta(days=22)).isoformat(),
        "to": today.isoformat()}).json()["rows"]
    lines = {(row["card"], row["casino"], row["gaming_day"]): row for row in rows}
    days = defaultdict(lambda: {"hands": 0, "worth": Decimal(0), "comps": Decimal(0)})
    for pk, read in rated.items():
        rating = Rating.objects.select_related("player", "table__casino").get(pk=pk)
        day = days[rating.player.card, rating.table.casino.name, read["gaming_day"]]
        day["hands"] += read["hands"] or 0
        day["worth"] += Decimal(read["worth"] or 0)
        day["comps"] += sum((e.amount for e in CompEntry.objects.filter(
            figures__rating=pk)), Decimal(0))
    still_open = {(r.player.card, r.table.casino.name, r.gaming_day.isoformat())
                  for r in Rating.objects.exclude(changes__step="closed")
                  .select_related("player", "table__casino")}
    ann_cs1 = Rating.objects.filter(player__card="20005", table__label="CS-1").first()
    assert (ann_cs1.player.card, ann_cs1.table.casino.name,
            ann_cs1.gaming_day.isoformat()) in days
    for key, summed in days.items():
        if key in still_open:
            continue   # a day with a rating still open: its figures move while read
        line = lines[key]
        assert (line["hands"] or 0, Decimal(line["worth"] or 0),
                Decimal(line["comps_earned"])) == (
            summed["hands"], summed["worth"], summed["comps"]), key
