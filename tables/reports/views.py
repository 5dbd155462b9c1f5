"""The accountant's pages: the card room's drop for a day, each report with its filters,
totals, chart and downloads, the export jobs' progress, and the closed days."""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlencode

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_date
from django.views.decorators.http import require_POST

from casino.common.headings import read_columns
from casino.common.problems import problem_lines
from casino.common.roles import Role, role_required
from casino.house.trail import zone_of, zone_of_owner
from payouts.jackpots.selectors import progressives_visible_to
from tables.floor.selectors import casinos_of, tables_at_casinos_of
from tables.reports import charts, exports, ratings_check, services, verification
from tables.reports.catalog import REPORTS, kinds_for, may_read
from tables.reports.exports import CONTENT_TYPES, attach
from tables.reports.figures import breakdowns_of
from tables.reports.models import ClosedDay, ExportJob, ExportStatus
from tables.reports.selection import SHIFTS, read_selection
from tables.reports.selectors import card_room_day

READERS = (Role.ACCOUNTANT, Role.SUPERVISOR)
# A host reads the player reports (catalog.may_read says which), and their files.
REPORT_READERS = (*READERS, Role.HOST)
# A page of a report's rows: a tablet scrolls through fifty; the files hold them all.
ROWS_A_PAGE = 50
# The breakdowns whose lines are each a book of its own currency (see _each_book).
BOOKS = tuple(breakdown for _, breakdown in exports.BOOKS)


@role_required(Role.ACCOUNTANT)
def accounting(request):
    now = timezone.now()
    asked = parse_date(request.GET.get("day", "") or "")
    casinos = []
    for casino in casinos_of(request.user):
        day = asked or casino.gaming_day(now)
        casinos.append({"casino": casino, "gaming_day": casino.gaming_day(now),
                        "tables": casino.tables.count(), "day": day,
                        "card_room": card_room_day(casino, day)})
    return render(request, "tables/accounting.html", {
        **_day_check(request.user),
        "casinos": casinos, "asked": asked, "reports": REPORTS.values(),
        "bad_day": request.GET.get("day") and asked is None and request.GET["day"]})


def _default_query(user) -> dict[str, str]:
    """The last two weeks up to the current gaming day of the user's first casino."""
    casino = casinos_of(user).first()
    today = casino.gaming_day(timezone.now()) if casino else timezone.localdate()
    return {"from": (today - dt.timedelta(days=13)).isoformat(), "to": today.isoformat()}


def _choices(user) -> dict:
    casinos = casinos_of(user)
    users = get_user_model().objects.filter(
        groups__name=Role.DEALER, casinos__in=casinos.values("pk")).distinct()
    return {"casino_choices": casinos,
            "table_choices": tables_at_casinos_of(user).order_by("label"),
            "progressive_choices": progressives_visible_to(user),
            "dealer_choices": users.order_by("username"), "shift_choices": SHIFTS}


@role_required(*REPORT_READERS)
def report_page(request, name: str):
    kind = REPORTS.get(name)
    if kind is None:
        raise Http404("There is no such report.")
    if not may_read(request.user, kind):
        raise PermissionDenied("A host reads the player reports only: player activity, top "
                               "players and comp liability.")
    query = request.GET if "from" in request.GET else _default_query(request.user)
    context = {"kind": kind, "query": query, "reports": kinds_for(request.user),
               **_choices(request.user)}
    try:
        selection = read_selection(query, request.user, kind.filters)
    except ValidationError as error:
        context["problems"] = problem_lines(error.message_dict)
        return render(request, "reports/report.html", context, status=400)
    report = kind.build(selection)
    breakdowns = breakdowns_of(report)
    apart = _each_book(breakdowns)
    page = Paginator(report.rows, ROWS_A_PAGE).get_page(query.get("page"))
    services.report_shown(actor=request.user, report=report, channel="page",
                          rows=slice(max(page.start_index() - 1, 0), page.end_index()))
    context.update(report=report, page=page,
                   columns=read_columns(report.columns),
                   series=charts.series(report), totals=_totals(report), apart=apart,
                   breakdowns=[b for b in breakdowns if b is not apart],
                   selection_query=selection.as_query(),
                   asked=urlencode(selection.as_query()))
    return render(request, "reports/report.html", context)


def _each_book(breakdowns: list[dict]) -> dict | None:
    """The breakdown that sums each book (a casino, or a meter) in its own currency, shown
    with the totals when the report covers more than one (their money is never added)."""
    for breakdown in breakdowns:
        if breakdown["name"] in BOOKS and len(breakdown["lines"]) > 1:
            return breakdown
    return None


def _totals(report) -> list[tuple[str, object]]:
    """The totals to show: the columns' in their order, then the report's other sums
    (a count of slips by status); ids and days are not summed."""
    names = [*report.columns, *(n for n in report.totals if n not in report.columns)]
    return [(n, report.totals[n]) for n in names
            if n in report.totals and report.totals[n] not in (None, "")
            and n not in ("table", "progressive", "gaming_day")]


@require_POST
@role_required(*REPORT_READERS)
def export_request(request, name: str):
    try:
        job = services.request_export(actor=request.user, report=name,
                                      fmt=request.POST.get("format", ""), query=request.POST)
    except PermissionDenied:
        raise
    except ValidationError as error:
        return render(request, "reports/export.html", {
            "problems": problem_lines(error.message_dict), "kind": REPORTS.get(name)},
            status=400)
    return redirect("report-export", pk=job.pk)


def _own_job(request, pk: int) -> ExportJob:
    return get_object_or_404(ExportJob, pk=pk, requested_by=request.user)


@role_required(*REPORT_READERS)
def export_page(request, pk: int):
    job = _own_job(request, pk)
    # When it was asked, on the clock of the reader's casinos (the server's is UTC).
    return render(request, "reports/export.html", {"job": job, "kind": REPORTS[job.report],
                                                   "zone": zone_of(request.user)})


@role_required(*REPORT_READERS)
def export_state(request, pk: int):
    job = _own_job(request, pk)
    ready = job.status == ExportStatus.DONE
    return JsonResponse({"status": job.status, "progress": job.progress,
                         "status_text": job.get_status_display(), "message": job.message,
                         "download": reverse("report-export-download", args=[job.pk])
                         if ready else None})


@role_required(*REPORT_READERS)
def export_download(request, pk: int):
    job = _own_job(request, pk)
    if job.status != ExportStatus.DONE:
        raise Http404("The file is not written yet.")
    services.export_downloaded(actor=request.user, job=job)
    return attach(HttpResponse(bytes(job.content), content_type=CONTENT_TYPES[job.format]),
                  job.filename)


@role_required(*READERS)
def closed_days(request):
    days = list(ClosedDay.objects.filter(casino__in=casinos_of(request.user)).select_related(
        "casino")[:400])
    for day in days:  # when it closed, on the clock of the books it closed
        day.zone = zone_of_owner(day.casino)
    rating_check = _rating_check(request.user)
    services.check_shown(actor=request.user, findings=rating_check["rating_check_findings"])
    return render(request, "reports/closed_days.html", {
        "days": days, "reports": REPORTS.values(), **_day_check(request.user),
        **rating_check})


def _day_check(user) -> dict:
    """The last nightly check of the closed days, as the reader may see it: the problems
    in the books of the reader's casinos and the group's, in words, on their clock."""
    check = verification.last_check()
    mine = set(casinos_of(user).values_list("pk", flat=True))
    findings = [f for f in (check.findings if check else [])
                if f["casino"] is None or f["casino"] in mine]
    zone = zone_of(user)
    return {"day_check": check, "day_check_words": verification.summary_words(check, findings),
            "day_check_findings": findings,
            "day_checked_at": (f"{check.checked_at.astimezone(zone):%Y-%m-%d %H:%M %Z}"
                               if check else "")}


def _rating_check(user) -> dict:
    """The last reconciliation of the rated play, as the reader may see it: the
    disagreements at the reader's casinos, in words, on their clock."""
    check = ratings_check.last_check()
    mine = set(casinos_of(user).values_list("pk", flat=True))
    findings = [f for f in (check.findings if check else []) if f["casino"] in mine]
    return {"rating_check": check,
            "rating_check_words": ratings_check.summary_words(check, findings),
            "rating_check_findings": findings,
            "rating_checked_at": (f"{check.checked_at.astimezone(zone_of(user)):%Y-%m-%d %H:%M %Z}"
                                  if check else "")}
