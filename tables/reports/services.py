"""The reports' writes from a request: an export job, a report file that a worker
writes while the page shows its progress (closing days is the beat's: closing.py); and
the privacy log of every report response that names players (the page, the API in
each format, a prepared file at each download)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from casino.common.atomic import ONE_STATEMENT, outside_transaction
from casino.common.queueing import send_once
from tables.players import services as players
from tables.players.models import Channel, Sight
from tables.reports.catalog import REPORTS, may_read
from tables.reports.figures import Report
from tables.reports.models import ExportJob
from tables.reports.selection import read_selection
from tables.reports.tasks import write_export


@transaction.atomic
def request_export(*, actor, report: str, fmt: str, query: dict) -> ExportJob:
    """A file to be written by a worker; the selection is checked now, so a bad one is
    refused before anything is queued."""
    kind = REPORTS.get(report)
    if kind is None:
        raise ValidationError({"report": [f"'{report}' is not a report."]})
    if not may_read(actor, kind):
        raise PermissionDenied(f"The {kind.title.lower()} report is not yours to read: a "
                               "host reads the player reports only.")
    if fmt not in kind.formats:
        raise ValidationError({"format": [f"The {kind.title.lower()} report is written as "
                                          f"{', '.join(kind.formats)}, not '{fmt}'."]})
    selection = read_selection(query, actor, kind.filters)
    job = ExportJob.objects.create(report=report, format=fmt, query=selection.as_query(),
                                   requested_by=actor)
    transaction.on_commit(lambda: _send(job))
    return job


def _send(job: ExportJob) -> None:
    if not send_once(write_export, job.pk, later="the minute's sweep sends it again"):
        ExportJob.objects.filter(pk=job.pk).update(
            message="The workers' queue did not answer: the file will be asked for again "
                    "within a minute, nothing to do.")



@outside_transaction(ONE_STATEMENT)
def report_shown(*, actor, report: Report, channel: str, rows: slice = slice(None)) -> None:
    """Each player named by the rows a response shows (``rows``: a page's, else all)
    logged as read by ``actor`` (tables.players' privacy log)."""
    players.players_read(actor=actor, players=report.players[rows], channel=channel,
                         sight=Sight.LISTED)


@outside_transaction(ONE_STATEMENT)
def check_shown(*, actor, findings: list[dict]) -> None:
    """The players the rated play's reconciliation names on a page (the closed days'),
    logged as read by ``actor``."""
    players.players_read(actor=actor, players=[f.get("player_id") for f in findings],
                         channel=Channel.PAGE, sight=Sight.LISTED)


@outside_transaction(ONE_STATEMENT)
def export_downloaded(*, actor, job: ExportJob) -> None:
    """A prepared file downloaded: each player it names read again, as a file."""
    players.players_read(actor=actor, players=job.players, channel=Channel.FILE,
                         sight=Sight.LISTED)
