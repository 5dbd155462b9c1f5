"""Every write of game math: asking for an analysis, and a worker computing it."""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta
from decimal import Decimal
from functools import partial

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from casino.common.queueing import send_once
from payouts.analysis.models import UNCAPPED, AnalysisStatus, ParAnalysis
from payouts.analysis.tasks import compute_par
from payouts.terms.models import Paytable
from payouts.terms.versioning import PublicationStatus
from tables.rules.money import MoneyError, read_amount
from tables.rules.stud_par import cap_binds

CENT = Decimal("0.01")
RETRY_FAILED_AFTER = timedelta(minutes=1)
LOST_AFTER = timedelta(minutes=5)  # past the task's hard time limit (240 s)


def terms_of(paytable: Paytable) -> dict:
    """The terms the figures depend on, in one canonical form (the checksum's input)."""
    return {"variant": paytable.variant, "odds": dict(paytable.terms().odds),
            "max_payout": f"{paytable.max_payout:.2f}",
            "dealer_qualifier": str(paytable.dealer_qualifier).strip().upper()}


def checksum_of(terms: dict) -> str:
    return hashlib.sha256(json.dumps(terms, sort_keys=True).encode()).hexdigest()


def read_cents(raw, *, field: str, example: str, lowest: Decimal, highest: Decimal,
               out_of_range: str) -> Decimal:
    """An amount typed in a query (an ante, a meter): plain, within limits, in cents; a
    refusal names the field and the value."""
    try:
        amount = read_amount(raw)
    except MoneyError:
        raise ValidationError({field: [f"'{raw}' is not an amount: write it like {example}."]}
                              ) from None
    if not lowest <= amount <= highest:  # first: a 40-digit amount cannot be quantized
        raise ValidationError({field: [out_of_range]})
    if amount != amount.quantize(CENT):
        raise ValidationError({field: [f"{raw} is not a whole number of cents."]})
    return amount.quantize(CENT)


def read_ante(paytable: Paytable, raw) -> Decimal:
    """The ante asked for (the paytable's minimum when none is given), within its limits."""
    if raw in (None, ""):
        return paytable.min_ante
    return read_cents(raw, field="ante", example="10.00", lowest=paytable.min_ante,
                      highest=paytable.max_ante, out_of_range=(
                          f"An ante of {raw} is not played at this paytable: its antes run "
                          f"from {paytable.min_ante} to {paytable.max_ante}."))


def ante_key(paytable: Paytable, ante: Decimal) -> str:
    binds = cap_binds(paytable.terms().odds, paytable.max_payout, ante)
    return f"{ante:.2f}" if binds else UNCAPPED


def key_of(paytable: Paytable, ante: Decimal) -> dict:
    """What identifies an analysis: the version, its terms' checksum, the ante key."""
    return {"paytable": paytable, "terms_checksum": checksum_of(terms_of(paytable)),
            "ante_key": ante_key(paytable, ante)}


def request_analysis(paytable: Paytable, ante: Decimal | None = None) -> ParAnalysis:
    """The analysis of the paytable's current terms at this ante: found, or queued now (a
    failed or lost one queued again, see ``_queued_again``)."""
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


def analyse_published() -> int:
    """The figures the reports need: every published version at its minimum ante."""
    queued = 0
    for paytable in Paytable.objects.filter(status=PublicationStatus.PUBLISHED):
        queued += not request_analysis(paytable).ready
    return queued
