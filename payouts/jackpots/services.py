"""Every write to a jackpot meter but its settlement: configuration, documented
corrections, a round's side wagers, approval of big awards.

A round's side wagers feed the meter in the round's own transaction, with the meter row
locked, and each movement is a ``MeterEntry``. The lock is taken before the round is
inserted, so round ids on one meter follow the order the rounds were recorded in, and
hits are paid in that order (payouts.jackpots.settlement, after commit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from casino.common.audit import changed_by
from casino.common.queueing import send_once
from casino.common.roles import is_supervisor
from casino.common.staff import require_staff
from payouts.jackpots.models import (
    US_AWARDS,
    HitStatus,
    JackpotHit,
    MeterEntry,
    MeterKind,
    MeterName,
    Progressive,
    award_rules,
)
from payouts.jackpots.tasks import settle_progressive
from tables.rules.money import CURRENCY_DIGITS, has_exact_cents, unit
from tables.rules.progressive import (
    contribution,
)

PARAMETERS = {"name", "wager", "seed", "contribution_rate", "reserve_rate", "limit", "awards",
              "approval_threshold"}


def _check(progressive: Progressive) -> None:
    rules = award_rules(progressive.awards)
    if progressive.currency not in CURRENCY_DIGITS:
        raise ValidationError({"currency": f"'{progressive.currency}' is not a currency this "
                                           "service keeps books in."})
    amounts = [("seed", progressive.seed), ("wager", progressive.wager),
               ("limit", progressive.limit), ("approval_threshold", progressive.approval_threshold),
               *(("awards", rule.fixed) for rule in rules.values() if rule.fixed is not None)]
    for field, amount in amounts:
        _require_whole_units(amount, progressive.currency, field)
    if progressive.contribution_rate + progressive.reserve_rate > 1:
        raise ValidationError({"contribution_rate": "The contribution and reserve rates "
                                                    "together cannot exceed 1 (100%)."})
    if progressive.limit is not None and progressive.limit < progressive.seed:
        raise ValidationError({"limit": f"The limit {progressive.limit} is below the seed "
                                        f"{progressive.seed}."})
    progressive.full_clean()


def _require_whole_units(amount: Decimal | None, currency: str, field: str) -> None:
    if amount is not None and not has_exact_cents(amount, currency):
        raise ValidationError({field: f"{amount} is not a whole number of {unit(currency)} "
                                      f"{currency}, the smallest amount of the currency."})


@transaction.atomic
def progressive_create(*, actor, name: str, currency: str, seed: Decimal,
                       contribution_rate: Decimal, awards: Mapping | None = None,
                       casino=None, **parameters: Any) -> Progressive:
    """A new meter at its seed; ``casino`` is whose gaming day its books follow (none: the
    group's, for a wide-area meter)."""
    unknown = set(parameters) - PARAMETERS
    if unknown:
        raise ValidationError({f: "This field cannot be set here." for f in unknown})
    if casino is not None:
        require_staff(actor, casino)
    progressive = Progressive(name=name, currency=currency, seed=seed, amount=seed,
                              casino=casino,
                              contribution_rate=contribution_rate,
                              awards=dict(awards or US_AWARDS),
                              **{k: v for k, v in parameters.items() if v is not None})
    _check(progressive)
    with changed_by(actor, "progressive created"):
        progressive.save()
        MeterEntry.objects.create(progressive=progressive, kind=MeterKind.RESET,
                                  amount=progressive.seed, balance_after=progressive.seed,
                                  reason="initial seed", created_by=actor)
    return progressive


@transaction.atomic
def progressive_update(*, actor, progressive: Progressive, **changes: Any) -> Progressive:
    """Parameters only: the meter itself moves through wins and corrections."""
    progressive = Progressive.objects.select_for_update().get(pk=progressive.pk)
    refused = set(changes) - PARAMETERS
    if refused:
        field = sorted(refused)[0]
        raise ValidationError({field: "This would change the meter's value; make a documented "
                                      "correction with a reason instead."
                                      if field in ("amount", "reserve", "overflow") else
                                      "This field cannot be changed."})
    for field, value in changes.items():
        setattr(progressive, field, value)
    _check(progressive)
    with changed_by(actor, "progressive parameters changed"):
        progressive.save()
    return progressive


@transaction.atomic
def progressive_correct(*, actor, progressive: Progressive, meter: str, new_balance: Decimal,
                        reason: str) -> MeterEntry:
    """A documented correction of a meter (who, why), written to the ledger."""
    if not is_supervisor(actor):
        raise PermissionDenied("Only a pit supervisor can correct a meter.")
    if not (reason or "").strip():
        raise ValidationError({"reason": "Say why the meter is corrected."})
    if meter not in MeterName.values:
        raise ValidationError({"meter": f"'{meter}' is not a meter: use meter, reserve or "
                                        "overflow."})
    if new_balance < 0:
        raise ValidationError({"new_balance": f"A meter never goes below zero; {new_balance} "
                                              "is refused."})
    progressive = Progressive.objects.select_for_update().get(pk=progressive.pk)
    _require_whole_units(new_balance, progressive.currency, "new_balance")
    field = "amount" if meter == MeterName.METER else meter
    delta = new_balance - getattr(progressive, field)
    setattr(progressive, field, new_balance)
    with changed_by(actor, f"correction: {reason}"):
        progressive.save(update_fields=[field])
        return MeterEntry.objects.create(
            progressive=progressive, meter=meter, kind=MeterKind.CORRECTION, amount=delta,
            balance_after=new_balance, reason=reason.strip(), created_by=actor)


def lock_for_round(progressive_id: int) -> Progressive:
    """Called by round recording before the round row is inserted (see the module doc)."""
    return (Progressive.objects.select_related("casino").select_for_update(of=("self",))
            .get(pk=progressive_id))


def record_side_wagers(*, progressive: Progressive, round_, wagers: int,
                       hits: Iterable[tuple[int, str]]) -> list[JackpotHit]:
    """Inside the round's transaction: feed the meter, note the hits as pending."""
    total = progressive.wager * wagers
    if wagers:
        part = contribution(total, rate=progressive.contribution_rate,
                            reserve_rate=progressive.reserve_rate, meter=progressive.amount,
                            limit=progressive.limit, unit=unit(progressive.currency))
        for meter, field, amount in ((MeterName.METER, "amount", part.to_meter),
                                     (MeterName.RESERVE, "reserve", part.to_reserve),
                                     (MeterName.OVERFLOW, "overflow", part.to_overflow)):
            if amount or meter == MeterName.METER:
                setattr(progressive, field, getattr(progressive, field) + amount)
                MeterEntry.objects.create(
                    progressive=progressive, meter=meter, kind=MeterKind.CONTRIBUTION,
                    amount=amount, balance_after=getattr(progressive, field),
                    wagers=total if meter == MeterName.METER else Decimal(0), round=round_)
        progressive.save(update_fields=["amount", "reserve", "overflow"])
    schedule = award_rules(progressive.awards)
    created = [JackpotHit(progressive=progressive, round=round_, seat=seat, category=category,
                          wager=progressive.wager, recorded_at=round_.recorded_at)
               for seat, category in hits if category in schedule]
    JackpotHit.objects.bulk_create(created)
    if created:
        # robust: a failure here is logged, never undoes or fails the recorded round.
        transaction.on_commit(lambda: _enqueue_settlement(progressive.pk), robust=True)
    return created


def _enqueue_settlement(progressive_id: int) -> None:
    send_once(settle_progressive, progressive_id,
              later="the minute's sweep settles the hits instead")


@transaction.atomic
def hit_approve(*, actor, hit: JackpotHit) -> JackpotHit:
    if not is_supervisor(actor):
        raise PermissionDenied("Only a pit supervisor approves jackpot awards.")
    hit = JackpotHit.objects.select_for_update().get(pk=hit.pk)
    if hit.status != HitStatus.AWAITING_APPROVAL:
        raise ValidationError({"status": f"This award is {hit.get_status_display().lower()}, "
                                         "not awaiting approval."})
    hit.status, hit.approved_by, hit.approved_at = HitStatus.PAID, actor, timezone.now()
    with changed_by(actor, "award approved"):
        hit.save(update_fields=["status", "approved_by", "approved_at"])
    return hit
