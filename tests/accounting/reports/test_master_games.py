"""The master games report: each table's shift from its chips and its box, to the cent;
a poker table's box as its drop and win; the parts still missing in words; totals and
the sums per game and per pit."""

from __future__ import annotations

import pytest

from tests.accounting.reports.conftest import correct_box, count_box, report

pytestmark = pytest.mark.django_db

FIGURES = ("gaming_day", "shift", "table_label", "game", "pit", "drop", "fills", "credits",
           "opener", "closer", "win", "hold", "state")


def shown(row: dict) -> dict:
    return {k: row[k] for k in FIGURES}


@pytest.fixture
def floor(played_shift, card_room, second_shift, counters):
    """CS-1's shift 1 counted as recorded (600.00 in the box), HE-1's box holding its
    rake, CS-1's shift 2 open."""
    day = played_shift["day"]
    box = count_box(counters, played_shift["table"], day, 1, {"20": "30"})
    count_box(counters, card_room, day, 1, {"5": "1"})
    return {"box": box}


def test_a_counted_shift_gives_drop_fills_credits_inventory_win_and_hold_to_the_cent(
        api, accountant, floor):
    body = report(api, accountant, "master-games")

    counted, poker, still_open = body["rows"]
    assert shown(counted) == {
        "gaming_day": "2026-11-30", "shift": 1, "table_label": "CS-1",
        "game": "Caribbean Stud / Casino Stud", "pit": "Pit 1", "drop": "600.00",
        "fills": "1000.00", "credits": "500.00", "opener": "3500.00", "closer": "3411.00",
        "win": "11.00", "hold": "0.0183", "state": ""}
    assert counted["count_ref"] == f"count {floor['box'].pk}"
    # The card room: the box is the drop and the win; no inventory, no hold.
    assert shown(poker) == {
        "gaming_day": "2026-11-30", "shift": 1, "table_label": "HE-1",
        "game": "Texas hold'em", "pit": "Card room", "drop": "5.00", "fills": None,
        "credits": None, "opener": None, "closer": None, "win": "5.00", "hold": None,
        "state": ""}
    assert shown(still_open) == {
        "gaming_day": "2026-11-30", "shift": 2, "table_label": "CS-1",
        "game": "Caribbean Stud / Casino Stud", "pit": "Pit 1", "drop": None,
        "fills": "0.00", "credits": "0.00", "opener": "3500.00", "closer": None,
        "win": None, "hold": None, "state": "no closer, box not counted"}


def test_totals_and_the_sums_per_game_and_per_pit(api, accountant, floor):
    body = report(api, accountant, "master-games")

    assert body["totals"] == {
        "drop": "605.00", "fills": "1000.00", "credits": "500.00", "win": "16.00",
        "hold": "0.0183",  # the banked tables' only
        "shifts": 3, "incomplete": 1, "state": "1 of 3 shifts incomplete"}
    assert body["by_game"] == [
        {"casino": "Test Harbor", "game": "Caribbean Stud / Casino Stud", "shifts": 2,
         "incomplete": 1, "drop": "600.00", "fills": "1000.00", "credits": "500.00",
         "win": "11.00", "hold": "0.0183", "currency": "USD"},
        {"casino": "Test Harbor", "game": "Texas hold'em", "shifts": 1, "incomplete": 0,
         "drop": "5.00", "fills": "0.00", "credits": "0.00", "win": "5.00", "hold": None,
         "currency": "USD"}]
    assert [(c["casino"], c["drop"], c["win"]) for c in body["by_casino"]] == [
        ("Test Harbor", "605.00", "16.00")]
    assert [(p["pit"], p["drop"], p["win"], p["hold"]) for p in body["by_pit"]] == [
        ("Card room", "5.00", "5.00", None), ("Pit 1", "600.00", "11.00", "0.0183")]
    assert body["adjustments"] == [] and body["closed_days"] == []  # noqa: PT018


def test_a_closed_shift_not_counted_yet_has_no_drop_and_no_win(api, accountant, played_shift):
    [row] = report(api, accountant, "master-games")["rows"]

    assert (row["state"], row["drop"], row["win"], row["hold"]) == (
        "box not counted", None, None, None)
    assert (row["opener"], row["closer"], row["fills"], row["credits"]) == (
        "3500.00", "3411.00", "1000.00", "500.00")
    assert row["pit"] == ""
    assert report(api, accountant, "master-games")["by_pit"][0]["pit"] == "no pit named"


def test_a_corrected_count_shows_the_figures_that_stand_with_their_reference(
        api, accountant, played_shift, counters):
    box = count_box(counters, played_shift["table"], played_shift["day"], 1, {"20": "25"})
    assert report(api, accountant, "master-games")["rows"][0]["win"] == "-89.00"

    fixed = correct_box(counters, box, {"20": "30"}, "five notes left in the machine")

    [row] = report(api, accountant, "master-games")["rows"]
    assert (row["drop"], row["win"], row["hold"]) == ("600.00", "11.00", "0.0183")
    assert row["count_ref"] == f"count {box.pk}, correction {fixed.pk}"


def test_the_table_and_shift_filters_narrow_the_rows_and_a_dealer_is_refused(
        api, accountant, floor, card_room, dealer):
    by_table = report(api, accountant, "master-games", table=card_room.pk)
    by_shift = report(api, accountant, "master-games", shift=2)

    assert [r["table_label"] for r in by_table["rows"]] == ["HE-1"]
    assert [(r["table_label"], r["shift"]) for r in by_shift["rows"]] == [("CS-1", 2)]
    refused = api.as_user(accountant).get("/api/v1/reports/master-games/",
                                           {"from": "2026-11-30", "to": "2026-11-30",
                                            "dealer": dealer.pk, "shift": "4"})
    assert refused.status_code == 400
    assert "not kept per dealer" in refused.json()["dealer"][0]
    assert refused.json()["shift"] == ["'4' is not a shift: a gaming day has shifts 1, 2 "
                                       "and 3."]


def test_another_casinos_staff_see_none_of_it(api, floor):
    from casino.house.models import Casino
    from tests.conftest import make_user

    mayfair = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    mayfair.staff.remove(*mayfair.staff.all())
    theirs = make_user("mo_mayfair", "accountant", at=[mayfair])

    assert report(api, theirs, "master-games")["rows"] == []


def test_casinos_of_two_currencies_are_summed_apart_never_together(
        api, accountant, floor, supervisor, counters, travel):
    from tables.chips import services as chips
    from tables.floor.services import casino_create, table_create
    from tests.accounting.conftest import CLOSER, OPENER
    from tests.played import at

    mayfair = casino_create(actor=supervisor, name="Test Mayfair", currency="GBP",
                            timezone="America/New_York")  # the test's clock: same days
    table = table_create(actor=supervisor, casino=mayfair, label="CSP-1",
                         game="caribbean_stud", status="open", pit="Pit 1")
    travel(at(2026, 11, 30, 6, 10))
    gbp = {k: v for k, v in OPENER.items() if k != "1"}
    chips.inventory_open(actor=supervisor, table=table, gaming_day=at(2026, 11, 30, 6).date(),
                         shift=1, chips=gbp)
    travel(at(2026, 11, 30, 13, 50))
    chips.inventory_close(actor=supervisor, table=table, chips={**CLOSER, "1": "0"})
    count_box(counters, table, at(2026, 11, 30, 6).date(), 1, {"20": "10"})

    body = report(api, accountant, "master-games")

    assert (body["totals"]["drop"], body["totals"]["win"], body["totals"]["hold"]) == (
        None, None, None)
    assert body["totals"]["state"] == (
        "Test Harbor in USD, Test Mayfair in GBP: amounts are summed per casino (see by "
        "casino), not together.")
    # 200 + 3,410 - 3,500 = 110.00 in pounds, beside Harbor's dollars.
    assert [(c["casino"], c["drop"], c["win"]) for c in body["by_casino"]] == [
        ("Test Harbor", "605.00", "16.00"), ("Test Mayfair", "200.00", "110.00")]
    assert [(p["casino"], p["pit"], p["win"]) for p in body["by_pit"]] == [
        ("Test Harbor", "Card room", "5.00"), ("Test Harbor", "Pit 1", "11.00"),
        ("Test Mayfair", "Pit 1", "110.00")]
