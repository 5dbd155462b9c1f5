"""/api/v1/reports/: rake, jackpots, stud, master games, fill and credit slips, recorded
against counted (JSON, CSV, XLSX; PDF for the signed ones) and the stud seat results as
CSV, read by accountants and supervisors."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from tables.reports import exports, schemas, seat_export, services
from tables.reports.catalog import REPORTS, Kind, may_read
from tables.reports.figures import Report
from tables.reports.selection import read_format, read_selection


class ReadsTheReport(IsAuthenticated):
    """The view's report, by its readers (catalog.may_read): accountants and supervisors
    every one, a host the player reports."""

    message = "Only accountants and pit supervisors read reports."

    def has_permission(self, request, view):
        if not super().has_permission(request, view):
            return False
        if view.kind.hosts:
            self.message = ("Only accountants, pit supervisors and hosts read the player "
                            "reports.")
        return may_read(request.user, view.kind)
FILTER_PARAMETERS = {
    "casino": OpenApiParameter("casino", int),
    "table": OpenApiParameter("table", int),
    "progressive": OpenApiParameter("progressive", int),
    "dealer": OpenApiParameter("dealer", int),
    "shift": OpenApiParameter("shift", int, enum=[1, 2, 3],
                              description="One shift of each gaming day."),
}


def parameters_of(kind: Kind, *, formats: bool = True) -> list[OpenApiParameter]:
    """The query parameters a report reads: the span, its filters, the format."""
    span = [OpenApiParameter("from", str, required=True,
                             description="First gaming day, YYYY-MM-DD."),
            OpenApiParameter("to", str, required=True,
                             description="Last gaming day (included).")]
    fmt = [OpenApiParameter("format", str, enum=[*exports.CONTENT_TYPES, "json"])]
    return [*span, *(FILTER_PARAMETERS[f] for f in kind.filters), *(fmt if formats else [])]


class _FileRenderer(BaseRenderer):
    """Lets ``?format=csv`` through DRF's negotiation; the view writes the file itself."""

    charset = None

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return JSONRenderer().render(data)


def _renderer(fmt: str) -> type[BaseRenderer]:
    return type(f"{fmt.capitalize()}Renderer", (_FileRenderer,),
                {"format": fmt, "media_type": exports.CONTENT_TYPES[fmt].split(";")[0]})


def report_json(report: Report) -> dict:
    s = report.selection
    return {"from": s.first.isoformat(), "to": s.last.isoformat(), "rows": report.rows,
            "totals": report.totals, **report.breakdowns, "adjustments": report.adjustments,
            **report.extra, "closed_days": report.closed_days, **_source_of(report)}


def _source_of(report: Report) -> dict:
    """Where the figures were read: the reporting replica (how far behind) or the primary
    (and why); nothing with one database (docs/api.md)."""
    source = report.source
    if source is None:
        return {}
    return {"source": {"database": "replica" if source.on_replica else "primary",
                       "behind_seconds": round(source.lag, 1) if source.on_replica else 0,
                       "as_of": source.as_of.isoformat(), "words": source.words}}


def respond(report: Report, fmt: str, user):
    if fmt == "csv":
        return exports.csv_response(report)
    if fmt == "xlsx":
        return exports.xlsx_response(report)
    if fmt == "pdf":
        return exports.pdf_response(report, run_by=user.get_username())
    return Response(report_json(report))


def refusal(error: ValidationError) -> serializers.ValidationError:
    return serializers.ValidationError(error.message_dict)


class ReportView(APIView):
    permission_classes = [ReadsTheReport]
    renderer_classes = [JSONRenderer, _renderer("csv"), _renderer("xlsx"), _renderer("pdf")]
    kind = REPORTS["rake"]

    def perform_content_negotiation(self, request, force=False):
        # An unknown ?format= is refused in words by the view, not with DRF's bare 404.
        return super().perform_content_negotiation(request, force=True)

    def finalize_response(self, request, response, *args, **kwargs):
        if isinstance(response, Response):
            # A refusal is JSON whatever file was asked for.
            request.accepted_renderer, request.accepted_media_type = (
                JSONRenderer(), "application/json")
        return super().finalize_response(request, response, *args, **kwargs)

    def get(self, request):
        try:
            selection = read_selection(request.query_params, request.user, self.kind.filters)
            fmt = read_format(request.query_params)
        except ValidationError as error:
            raise refusal(error) from None
        report = self.kind.build(selection)
        if fmt == "pdf" and len(report.rows) > exports.PDF_ROWS_WHILE_YOU_WAIT:
            raise serializers.ValidationError({"format": [
                f"This PDF would hold {len(report.rows):,} rows: too long to write while "
                f"you wait (at most {exports.PDF_ROWS_WHILE_YOU_WAIT:,}). Choose fewer days, "
                f"a casino or a table, or prepare it on /accounting/reports/{self.kind.name}/"
                " (the PDF is written in the background, with a progress bar)."]})
        services.report_shown(actor=request.user, report=report, channel="api")
        return respond(report, fmt, request.user)


@extend_schema(parameters=parameters_of(REPORTS["rake"]), responses={200: dict})
class RakeReportView(ReportView):
    """Rows per gaming day and table: hands, pot total, rake, fixed drops, bad-beat
    drops, time collection, voided hands; by dealer, by shift; adjustments; totals."""

    kind = REPORTS["rake"]


@extend_schema(parameters=parameters_of(REPORTS["jackpots"]), responses={200: dict})
class JackpotReportView(ReportView):
    """Rows per gaming day and progressive that reconcile to the cent; the hit list."""

    kind = REPORTS["jackpots"]


@extend_schema(parameters=parameters_of(REPORTS["stud"]), responses={200: dict})
class StudReportView(ReportView):
    """Rows per gaming day and table: rounds, handle, win, hold, jackpot handle apart,
    paytable versions; by dealer; adjustments; totals."""

    kind = REPORTS["stud"]


@extend_schema(parameters=parameters_of(REPORTS["stud"], formats=False),
               responses={(200, "text/csv"): str})
class StudSeatExportView(ReportView):
    """Every stud seat result of the span as CSV, streamed by the database's COPY."""

    kind = REPORTS["stud"]

    def get(self, request):
        try:
            selection = read_selection(request.query_params, request.user, self.kind.filters)
        except ValidationError as error:
            raise refusal(error) from None
        return seat_export.csv_response(selection)


@extend_schema(parameters=parameters_of(REPORTS["master-games"]),
               responses={200: schemas.MASTER_GAMES})
class MasterGamesReportView(ReportView):
    """Rows per gaming day, shift and table: drop, fills, credits, opener, closer, win
    (drop + credits - fills + closer - opener), hold (win / drop), the parts still missing
    in words; a poker table's box as its drop and win. Totals; by game and by pit."""

    kind = REPORTS["master-games"]


@extend_schema(parameters=parameters_of(REPORTS["slips"]), responses={200: schemas.SLIPS})
class SlipsReportView(ReportView):
    """One line per number of each casino's fill and credit slip series in the span:
    issued, void (reason, who voided, the witness) or missing (no slip carries it); the
    signatures; totals of each status and the chips filled and credited."""

    kind = REPORTS["slips"]


@extend_schema(parameters=parameters_of(REPORTS["count"]), responses={200: schemas.COUNT})
class CountReportView(ReportView):
    """Per table and shift what the records say (win at a banked table, rake at a poker
    table) against what the count found, the difference, the casino's threshold and the
    variance (none, open, explained: by whom, when, what was found). Totals; by kind."""

    kind = REPORTS["count"]


@extend_schema(parameters=parameters_of(REPORTS["hold"]), responses={200: schemas.HOLD})
class HoldReportView(ReportView):
    """Per banked table and gaming day: the counted drop, win and hold beside the win and
    hold the paytable's exact game math expects from the rounds played, with the band at
    the casino's confidence (flagged outside it); month and year to date per table and per
    game; the band per day for the chart."""

    kind = REPORTS["hold"]


@extend_schema(parameters=parameters_of(REPORTS["players"]), responses={200: dict})
class PlayersReportView(ReportView):
    """Per rated player, casino and gaming day: ratings, hours, hands, average bet, action
    (wagered), the house's actual and theoretical win, strategy cost, worth, comps earned
    by that day's ratings (their revisions included) and given that day. Totals; by
    casino."""

    kind = REPORTS["players"]


@extend_schema(parameters=parameters_of(REPORTS["top-players"]), responses={200: dict})
class TopPlayersReportView(ReportView):
    """Per rated player and casino over the span, ranked by worth within each casino."""

    kind = REPORTS["top-players"]


@extend_schema(parameters=parameters_of(REPORTS["comp-liability"]), responses={200: dict})
class CompLiabilityReportView(ReportView):
    """Per comp account: the balance before the span and after it, earned, revised and
    given in it, comps waiting for approval. Totals; by casino."""

    kind = REPORTS["comp-liability"]


@extend_schema(parameters=parameters_of(REPORTS["dealers"]), responses={200: dict})
class DealersReportView(ReportView):
    """Per gaming day, shift, dealer and game: rounds (or hands) recorded, hours dealt (his
    moves on the floor), rounds an hour, voids and irregularities and their rate per 100
    rounds. Totals; by dealer, with his hours on breaks."""

    kind = REPORTS["dealers"]


@extend_schema(parameters=parameters_of(REPORTS["hours"]), responses={200: dict})
class HoursReportView(ReportView):
    """Per gaming day, hour and table, as kept when the hour was over: rounds (or hands),
    action, recorded win, the table's win the hour before and the change. Totals; by
    casino."""

    kind = REPORTS["hours"]

