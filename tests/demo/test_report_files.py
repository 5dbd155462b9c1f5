"""The accountant's files of the demo's three weeks, read back: each report's PDF names a
row once (its label, never the database's id beside it), never splits a row across two
pages, and marks money with its thousands; the charts show every day of their span, the
day still running said to be "so far", the hold's band named by its confidence."""

import datetime as dt
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from pypdf import PdfReader

from casino.common.headings import heading, read_columns
from casino.house.models import Casino
from casino.templatetags.casino_tags import cell
from tables.reports import charts, printing
from tables.reports.catalog import REPORTS
from tables.reports.selection import read_selection

pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("demo_as_loaded")]
PRINTED = ("rake", "stud", "master-games", "count", "dealers", "players", "slips", "hold")


def _report(name: str, days: int = 21):
    today = Casino.objects.get(currency="USD").gaming_day(timezone.now())
    kind = REPORTS[name]
    accountant = get_user_model().objects.get(username="accountant")
    span = {"from": str(today - dt.timedelta(days=days)), "to": str(today)}
    return kind.build(read_selection(span, accountant, kind.filters))


def _pages(report) -> list[str]:
    printed = printing.pdf_bytes(report, run_by="accountant", chart_png=charts.png(report))
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(printed)).pages]


@pytest.mark.parametrize("name", PRINTED)
def test_each_pdf_heads_a_column_once_and_keeps_each_row_on_one_page(printed, name):
    report = _report(name)
    pages = _pages(report)
    columns = read_columns(report.columns)
    heads = [heading(c) for c in columns]
    assert len(heads) == len(set(heads)), heads  # one "Table", not the id beside it
    assert "table" not in columns or "table_label" not in report.columns
    for row in report.rows:
        # Every figure of a row stands on the page that holds its first cell's.
        cells = [str(cell(row[c], c)) for c in columns if row.get(c) not in (None, "")]
        figures = [c for c in cells if re.fullmatch(r"-?[\d,]+\.\d\d", c)]
        names = [str(row[c]) for c in ("gaming_day", "table_label", "dealer_name") if row.get(c)]
        assert any(all(f in page for f in [*names, *figures]) for page in pages), (name, row)


@pytest.mark.parametrize("name", PRINTED)
def test_each_pdf_marks_the_thousands(printed, name):
    text = " ".join(_pages(_report(name)))
    assert not re.search(r"(?<![\d,.])\d{4,}\.\d\d\b", text), re.findall(
        r"(?<![\d,.])\d{4,}\.\d\d\b", text)[:5]


def test_the_running_days_bar_is_said_to_be_so_far(printed):
    today = Casino.objects.get(currency="USD").gaming_day(timezone.now())
    usd = next(c for c in charts.series(_report("rake")) if c["unit"] == "USD")
    assert f"{today} (so far)" in usd["labels"]
    assert sum("so far" in label for label in usd["labels"]) == 1


def test_the_hold_chart_shows_every_day_a_legend_and_its_band_by_confidence(printed):
    report = _report("hold", days=13)
    (chart,) = charts.series(report)
    days = chart["lines"]["Hold %"]["labels"]
    assert len(days) == 14  # every day of the span, the uncounted ones as gaps
    assert sum(v is not None for v in chart["lines"]["Hold %"]["values"]) >= 3
    assert chart["band_label"] == "99% band of the hands played"
    colors = {line["color"] for name, line in chart["lines"].items() if "Band" not in name}
    assert len(colors) == 2  # the hold and the expected hold apart
