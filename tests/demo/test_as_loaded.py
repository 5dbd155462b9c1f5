"""The demo as the README's first command loads it, three weeks of play (tests/demo/conftest.py
loads it once for the package). The demo's other loads, shorter ones, are in
tests/test_demo.py."""

import datetime as dt
import io
from decimal import ROUND_DOWN, Decimal

import pytest
from django.contrib.auth import authenticate
from django.test import RequestFactory
from django.utils import timezone

from casino.house.models import Casino
from tables.floor.models import Table

# The package's load is rolled back where the worker that loaded it leaves the package.
pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("demo_as_loaded")]


def test_the_demo_casino_has_what_the_readme_promises(printed):
    harbor = Casino.objects.get(currency="USD")
    mayfair = Casino.objects.get(currency="GBP")
    assert list(harbor.tables.filter(game="caribbean_stud").values_list("label", flat=True)) == [
        "CS-1", "CS-2"]
    assert mayfair.tables.get(label="CSP-1").game == "caribbean_stud"
    he1 = Table.objects.get(label="HE-1")
    assert (he1.structure, he1.small_bet, he1.big_bet, he1.kill) == (
        "fixed_limit", 20, 40, "full")
    assert he1.rake_schedule.percent == 10
    assert he1.rake_schedule.cap == 5
    assert Table.objects.get(label="NL-1").rake_schedule.method == "time"
    assert Table.objects.get(label="OM-1").structure == "pot_limit"
    assert {t.paytable.variant for t in Table.objects.filter(game="caribbean_stud")} == {
        "us", "uk"}
    assert mayfair.tables.get(label="CSP-1").paytable.odds["royal_flush"] == 50
    assert {t.label for t in Table.objects.filter(progressive__name="Harbor Lights Jackpot")} \
        == {"CS-1", "CS-2"}
    for username, password in [("supervisor", "pit-boss-demo"), ("dealer", "deal-cards-demo"),
                               ("accountant", "count-chips-demo"),
                               ("host", "comp-players-demo")]:
        assert f"password {password}" in printed
        user = authenticate(RequestFactory().post("/login/"), username=username,
                            password=password)
        assert user is not None
        assert user.groups.get().name == username
    assert "http://127.0.0.1:8000/login/" in printed
    assert "21 gaming days" in printed
    from tables.players.models import Player

    assert Player.objects.count() == 5  # the host's players; Tom Hale barred
    assert list(Player.objects.filter(status="excluded").values_list("name", flat=True)) == [
        "Tom Hale"]


def test_the_demo_rates_its_players_every_day_of_its_history(printed):
    """Weeks of ratings, each closed after the afternoon's session: Pat at CS-1 with a
    break, Ann moving from CS-1 to CS-2 within each visit, Maria at Mayfair every other
    day; Tom refused once."""
    from tables.players.figures import rating_figures
    from tables.players.models import Player, SeatingRefused

    pat = Player.objects.get(card="10042")
    ratings = list(pat.ratings.prefetch_related("changes"))
    assert len(ratings) == 21
    figures = [rating_figures(r) for r in ratings]
    assert {f["status"] for f in figures} == {"closed"}
    # A minute before the table's session, a round every 90 seconds, to a minute after
    # its last, less his break (tables.management.demo_history)
    from tables.management.demo_history import BREAK, SEATED, STUD_PACE, STUD_ROUNDS

    seated = [(rounds - 1) * STUD_PACE + 2 * SEATED - (BREAK[1] - BREAK[0])
              for rounds in STUD_ROUNDS]
    assert all(seated[0].total_seconds() <= f["seconds_played"] <= seated[1].total_seconds()
               for f in figures), [f["seconds_played"] for f in figures]
    assert all(f["hands"] > 0 for f in figures)
    assert all(f["decisions_off_strategy"] is not None for f in figures)
    ann = Player.objects.get(card="20005")
    assert ann.ratings.filter(moved_from__isnull=False).count() == 21
    assert Player.objects.get(card="10103").ratings.count() in (10, 11)
    assert SeatingRefused.objects.filter(player__card="10161").count() == 1


def test_the_demo_earns_and_gives_comps_from_its_ratings(printed):
    """Every closed rating's figures stood as it closed and earned its comps at 30% of
    its worth; the host gave three comps, the pit approved those of earlier days over
    her limit, today's waits; the comp ledger is whole."""
    from casino.common.chains import breaks
    from tables.comps.models import Comp, CompEntry
    from tables.players.models import Rating, RatingFigures

    closed = Rating.objects.filter(changes__step="closed")
    assert not closed.exclude(pk__in=RatingFigures.objects.values("rating")).exists()
    earned = CompEntry.objects.filter(kind="earned")
    assert earned.count() == closed.count()
    assert {e.rate for e in earned} == {Decimal("0.3000")}
    for entry in earned.select_related("figures__rating__player")[:20]:
        figures = entry.figures
        worth = figures.theoretical_win + (figures.strategy_cost or 0)
        assert entry.amount == (worth * entry.rate * entry.multiplier).quantize(
            Decimal("0.01"), rounding=ROUND_DOWN)
    for account in {e.account_id for e in CompEntry.objects.all()}:  # written as it happened
        days = list(CompEntry.objects.filter(account=account).order_by("id")
                    .values_list("gaming_day", flat=True))
        assert days == sorted(days)
    states = sorted(comp.state for comp in Comp.objects.all())
    assert "waiting" in states
    assert states.count("given") >= 1
    assert [b for b in breaks() if b["ledger"] == "comps"] == []


def test_the_demo_history_fills_every_report_and_closes_the_days_that_ended(printed, api):
    from tables.reports.closing import GRACE, verify_day
    from tables.reports.models import ClosedDay

    accountant = authenticate(RequestFactory().post("/login/"), username="accountant",
                              password="count-chips-demo")
    now = timezone.now()
    harbor = Casino.objects.get(currency="USD")
    today = harbor.gaming_day(now)
    span = {"from": (today - dt.timedelta(days=21)).isoformat(), "to": today.isoformat()}
    days = [today - dt.timedelta(days=back) for back in range(21, -1, -1)]

    def ended(casinos):
        """Each casino closes by its own clock: just after 06:00 UTC London's day has
        ended and New York's has not, and a report of both lists either's closed days."""
        return [d.isoformat() for d in days
                if any(casino.day_bounds(d)[1] + GRACE <= now for casino in casinos)]

    books = {"rake": list(Casino.objects.all()), "stud": list(Casino.objects.all()),
             "jackpots": [harbor]}
    for name in ("rake", "stud", "jackpots"):
        body = api.as_user(accountant).get(f"/api/v1/reports/{name}/", span).json()
        assert len(body["rows"]) >= 20, name
        assert body["closed_days"] == ended(books[name]), name
        assert len(body["closed_days"]) in (21, 22), name
    jackpots = api.get("/api/v1/reports/jackpots/", span).json()
    assert all(row["balanced"] for row in jackpots["rows"])
    assert jackpots["hits"]
    assert all(verify_day(day) for day in ClosedDay.objects.all())


AMOUNT = __import__("re").compile(r"^-?\d+\.\d+$")


def test_no_report_adds_two_currencies_in_a_chart_or_a_total(printed):
    """Harbor keeps dollars, Mayfair pounds: over both, every chart is of one currency
    (its unit), holding exactly that currency's figures, and no total sums them."""
    from decimal import Decimal

    from tables.reports import charts
    from tables.reports.catalog import REPORTS
    from tables.reports.selection import Selection

    today = timezone.now().date()
    selection = Selection(first=today - dt.timedelta(days=22), last=today,
                          within=tuple(Casino.objects.order_by("name")))
    summed = {"rake": ("rows", "rake"), "count": ("rows", "difference"),
              "master-games": ("by_pit", "win"), "comp-liability": ("by_casino", "closing"),
              "hours": ("rows", "win")}
    for kind in REPORTS.values():
        report = kind.build(selection)
        lines = [*report.rows, *(line for b in report.breakdowns.values() for line in b)]
        assert all(line["currency"] in ("USD", "GBP") for line in lines
                   if line.get("casino") or line.get("progressive")), kind.name
        drawn = charts.series(report)
        if kind.name in summed:
            where, measure = summed[kind.name]
            source = report.rows if where == "rows" else report.breakdowns[where]
            assert {c["unit"] for c in drawn} == {"USD", "GBP"}, kind.name
            for chart in drawn:  # a chart whose bars would all be 0 is said in words
                assert sum(map(Decimal, chart.get("values", ()))) == sum(
                    Decimal(line[measure]) for line in source
                    if line["currency"] == chart["unit"] and line[measure] is not None)
        elif kind.name in ("players", "top-players"):  # the rated players, rated apart
            assert {c["unit"] for c in drawn} == {"USD", "GBP"}, kind.name
            for chart in drawn:
                drawn_sum = (sum(Decimal(v) for v in chart["lines"]["Worth"]["values"])
                             if kind.name == "players" else sum(map(Decimal, chart["values"])))
                assert drawn_sum == sum(Decimal(row["worth"] or 0) for row in report.rows
                                        if row["currency"] == chart["unit"]), kind.name
        elif kind.name == "jackpots":
            for chart in drawn:
                assert set(chart["lines"]) == {row["progressive_name"] for row in report.rows
                                               if row["currency"] == chart["unit"]}
        elif kind.name == "dealers":  # rounds an hour: no money, one chart
            assert [c["unit"] for c in drawn] == ["rounds"]
        else:  # a percent per table or day, or no chart
            assert [c.get("unit") for c in drawn] in ([None], ["%"]), kind.name
        mixed = len({line["currency"] for line in report.rows if line.get("currency")}) > 1
        if mixed and kind.name != "jackpots":  # a meter's totals: each in its own row
            assert [name for name, value in report.totals.items()
                    if isinstance(value, str) and AMOUNT.match(value)] == [], kind.name


def test_a_spreadsheet_keeps_days_as_dates_and_a_sheet_of_each_casino_with_its_totals(
        printed):
    import openpyxl

    from casino.common.headings import heading
    from tables.reports.catalog import REPORTS
    from tables.reports.exports import xlsx_bytes
    from tables.reports.selection import Selection

    today = timezone.now().date()
    selection = Selection(first=today - dt.timedelta(days=22), last=today,
                          within=tuple(Casino.objects.order_by("name")))
    for name in ("rake", "stud", "master-games", "slips", "count"):
        report = REPORTS[name].build(selection)
        book = openpyxl.load_workbook(io.BytesIO(xlsx_bytes(report)))
        assert book.sheetnames[1:] == ["Harbor Lights Casino", "Mayfair Card Club"], name
        for casino, by_casino in zip(book.sheetnames[1:], report.breakdowns["by_casino"],
                                     strict=True):
            sheet = book[casino]
            header = [c.value for c in sheet[1]]
            lines = [dict(zip(header, (c.value for c in row), strict=True))
                     for row in sheet.iter_rows(min_row=2)]
            assert {line["Casino"] for line in lines} == {casino}, name
            assert len({line["Currency"] for line in lines}) == 1, name
            total = lines[-1]
            assert total["Line"] == "total", name
            for column, value in by_casino.items():  # the casino's own totals, as numbers
                if isinstance(value, str) and AMOUNT.match(value) and \
                        heading(column) in header:
                    assert total[heading(column)] == float(value), (name, casino, column)
            day = lines[0]["Gaming day"]
            assert isinstance(day, dt.datetime)
            assert sheet.cell(row=2, column=header.index("Gaming day") + 1).number_format == \
                "yyyy-mm-dd"
    slips = openpyxl.load_workbook(io.BytesIO(xlsx_bytes(REPORTS["slips"].build(selection))))
    header = [c.value for c in slips.active[1]]
    issued = slips.active.cell(row=2, column=header.index("Issued at") + 1)
    assert (isinstance(issued.value, dt.datetime), issued.number_format) == (
        True, "yyyy-mm-dd hh:mm")
