"""The statistical hold review: a day whose counted win the game math cannot explain is
flagged, an ordinary day is not; month and year to date per table and per game."""

from __future__ import annotations

import io
import random
from decimal import Decimal as D

import pytest

from casino.common.witness import Device
from payouts.analysis import services as analysis
from payouts.analysis.models import ParAnalysis
from tables.chips import services as chips
from tables.count import services as count
from tables.count.selectors import shift_result
from tables.reports.hold import hold_report
from tables.reports.selection import Selection
from tables.rules.hold import wagers_of
from tables.stud.services import stud_round_record
from tests.accounting.conftest import OPENER
from tests.played import at

pytestmark = pytest.mark.django_db
DAY = at(2026, 11, 30, 6).date()
SEATS = range(1, 8)


@pytest.fixture
def with_game_math(live_table, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        analysis.request_analysis(actor=None, paytable=live_table.paytable)
    assert ParAnalysis.objects.get(paytable=live_table.paytable).ready
    return live_table


def deal(rng: random.Random) -> tuple[list[str], list[dict]]:
    """A round dealt from a shuffled deck, each of seven players raising with a pair or
    better and folding the rest (close to the optimal play the figures assume)."""
    deck = [r + s for r in "23456789TJQKA" for s in "shdc"]
    rng.shuffle(deck)
    seats = []
    for n in SEATS:
        cards = deck[5 * n: 5 * n + 5]
        paired = len({c[0] for c in cards}) < 5
        seats.append({"seat": n, "ante": "10.00", "decision": "raise" if paired else "fold",
                      **({"cards": cards} if paired else {})})
    return deck[:5], seats


def folding(_rng) -> tuple[list[str], list[dict]]:
    """Every player folds: the house takes every ante, round after round."""
    return ["2s", "7d", "9c", "Jh", "Kd"], [{"seat": n, "ante": "10.00", "decision": "fold"}
                                            for n in SEATS]


def play_counted_shift(table, how, rounds, *, supervisor, dealer, counters, travel, seed=7):
    """Shift 1 of the day: opener, ``rounds`` rounds, closer and count agreeing with the
    records (a drop of 3,000 in cash), so the counted win is the recorded one."""
    travel(at(2026, 11, 30, 6, 5))
    chips.inventory_open(actor=supervisor, table=table, gaming_day=DAY, shift=1, chips=OPENER)
    rng = random.Random(seed)
    for n in range(rounds):
        travel(at(2026, 11, 30, 7 + n * 6 // rounds, n * 6 % 60))
        dealer_cards, seats = how(rng)
        stud_round_record(actor=dealer, table=table, dealer_cards=dealer_cards, seats=seats)
    win = shift_result(table, DAY, 1).recorded
    closer = D(3500) + win - D(3000)
    travel(at(2026, 11, 30, 13, 55))
    chips.inventory_close(actor=supervisor, table=table,
                          chips={"100": str(int(closer // 100)), "1": str(int(closer % 100))})
    travel(at(2026, 11, 30, 15))
    first, second = counters
    count.box_count(actor=first, table=table, gaming_day=DAY, shift=1, cash={"100": "30"},
                    chips={}, witness=second.username, witness_password="cora_count-password-1",
                    device=Device(address=None, path="/count/"))
    return win


def report_of(table):
    return hold_report(Selection(first=DAY, last=DAY, table=table, within=(table.casino,)))


def test_a_house_that_wins_every_ante_is_flagged_above_the_band(
        with_game_math, supervisor, dealer, counters, travel):
    win = play_counted_shift(with_game_math, folding, 40, supervisor=supervisor, dealer=dealer,
                             counters=counters, travel=travel)

    row = report_of(with_game_math).rows[0]

    assert win == D("2800.00")
    assert (row["drop"], row["win"], row["hold"], row["hands"]) == ("3000.00", "2800.00",
                                                                   "0.9333", 280)
    assert D(row["high_win"]) < D("2800.00")
    assert row["flag"] == "above the band"


def test_an_ordinary_day_stays_inside_the_band(with_game_math, supervisor, dealer, counters,
                                               travel):
    play_counted_shift(with_game_math, deal, 60, supervisor=supervisor, dealer=dealer,
                       counters=counters, travel=travel)

    row = report_of(with_game_math).rows[0]

    assert D(row["low_win"]) <= D(row["win"]) <= D(row["high_win"])
    assert row["flag"] == ""


def test_the_band_is_the_game_math_of_the_rounds_played(with_game_math, supervisor, dealer,
                                                        counters, travel):
    from payouts.analysis.selectors import game_math_of

    play_counted_shift(with_game_math, folding, 10, supervisor=supervisor, dealer=dealer,
                       counters=counters, travel=travel)
    math = game_math_of([with_game_math.paytable_id])[with_game_math.paytable_id]
    wagers = wagers_of([[D(10)] * 7] * 10)

    row = report_of(with_game_math).rows[0]

    variance = math.variance * wagers.ante_squares + math.seat_covariance * (
        wagers.round_squares - wagers.ante_squares)
    assert D(row["expected_win"]) == (math.house_edge * 700).quantize(D("0.01"))
    assert abs(D(row["high_win"]) - D(row["expected_win"]) - D("2.575829") * variance.sqrt()) \
        < D("0.02")
    assert row["theoretical_hold"] == f"{D(row['expected_win']) / 3000:.4f}"


def test_without_game_math_the_day_says_so_and_flags_nothing(live_table, supervisor, dealer,
                                                             counters, travel):
    play_counted_shift(live_table, folding, 5, supervisor=supervisor, dealer=dealer,
                       counters=counters, travel=travel)

    row = report_of(live_table).rows[0]

    assert (row["win"], row["flag"], row["expected_win"]) == (
        "350.00", "game math not computed yet", None)


def test_month_and_year_to_date_per_table_and_game(with_game_math, supervisor, dealer,
                                                   counters, travel):
    play_counted_shift(with_game_math, folding, 40, supervisor=supervisor, dealer=dealer,
                       counters=counters, travel=travel)

    lines = report_of(with_game_math).breakdowns["to_date"]

    assert [(line["period"], line["table_label"], line["win"]) for line in lines] == [
        ("month to date", "CS-1", "2800.00"), ("month to date", "all tables", "2800.00"),
        ("year to date", "CS-1", "2800.00"), ("year to date", "all tables", "2800.00")]
    assert all(line["flag"] == "above the band" for line in lines)


def test_the_report_draws_the_hold_against_the_band_and_prints_it(
        with_game_math, supervisor, dealer, counters, travel, accountant, client):
    from pypdf import PdfReader

    from tables.reports import charts
    from tables.reports.printing import pdf_bytes

    play_counted_shift(with_game_math, folding, 40, supervisor=supervisor, dealer=dealer,
                       counters=counters, travel=travel)
    report = report_of(with_game_math)

    (series,) = charts.series(report)
    client.force_login(accountant)
    page = client.get("/accounting/reports/hold/", {"from": "2026-11-30", "to": "2026-11-30"})

    assert series["band"]
    assert series["lines"]["Hold %"]["values"] == ["93.3300"]
    low, high = (series["lines"][f"Band {end} %"]["values"][0] for end in ("low", "high"))
    assert D(low) < D(series["lines"]["Expected hold %"]["values"][0]) < D(high) < D("93.33")
    assert page.status_code == 200
    assert b"above the band" in page.content
    assert b"Hold against the band" in page.content
    # The to-date lines say which period and casino they are (the page's columns).
    shown = " ".join(page.content.decode().split())
    assert "<td>month to date</td><td>Test Harbor</td><td>CS-1</td>" in shown
    assert "<td>year to date</td><td>Test Harbor</td><td>all tables</td>" in shown
    drawn = charts.png(report)
    assert drawn.startswith(b"\x89PNG")
    printed = pdf_bytes(report, run_by="alice", chart_png=drawn)
    assert printed.startswith(b"%PDF")
    text = PdfReader(io.BytesIO(printed)).pages[0].extract_text()
    assert "Statistical hold" in text and "above the band" in text  # noqa: PT018


def test_casinos_of_two_currencies_are_reviewed_apart(with_game_math, supervisor, dealer,
                                                      counters, travel):
    from tables.floor.services import casino_create, table_create

    play_counted_shift(with_game_math, folding, 10, supervisor=supervisor, dealer=dealer,
                       counters=counters, travel=travel)
    mayfair = casino_create(actor=supervisor, name="Test Mayfair", currency="GBP",
                            timezone="Europe/London")
    table_create(actor=supervisor, casino=mayfair, label="CSP-1", game="caribbean_stud")

    report = hold_report(Selection(first=DAY, last=DAY,
                                   within=(with_game_math.casino, mayfair)))

    assert [(c["casino"], c["win"], c["flag"]) for c in report.breakdowns["by_casino"]] == [
        ("Test Harbor", "700.00", "above the band"), ("Test Mayfair", "0.00", "no counted shift")]
    assert (report.totals["win"], report.totals["expected_win"]) == (None, None)
    assert report.totals["flag"] == ("Test Harbor in USD, Test Mayfair in GBP: amounts are "
                                     "summed per casino (see by casino), not together.")
    assert {day["casino"] for day in report.extra["by_day"]} == {"Test Harbor"}
    assert report.extra["chart_casino"] == "Test Harbor"
