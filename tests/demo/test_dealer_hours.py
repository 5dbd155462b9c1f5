"""Issue 44, point 2, on the demo's three weeks: every round or hand a dealer recorded lies
in one of his stints at that table (the demo recorded a table's whole day, then turned the
clock back for the next table, one dealer for every table of both casinos, and never
clocked him out: "16.08 hours dealt" in one shift, "7 rounds · 0.0 hours"); the dealer
report has no row over its shift, no dealer over a day, and no rate that is not its
line's rounds over its line's hours (the totals' too); and its page, CSV, spreadsheet and
PDF show the same figures."""

import csv
import datetime as dt
import io
import itertools
from collections import defaultdict

import openpyxl
import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from pypdf import PdfReader

from casino.house.models import Casino
from casino.templatetags.casino_tags import cell
from tables.pit import stints
from tables.poker.models import PokerHand
from tables.reports.catalog import REPORTS
from tables.reports.dealers import last_round_of
from tables.reports.selection import Selection
from tables.rules.stints import covering
from tables.stud.models import StudRound

pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("demo_as_loaded")]


def _span():
    harbor = Casino.objects.get(currency="USD")
    today = harbor.gaming_day(timezone.now())
    return today - dt.timedelta(days=22), today


def _dealt():
    now = timezone.now()
    first, _ = _span()
    casinos = list(Casino.objects.all())
    return stints.dealt(casinos, since=casinos[0].day_bounds(first)[0], until=now, now=now,
                        rounds=last_round_of)


def test_every_round_a_dealer_recorded_lies_in_one_of_his_stints_at_that_table(printed):
    floor = _dealt()
    outside, seen = [], 0
    for records in (StudRound.objects, PokerHand.objects):
        for casino, dealer, table, dealt_at, recorded_at in records.values_list(
                "table__casino", "dealer", "table", "dealt_at", "recorded_at"):
            seen += 1
            moment = dealt_at or recorded_at
            if covering(floor.stints.get((casino, dealer), ()), table, moment) is None:
                outside.append((dealer, table, moment.isoformat()))
    assert seen > 900
    assert outside == [], f"{len(outside)} of {seen} outside, first {outside[:5]}"


def test_no_dealer_deals_two_tables_at_once_nor_more_hours_than_a_day(printed):
    floor = _dealt()
    by_dealer, by_day = defaultdict(list), defaultdict(float)
    for (casino_id, dealer), his in floor.stints.items():
        assert not any(stint.unended for stint in his)  # the crews all went home
        for stint in his:
            for part in floor.parts(casino_id, stint):
                by_dealer[dealer].append(part)
                by_day[(casino_id, dealer, part.shift.day)] += part.seconds
    for parts in by_dealer.values():  # at both casinos together
        parts.sort(key=lambda part: part.start)
        for before, after in itertools.pairwise(parts):
            assert before.end <= after.start, (before, after)
    casinos = {c.pk: c for c in Casino.objects.all()}
    for (casino_id, _, day), seconds in by_day.items():
        begin, end = casinos[casino_id].day_bounds(day)
        assert seconds <= (end - begin).total_seconds()
        assert seconds <= 10 * 3600  # a crew's day: ten hours at most, breaks left out


def _rate(line) -> None:
    hours = line["hours_dealt"]
    assert line["rounds_per_hour"] == (round(line["rounds"] / hours, 1) if hours else None), line


def test_the_dealer_report_has_no_row_over_its_shift_and_every_rate_is_rounds_over_hours(
        printed):
    first, last = _span()
    casinos = {c.name: c for c in Casino.objects.all()}
    report = REPORTS["dealers"].build(Selection(first=first, last=last,
                                                within=tuple(casinos.values())))
    # Each table's session a day, dealt by its crew (tables.management.demo_history)
    assert len(report.rows) > 150
    per_day = defaultdict(float)
    for row in report.rows:
        casino, day = casinos[row["casino"]], dt.date.fromisoformat(row["gaming_day"])
        begin, end = casino.shift_bounds(day, row["shift"])
        assert row["hours_dealt"] <= round((end - begin).total_seconds() / 3600, 2), row
        assert row["rounds"] == 0 or row["hours_dealt"] > 0, row  # no round without a stint
        assert row["unended"] == 0
        _rate(row)
        per_day[(row["casino"], row["dealer_name"], day)] += row["hours_dealt"]
    assert max(per_day.values()) <= 10
    for line in [*report.breakdowns["by_dealer"], report.totals]:
        _rate(line)
    assert report.breakdowns["never_ended"] == []
    total = sum(row["hours_dealt"] for row in report.rows)
    assert abs(report.totals["hours_dealt"] - total) <= 0.005 * len(report.rows)


def test_the_dealer_reports_page_and_files_show_the_same_figures(printed, client, api,
                                                                 time_machine):
    """One builder (tables.reports.catalog) for the page and every file: the same rows and
    totals, hours and rates as numbers in the spreadsheet (they were text), the dealers'
    lines in the PDF. The clock stands still: a stint still running counts to now."""
    time_machine.move_to(timezone.now(), tick=False)
    accountant = get_user_model().objects.get(username="accountant")
    first, last = _span()
    query = {"from": first.isoformat(), "to": last.isoformat()}
    report = REPORTS["dealers"].build(Selection(first=first, last=last,
                                                within=tuple(Casino.objects.all())))
    totals = report.totals
    figures = [str(totals[name]) for name in ("rounds", "hours_dealt", "rounds_per_hour")]
    client.force_login(accountant)
    page = client.get("/accounting/reports/dealers/", query)
    shown = " ".join(page.content.decode().split())
    for name, key in (("Rounds", "rounds"), ("Hours dealt", "hours_dealt"),
                      ("Rounds per hour", "rounds_per_hour")):
        value = cell(totals[key], key)  # the page marks the thousands; the files do not
        assert f"<th>{name}</th><td class=\"num\">{value}</td>" in shown, name
    files = {fmt: api.as_user(accountant).get("/api/v1/reports/dealers/",
                                              {**query, "format": fmt})
             for fmt in ("csv", "xlsx")}
    lines = list(csv.DictReader(io.StringIO(b"".join(files["csv"].streaming_content).decode())))
    assert [lines[-1][n] for n in ("rounds", "hours_dealt", "rounds_per_hour")] == figures
    for row, line in zip(report.rows, lines, strict=False):
        assert [line[n] for n in ("dealer_name", "rounds", "hours_dealt", "rounds_per_hour",
                                  "unended")] == [str(row[n] if row[n] is not None else "")
                                                  for n in ("dealer_name", "rounds",
                                                            "hours_dealt", "rounds_per_hour",
                                                            "unended")]
    sheet = openpyxl.load_workbook(io.BytesIO(files["xlsx"].content)).active
    header = [c.value for c in sheet[1]]
    total_row = dict(zip(header, (c.value for c in list(sheet.iter_rows(min_row=2))[-1]),
                         strict=True))
    assert [total_row[n] for n in ("Rounds", "Hours dealt", "Rounds per hour")] == [
        totals["rounds"], totals["hours_dealt"], totals["rounds_per_hour"]]
    # A PDF written while you wait holds a thousand rows at most: the last three days'.
    first = last - dt.timedelta(days=2)
    report = REPORTS["dealers"].build(Selection(first=first, last=last,
                                                within=tuple(Casino.objects.all())))
    pdf = api.as_user(accountant).get("/api/v1/reports/dealers/", {
        "from": first.isoformat(), "to": last.isoformat(), "format": "pdf"})
    assert pdf.status_code == 200
    text = " ".join(" ".join(page.extract_text().split())
                    for page in PdfReader(io.BytesIO(pdf.content)).pages)
    for line in report.breakdowns["by_dealer"]:
        assert f"{line['dealer_name']} {line['rounds']} {line['hours_dealt']}" in text, line


def test_the_rotations_script_records_nothing_after_the_moment_it_is_loaded():
    """OM-1's last hand was dated a minute after the demo was loaded: read within that
    minute, it lay outside its dealer's stint (which runs to now)."""
    from tables.management.demo_rotation import _timeline

    assert max(minutes for minutes, _, _ in _timeline()) < 0
