"""Every write of game math: asking for an analysis, and a worker computing it."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from functools import partial

from django.db import transaction
from django.utils import timezone

from casino.common.atomic import EACH_ITS_OWN, outside_transaction
from casino.common.queueing import send_once
from payouts.analysis.keys import key_of, terms_of
from payouts.analysis.models import AnalysisStatus, ParAnalysis
from payouts.analysis.tasks import compute_par
from payouts.terms.models import Paytable
from payouts.terms.versioning import PublicationStatus

RETRY_FAILED_AFTER = timedelta(minutes=1)
LOST_AFTER = timedelta(minutes=5)  # past the task's hard time limit (240 s)


@transaction.atomic
def request_analysis(*, actor, paytable: Paytable, ante: Decimal | None = None) -> ParAnalysis:
    """The analysis of the paytable's current terms at this ante: found, or queued now (a
    failed or lost one queued again, see ``_queued_again``). ``actor``: who asked (None:
    the service itself, a report or the nightly beat); figures are the same whoever asks,
    so the analysis does not keep him."""
    ante = paytable.min_ante if ante is None else ante
    analysis, created = ParAnalysis.objects.get_or_create(
        **key_of(paytable, ante), defaults={"ante": ante, "terms": terms_of(paytable)})
    if created or _queued_again(analysis):
        transaction.on_commit(partial(send_once, compute_par, analysis.pk,
                                      later="a request five minutes on queues it again"))
        analysis.refresh_from_db()
    return analysis


def _queued_again(analysis: ParAnalysis) -> bool:
    """A failed analysis is tried again a minute later; one still waiting or running five
    minutes on was lost (its worker killed past the time limit, or its message never
    sent) and is queued again. Only one request wins the update."""
    if analysis.status == AnalysisStatus.DONE:
        return False
    failed = analysis.status == AnalysisStatus.FAILED
    since = (analysis.finished_at or analysis.requested_at) if failed else analysis.requested_at
    if timezone.now() - since < (RETRY_FAILED_AFTER if failed else LOST_AFTER):
        return False
    return bool(ParAnalysis.objects.filter(
        pk=analysis.pk, status=analysis.status, requested_at=analysis.requested_at).update(
        status=AnalysisStatus.QUEUED, progress=0, message="", requested_at=timezone.now()))


@outside_transaction(EACH_ITS_OWN)
def analyse_published(*, actor) -> int:
    """The figures the reports need: every published version at its minimum ante."""
    queued = 0
    for paytable in Paytable.objects.filter(status=PublicationStatus.PUBLISHED):
        queued += not request_analysis(actor=actor, paytable=paytable).ready
    return queued
