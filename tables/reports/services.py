"""The reports' writes. Closing a gaming day: every report's figures for the day stored
once, with a checksum, never to change; days close after they end (with a grace for
rounds still committing) and closing again is refused by the database. Export jobs: a
report file written by a worker while the page shows its progress."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Min
from django.utils import timezone

from casino.common.days import group_day_bounds
from payouts.jackpots.models import MeterEntry, Progressive
from tables.floor.models import Casino
from tables.poker.models import PokerHand, TimeCollection
from tables.reports import charts, exports, jackpots, rake, stud_games
from tables.reports.catalog import REPORTS
from tables.reports.models import (
    ClosedDay,
    ExportJob,
    ExportStatus,
    MeterFigure,
    RakeFigure,
    StudFigure,
)
from tables.reports.selection import Selection, read_selection
from tables.stud.models import StudRound

log = logging.getLogger(__name__)

# A round recorded in the last second of a day may still be committing when it ends.
GRACE = dt.timedelta(minutes=10)


def checksum(figures: dict[str, list[dict]]) -> str:
    """A digest of the day's figures; a meter's reset value is left out, being a setting
    stored beside the figures, not a figure of the ledger."""
    content = {**figures, "meters": [{k: v for k, v in line.items() if k != "seed"}
                                     for line in figures["meters"]]}
    canonical = json.dumps(content, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def _casino_figures(casino: Casino, day: dt.date) -> dict[str, list[dict]]:
    selection = Selection(first=day, last=day, casino=casino)
    return {"rake": rake.live_figures(selection, {}),
            "rake_adjustments": rake.adjustments(selection),
            "stud": stud_games.live_figures(selection, {}),
            "stud_adjustments": stud_games.adjustments(selection)}


def _meter_figures(books: Casino | None, day: dt.date) -> list[dict]:
    lines = []
    for progressive in Progressive.objects.filter(casino=books).order_by("pk"):
        lines.extend(jackpots.meter_days(progressive, [day]))
    return lines


@transaction.atomic
def close_day(books: Casino | None, day: dt.date) -> ClosedDay | None:
    """Close one day of a casino's books (None: the group's, which hold only wide-area
    meters). Returns None when the day was already closed."""
    figures = _casino_figures(books, day) if books is not None else {}
    figures["meters"] = _meter_figures(books, day)
    try:
        with transaction.atomic():
            closed = ClosedDay.objects.create(casino=books, gaming_day=day,
                                              checksum=checksum(figures))
    except IntegrityError:
        return None
    common = {"closed": closed, "gaming_day": day}
    RakeFigure.objects.bulk_create(
        RakeFigure(**common, **_without(f, "gaming_day")) for f in figures.get("rake", ()))
    StudFigure.objects.bulk_create(
        StudFigure(**common, **_without(f, "gaming_day")) for f in figures.get("stud", ()))
    MeterFigure.objects.bulk_create(
        MeterFigure(**common, **_without(f, "gaming_day")) for f in figures["meters"])
    return closed


def _without(figure: dict, *names: str) -> dict:
    ids = {"table": "table_id", "dealer": "dealer_id", "paytable": "paytable_id",
           "progressive": "progressive_id"}
    return {ids.get(k, k): v for k, v in figure.items() if k not in names}


def _first_day(books: Casino | None) -> dt.date | None:
    """The first gaming day the books hold anything on."""
    if books is None:
        return MeterEntry.objects.filter(progressive__casino__isnull=True).aggregate(
            first=Min("gaming_day"))["first"]
    days = [model.objects.filter(table__casino=books).aggregate(first=Min("gaming_day"))
            ["first"] for model in (StudRound, PokerHand, TimeCollection)]
    days.append(MeterEntry.objects.filter(progressive__casino=books).aggregate(
        first=Min("gaming_day"))["first"])
    days = [d for d in days if d is not None]
    return min(days) if days else None


def _ended(books: Casino | None, day: dt.date, now: dt.datetime) -> bool:
    end = books.day_bounds(day)[1] if books is not None else group_day_bounds(day)[1]
    return end + GRACE <= now


def close_ended_days(now: dt.datetime | None = None, progress=None) -> int:
    """Close every day of every set of books that has ended and is not closed yet, in
    order; returns how many days were closed."""
    now = now or timezone.now()
    count = 0
    for books in [*Casino.objects.order_by("pk"), None]:
        last = ClosedDay.objects.filter(casino=books).order_by("-gaming_day").first()
        day = last.gaming_day + dt.timedelta(days=1) if last else _first_day(books)
        while day is not None and _ended(books, day, now):
            if close_day(books, day) is not None:
                count += 1
                if progress:
                    progress(books, day)
            day += dt.timedelta(days=1)
    if count:
        log.info("closed %s gaming days", count)
    return count


def verify_day(closed: ClosedDay) -> bool:
    """Recompute a closed day from the records and compare with its checksum."""
    figures = (_casino_figures(closed.casino, closed.gaming_day)
               if closed.casino is not None else {})
    figures["meters"] = _meter_figures(closed.casino, closed.gaming_day)
    return checksum(figures) == closed.checksum



def request_export(*, actor, report: str, fmt: str, query: dict) -> ExportJob:
    """A file to be written by a worker; the selection is checked now, so a bad one is
    refused before anything is queued."""
    kind = REPORTS.get(report)
    if kind is None:
        raise ValidationError({"report": [f"'{report}' is not a report."]})
    if fmt not in kind.formats:
        raise ValidationError({"format": [f"The {kind.title.lower()} report is written as "
                                          f"{', '.join(kind.formats)}, not '{fmt}'."]})
    selection = read_selection(query)
    job = ExportJob.objects.create(report=report, format=fmt, query=selection.as_query(),
                                   requested_by=actor)
    from tables.reports.tasks import write_export  # the task module imports this one

    transaction.on_commit(lambda: write_export.delay(job.pk))
    return job


def _progress(job_id: int, percent: int, status: str = ExportStatus.RUNNING, **fields) -> None:
    # One UPDATE per step, committed at once: the page polling the job sees each step.
    ExportJob.objects.filter(pk=job_id).update(progress=percent, status=status, **fields)


def write_export(job_id: int) -> None:
    job = ExportJob.objects.select_related("requested_by").get(pk=job_id)
    if job.status == ExportStatus.DONE:
        return  # a redelivered message: the file is already written
    kind = REPORTS[job.report]
    try:
        _progress(job_id, 10)
        report = kind.build(read_selection(job.query))
        _progress(job_id, 60)
        content = _file(report, job.format, job.requested_by.get_username())
    except Exception as error:
        log.exception("export %s failed", job_id)
        _progress(job_id, 100, ExportStatus.FAILED, finished_at=timezone.now(),
                  message=f"The file could not be written: {error}"[:300])
        return
    _progress(job_id, 100, ExportStatus.DONE, content=content, finished_at=timezone.now(),
              filename=exports.filename(report, job.format))


def _file(report, fmt: str, run_by: str) -> bytes:
    if fmt == "xlsx":
        return exports.xlsx_bytes(report)
    if fmt == "pdf":
        return exports.pdf_bytes(report, run_by=run_by, chart_svg=charts.svg(report))
    lines = exports.csv_lines(exports.columns_of(report), exports.lines_of(report))
    return "".join(lines).encode()
