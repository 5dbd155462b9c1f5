"""A report as a file: CSV (streamed row by row), XLSX (numbers as numbers, two decimals,
days as dates, a totals row; a sheet per casino or meter when there are several) and PDF
(for signing). Every format writes the same lines: the rows, the
adjustments, the totals. An export job's file is written here, by the worker."""

from __future__ import annotations

import csv
import datetime as dt
import io
import logging
import re
from collections.abc import Iterable, Iterator

import xlsxwriter
from django.http import HttpResponse, StreamingHttpResponse
from django.utils import timezone

from casino.common.headings import CODE_WORDS, heading, read_columns
from tables.reports import charts, printing
from tables.reports.catalog import REPORTS
from tables.reports.figures import Report
from tables.reports.models import ExportJob, ExportStatus
from tables.reports.selection import read_selection

log = logging.getLogger(__name__)

NUMBER = re.compile(r"^-?\d+(\.\d+)?$")
# A day, or a moment with its offset, as the reports write them.
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:\d{2}|Z)?)?$")
# The breakdowns that total each book (a casino, a meter), by the column naming it: each
# gets its own sheet in a spreadsheet.
BOOKS = (("casino", "by_casino"), ("progressive_name", "by_progressive"))
# A spreadsheet runs a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
ADJUSTMENT_COLUMNS = ("record", "record_id", "original_gaming_day", "reason")
# The reports whose closed days can be adjusted by a later void (the others read ledgers
# or immutable records live).
ADJUSTED = ("rake", "stud")
# WeasyPrint lays out about 60 rows a second here (docs/benchmarks.md): more than this
# would outlast a web worker's 30 s; the prepared exports write any size in the worker.
PDF_ROWS_WHILE_YOU_WAIT = 1000
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "pdf": "application/pdf",
}


def safe_cell(value) -> str:
    """A cell as text, a formula neutralised by a leading apostrophe; numbers stay."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        value = "; ".join(map(str, value))
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not NUMBER.match(text):
        return "'" + text
    return text


def columns_of(report: Report, *, read: bool = False) -> list[str]:
    """A file's columns: every one for the CSV (the API's names, ids included); for the
    files people read (``read``: the spreadsheet, the PDF), an id beside its label left
    out."""
    extra = list(ADJUSTMENT_COLUMNS) if report.name in ADJUSTED else []
    columns = ["line", *report.columns, *extra]
    return read_columns(columns) if read else columns


def lines_of(report: Report) -> Iterator[dict]:
    """Every line a file holds: the rows, the adjustments, then the totals."""
    for row in report.rows:
        yield {"line": "day", **row}
    for line in report.adjustments:
        yield {"line": "adjustment", **line}
    yield {"line": "total", **report.totals}


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_lines(columns: list[str], lines: Iterable[dict]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    yield writer.writerow(columns)
    for line in lines:
        yield writer.writerow([safe_cell(line.get(c)) for c in columns])


def filename(report: Report, fmt: str) -> str:
    s = report.selection
    return f"{report.name}-{s.first:%Y%m%d}-{s.last:%Y%m%d}.{fmt}"


def attach(response, name: str, report: Report | None = None):
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    if report is not None and (words := source_words(report)):
        # A CSV has no room for a note beside its columns: the answer's header says it.
        response["X-Data-Source"] = words
    return response


def source_words(report: Report) -> str:
    """Where the figures were read and how old they are, or "" with one database."""
    source = report.source
    if source is None or not source.words:
        return ""
    when = f" Figures as of {source.as_of.isoformat(timespec='seconds')}." \
        if source.on_replica else ""
    return source.words + when


def csv_response(report: Report) -> StreamingHttpResponse:
    columns = columns_of(report)
    response = StreamingHttpResponse(csv_lines(columns, lines_of(report)),
                                     content_type=CONTENT_TYPES["csv"])
    return attach(response, filename(report, "csv"), report)


def xlsx_bytes(report: Report) -> bytes:
    """The whole report on its first sheet; when it covers several casinos (or meters),
    a sheet for each too, its rows and its own totals, in its own currency."""
    columns = columns_of(report, read=True)
    output = io.BytesIO()
    book = xlsxwriter.Workbook(output, {"constant_memory": True,
                                        "strings_to_formulas": False,
                                        "strings_to_urls": False})
    looks = _Looks(book)
    if words := source_words(report):
        book.set_properties({"comments": words})
    names: set[str] = set()
    _sheet(book, _sheet_name(report.title, names), columns, lines_of(report), looks,
           note=source_words(report))
    for book_name, lines in sheets_apart(report):
        _sheet(book, _sheet_name(book_name, names), columns, lines, looks)
    book.close()
    return output.getvalue()


def sheets_apart(report: Report) -> list[tuple[str, list[dict]]]:
    """Each casino's (or meter's) lines and its totals line, when the report has more than
    one: the rows and adjustments naming it, then its line of the breakdown by it."""
    for key, breakdown in BOOKS:
        totals = report.breakdowns.get(breakdown) or []
        if key in report.columns and len(totals) > 1:
            return [(line[key], [*({"line": "day", **r} for r in report.rows
                                   if r.get(key) == line[key]),
                                 *({"line": "adjustment", **a} for a in report.adjustments
                                   if a.get(key) == line[key]),
                                 {"line": "total", **line}])
                    for line in totals]
    return []


def _sheet_name(wanted: str, taken: set[str]) -> str:
    r"""A sheet's name as a spreadsheet allows it: 31 characters, none of []:*?/\, unique
    (case aside)."""
    base = re.sub(r"[\[\]:*?/\\]", " ", wanted).strip()[:31] or "Sheet"
    name, number = base, 2
    while name.lower() in taken:
        name = f"{base[:27]} ({number})"
        number += 1
    taken.add(name.lower())
    return name


class _Looks:
    """The cells' formats, made once per workbook."""

    def __init__(self, book) -> None:
        self.bold = book.add_format({"bold": True})
        self.amount = book.add_format({"num_format": "#,##0.00"})
        self.share = book.add_format({"num_format": "0.00%"})
        self.day = book.add_format({"num_format": "yyyy-mm-dd"})
        self.moment = book.add_format({"num_format": "yyyy-mm-dd hh:mm"})


def _sheet(book, name: str, columns: list[str], lines: Iterable[dict], looks: _Looks,
           note: str = "") -> None:
    sheet = book.add_worksheet(name)
    sheet.write_row(0, 0, [heading(c) for c in columns], looks.bold)
    r = 0
    for r, line in enumerate(lines, start=1):
        for c, column in enumerate(columns):
            _write_cell(sheet, r, c, column, line.get(column), looks)
    if note:  # below the figures, a line apart: where they were read and how old
        sheet.write_string(r + 2, 0, note)
    sheet.set_column(0, len(columns) - 1, 14)
    sheet.freeze_panes(1, 0)


def _write_cell(sheet, row: int, col: int, name: str, value, looks: _Looks) -> None:
    if value is None:
        return
    if name in ("hold", "theoretical_hold"):
        sheet.write_number(row, col, float(value), looks.share)
    elif isinstance(value, bool):
        sheet.write_boolean(row, col, value)
    elif isinstance(value, int | float):  # a count, or hours and rates (no amounts)
        sheet.write_number(row, col, value)
    elif isinstance(value, str) and NUMBER.match(value) and "." in value:
        # Exact cents become the spreadsheet's number; it shows them to the cent.
        sheet.write_number(row, col, float(value), looks.amount)
    elif (moment := _when(value)) is not None:
        # A day or a moment becomes the spreadsheet's date: it sorts and filters as one.
        sheet.write_datetime(row, col, moment, looks.day if isinstance(
            moment, dt.date) and not isinstance(moment, dt.datetime) else looks.moment)
    else:
        sheet.write_string(row, col, safe_cell(CODE_WORDS.get(value, value)
                                               if isinstance(value, str) else value))


def _when(value) -> dt.date | dt.datetime | None:
    """A day (2026-11-30) or a moment on a casino's clock (2026-11-30T09:00:00-05:00, kept
    as that clock read it: a spreadsheet has no zones) in a cell; else None."""
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None)
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str) and DAY.match(value):
        try:
            moment = dt.datetime.fromisoformat(value)
        except ValueError:
            return None
        return moment.replace(tzinfo=None) if "T" in value else moment.date()
    return None


def xlsx_response(report: Report) -> HttpResponse:
    return attach(HttpResponse(xlsx_bytes(report), content_type=CONTENT_TYPES["xlsx"]),
                  filename(report, "xlsx"), report)


def pdf_response(report: Report, *, run_by: str) -> HttpResponse:
    return attach(HttpResponse(printing.pdf_bytes(report, run_by=run_by,
                                                  chart_png=charts.png(report)),
                               content_type=CONTENT_TYPES["pdf"]), filename(report, "pdf"),
                  report)


def _progress(job_id: int, percent: int, status: str = ExportStatus.RUNNING, **fields) -> None:
    # One UPDATE per step, committed at once: the page polling the job sees each step.
    ExportJob.objects.filter(pk=job_id).update(progress=percent, status=status, **fields)


def waiting_exports(*, resend_after: dt.timedelta, stalled_after: dt.timedelta) -> list[int]:
    """The jobs to send to a worker again: each still waiting after ``resend_after`` (its
    message lost: the broker down when it was sent, or a Redis failover that took it
    with the old master), and each "being written" after ``stalled_after`` (past the
    task's time limit: its worker died with it), put back to wait first."""
    now = timezone.now()
    ExportJob.objects.filter(status=ExportStatus.RUNNING,
                             requested_at__lt=now - stalled_after).update(
        status=ExportStatus.QUEUED, progress=0,
        message="The worker writing it stopped: it is being written again.")
    return list(ExportJob.objects.filter(status=ExportStatus.QUEUED,
                                         requested_at__lt=now - resend_after)
                .values_list("pk", flat=True))


def write_export(job_id: int) -> None:
    # Claimed once: a message sent again by the sweep, or redelivered, finds it taken (or
    # written) and leaves it.
    if not ExportJob.objects.filter(pk=job_id, status=ExportStatus.QUEUED).update(
            status=ExportStatus.RUNNING, progress=10, message=""):
        return
    job = ExportJob.objects.select_related("requested_by").get(pk=job_id)
    kind = REPORTS[job.report]
    try:
        report = kind.build(read_selection(job.query, job.requested_by, kind.filters))
        _progress(job_id, 60)
        content = _file(report, job.format, job.requested_by.get_username())
    except Exception as error:
        log.exception("export %s failed", job_id)
        _progress(job_id, 100, ExportStatus.FAILED, finished_at=timezone.now(),
                  message=f"The file could not be written: {error}"[:300])
        return
    _progress(job_id, 100, ExportStatus.DONE, content=content, finished_at=timezone.now(),
              filename=filename(report, job.format),
              players=list(dict.fromkeys(report.players)))


def _file(report, fmt: str, run_by: str) -> bytes:
    if fmt == "xlsx":
        return xlsx_bytes(report)
    if fmt == "pdf":
        return printing.pdf_bytes(report, run_by=run_by, chart_png=charts.png(report))
    lines = csv_lines(columns_of(report), lines_of(report))
    return "".join(lines).encode()
