"""Every write of game math: asking for an analysis, and a worker computing it."""

from __future__ import annotations

import hashlib
import json
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from payouts.analysis.models import UNCAPPED, AnalysisStatus, ParAnalysis
from payouts.analysis.tasks import compute_par
from payouts.terms.models import Paytable
from tables.rules.money import MoneyError, read_amount
from tables.rules.stud import STUD_CATEGORIES
from tables.rules.stud_par import cap_binds


def terms_of(paytable: Paytable) -> dict:
    """The terms the figures depend on, in one canonical form (the checksum's input)."""
    return {"variant": paytable.variant,
            "odds": {c: int(paytable.odds[c]) for c in STUD_CATEGORIES},
            "max_payout": f"{paytable.max_payout:.2f}",
            "dealer_qualifier": str(paytable.dealer_qualifier).strip().upper()}


def checksum_of(terms: dict) -> str:
    return hashlib.sha256(json.dumps(terms, sort_keys=True).encode()).hexdigest()


def read_ante(paytable: Paytable, raw) -> Decimal:
    """The ante asked for (the paytable's minimum when none is given), within its limits."""
    if raw in (None, ""):
        return paytable.min_ante
    try:
        ante = read_amount(raw)
    except MoneyError:
        raise ValidationError({"ante": [f"'{raw}' is not an amount: write it like 10.00."]}
                              ) from None
    if ante != ante.quantize(Decimal("0.01")) or not \
            paytable.min_ante <= ante <= paytable.max_ante:
        raise ValidationError({"ante": [
            f"An ante of {raw} is not played at this paytable: its antes run from "
            f"{paytable.min_ante} to {paytable.max_ante}, in cents."]})
    return ante.quantize(Decimal("0.01"))


def ante_key(paytable: Paytable, ante: Decimal) -> str:
    odds = {c: int(paytable.odds[c]) for c in STUD_CATEGORIES}
    return f"{ante:.2f}" if cap_binds(odds, paytable.max_payout, ante) else UNCAPPED


def request_analysis(paytable: Paytable, ante: Decimal | None = None) -> ParAnalysis:
    """The analysis of the paytable's current terms at this ante: found, or queued now."""
    ante = paytable.min_ante if ante is None else ante
    terms = terms_of(paytable)
    key = dict(paytable=paytable, terms_checksum=checksum_of(terms),
               ante_key=ante_key(paytable, ante))
    try:
        with transaction.atomic():
            analysis, created = ParAnalysis.objects.get_or_create(
                **key, defaults={"ante": ante, "terms": terms})
    except IntegrityError:  # another request queued it a moment ago
        analysis, created = ParAnalysis.objects.get(**key), False
    if analysis.status == AnalysisStatus.FAILED:
        ParAnalysis.objects.filter(pk=analysis.pk).update(
            status=AnalysisStatus.QUEUED, progress=0, message="", requested_at=timezone.now())
        analysis.refresh_from_db()
        created = True
    if created:
        transaction.on_commit(lambda: compute_par.delay(analysis.pk))
    return analysis
