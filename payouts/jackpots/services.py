"""Every write to a jackpot meter but its settlement: configuration, documented
corrections, a round's side wagers, approval of big awards. The meter's ledger entries
themselves are written by payouts.jackpots.ledger.

A round's side wagers feed the meter as the last writes of the round's transaction, after
the round is inserted: the feed's statement takes the meter's row lock and holds it to the
commit only. Round ids are taken before the lock, so two rounds at one meter may reach it
in another order than their ids; the entries and hits written under the lock take their
ids in the order the rounds reach the meter, and hits are paid in that order
(payouts.jackpots.settlement, after commit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.views.decorators.debug import sensitive_variables

from casino.common import push
from casino.common.amounts import in_currency
from casino.common.atomic import IN_ITS_CALLER, WITNESS_FIRST, outside_transaction
from casino.common.audit import changed_by
from casino.common.errors import nested_errors
from casino.common.queueing import send_once
from casino.common.roles import Role, has_role, is_supervisor
from casino.common.witness import Device, second_person
from casino.house.staff import casinos_of
from payouts import governance
from payouts.jackpots import ledger, selectors, signs, tins, w2g
from payouts.jackpots.models import (
    US_AWARDS,
    CorrectionConfirmation,
    HitApproval,
    HitStatus,
    JackpotHit,
    MeterEntry,
    MeterKind,
    MeterName,
    Progressive,
    W2GPlayer,
    award_rules,
)
from payouts.jackpots.tasks import settle_progressive
from tables.rules.money import CURRENCY_DIGITS, has_exact_cents, unit
from tables.rules.progressive import default_correction_bound

PARAMETERS = {"name", "wager", "seed", "contribution_rate", "reserve_rate", "limit", "awards",
              "approval_threshold", "correction_bound"}


def _check(progressive: Progressive) -> None:
    rules = award_rules(progressive.awards)
    if progressive.currency not in CURRENCY_DIGITS:
        raise ValidationError({"currency": f"'{progressive.currency}' is not a currency this "
                                           "service keeps books in."})
    amounts = [("seed", progressive.seed), ("wager", progressive.wager),
               ("limit", progressive.limit), ("approval_threshold", progressive.approval_threshold),
               ("correction_bound", progressive.correction_bound),
               *(("awards", rule.fixed) for rule in rules.values() if rule.fixed is not None)]
    for field, amount in amounts:
        _require_whole_units(amount, progressive.currency, field)
    if progressive.contribution_rate + progressive.reserve_rate > 1:
        raise ValidationError({"contribution_rate": "The contribution and reserve rates "
                                                    "together cannot exceed 1 (100%)."})
    if progressive.correction_bound < 0:
        raise ValidationError({"correction_bound": f"{progressive.correction_bound} is below "
                                                   "zero; a meter never is."})
    if progressive.limit is not None and progressive.limit < progressive.seed:
        raise ValidationError({"limit": f"The limit {progressive.limit} is below the seed "
                                        f"{progressive.seed}."})
    books = progressive.casino
    if books is not None and progressive.currency != books.currency:
        # Such a meter could feed none of its casino's tables (table_link_progressive).
        raise ValidationError({"currency": f"{books.name} keeps its books in {books.currency}; "
                                           f"a meter it keeps is in {books.currency} too, not "
                                           f"{progressive.currency}."})
    if Progressive.objects.filter(name=progressive.name).exclude(pk=progressive.pk).exists():
        raise ValidationError({"name": f"There is already a progressive named "
                                       f"'{progressive.name}'; choose another name."})
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
    progressive = Progressive(name=name, currency=currency, seed=seed, amount=seed,
                              casino=casino,
                              contribution_rate=contribution_rate,
                              awards=dict(awards or US_AWARDS),
                              **{k: v for k, v in parameters.items() if v is not None})
    selectors.require_governs(actor, progressive)
    if progressive.correction_bound is None:
        progressive.correction_bound = default_correction_bound(
            seed=progressive.seed, approval_threshold=progressive.approval_threshold,
            limit=progressive.limit)
    _check(progressive)
    with changed_by(actor, "progressive created"):
        progressive.save()
        ledger.seed(progressive, actor=actor)
    return progressive


@transaction.atomic
def progressive_update(*, actor, progressive: Progressive, **changes: Any) -> Progressive:
    """Parameters only: the meter itself moves through wins and corrections."""
    progressive = Progressive.objects.select_for_update().get(pk=progressive.pk)
    selectors.require_governs(actor, progressive)
    _apply_parameters(progressive, changes)
    with changed_by(actor, "progressive parameters changed"):
        progressive.save()
    return progressive


def _apply_parameters(progressive: Progressive, changes: dict[str, Any]) -> None:
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


@outside_transaction(WITNESS_FIRST)
@sensitive_variables("witness_password")
def progressive_correct(*, actor, progressive: Progressive, meter: str, new_balance: Decimal,
                        reason: str, device: Device | None = None, witness: str = "",
                        witness_password: str = "") -> MeterEntry:
    """A documented correction of a meter (who, why), written to the ledger: a casino's
    meter by its supervisors, the group's by a group supervisor. Setting a balance above
    the meter's ``correction_bound`` takes a second supervisor who governs it too,
    confirmed by their own password through the login throttle (so checked before the
    correction's transaction, as a jackpot approval's witness is)."""
    selectors.require_governs(actor, progressive)
    if not (reason or "").strip():
        raise ValidationError({"reason": "Say why the meter is corrected."})
    if meter not in MeterName.values:
        raise ValidationError({"meter": f"'{meter}' is not a meter: use meter, reserve or "
                                        "overflow."})
    if new_balance < 0:
        raise ValidationError({"new_balance": f"A meter never goes below zero; {new_balance} "
                                              "is refused."})
    _require_whole_units(new_balance, progressive.currency, "new_balance")
    second = None
    bound = Progressive.objects.values_list("correction_bound", flat=True).get(
        pk=progressive.pk)
    if new_balance > bound:
        second = _second_supervisor(actor, progressive, new_balance, bound, device,
                                    witness, witness_password)
    return _correct(actor=actor, progressive=progressive, meter=meter,
                    new_balance=new_balance, reason=reason.strip(), second=second,
                    confirmed_at=timezone.now())


def _second_supervisor(actor, progressive: Progressive, new_balance: Decimal,
                       bound: Decimal, device, name: str, password: str):
    """The second supervisor confirmed by their password, or the refusal naming why."""
    above = (f"{in_currency(new_balance, progressive.currency)} is above "
             f"{progressive.name}'s correction bound of "
             f"{in_currency(bound, progressive.currency)}")
    person, refused = second_person(
        actor, (name or "").strip(), password, device, acting="correcting the meter",
        refusal=lambda person: "" if governance.governs(person, progressive.casino) else (
            f"{person.get_username()} does not govern {progressive.name}: the second "
            "person is another supervisor who may correct it."),
        ask=f"{above}: a second supervisor confirms it with their own password.",
        fields=("witness", "witness_password"))
    if refused:
        raise nested_errors(refused)
    return person


@transaction.atomic
def _correct(*, actor, progressive: Progressive, meter: str, new_balance: Decimal,
             reason: str, second, confirmed_at) -> MeterEntry:
    progressive = Progressive.objects.select_for_update().get(pk=progressive.pk)
    if new_balance > progressive.correction_bound and second is None:
        # The bound was lowered between the check and the lock: ask again.
        raise ValidationError({"witness": [
            f"{progressive.name}'s correction bound is now {progressive.correction_bound}: "
            "a second supervisor confirms this correction."]})
    delta = new_balance - getattr(progressive, ledger.FIELDS[meter])
    confirmed = f", confirmed by {second.get_username()}" if second else ""
    with changed_by(actor, f"correction: {reason}{confirmed}"):
        entry, = ledger.post(progressive, [ledger.Movement(meter, MeterKind.CORRECTION, delta,
                                                           reason=reason)], actor=actor)
    if second is not None:
        CorrectionConfirmation.objects.create(entry=entry, confirmed_by=second,
                                              confirmed_at=confirmed_at,
                                              witness_credential=second.credential,
                                              bound=progressive.correction_bound)
    return entry


@outside_transaction(IN_ITS_CALLER)
def record_side_wagers(*, actor, progressive: Progressive, round_, wagers: int,
                       hits: Iterable[tuple[int, str]]) -> list[JackpotHit]:
    """The last writes of a round's transaction: feed the meter, note the hits as pending.
    The meter's row is locked from the feed to the commit only, and the entries and hits
    written under that lock take their ids in the order the rounds reach the meter: the
    order its hits are paid in (payouts.jackpots.settlement)."""
    if wagers:
        ledger.feed(progressive, round_, progressive.wager * wagers)
    schedule = award_rules(progressive.awards)
    created = [JackpotHit(progressive=progressive, round=round_, seat=seat, category=category,
                          wager=progressive.wager, recorded_at=round_.recorded_at)
               for seat, category in hits if category in schedule]
    if created:
        with changed_by(actor, "jackpot hit recorded"):
            JackpotHit.objects.bulk_create(created)
        # robust: a failure here is logged, never undoes or fails the recorded round.
        transaction.on_commit(lambda: _enqueue_settlement(progressive.pk), robust=True)
    return created


def _enqueue_settlement(progressive_id: int) -> None:
    send_once(settle_progressive, progressive_id,
              later="the minute's sweep settles the hits instead")


@outside_transaction(WITNESS_FIRST)
@sensitive_variables("witness_password", "player")
def hit_approve(*, actor, hit: JackpotHit, device: Device | None = None, witness: str = "",
                witness_password: str = "", player: Any = None) -> JackpotHit:
    """A supervisor pays an award that waited for approval, with a second person who
    witnesses it by their own password and, when a W-2G is needed, the player's details
    for it: every problem is named in one refusal, and then nothing is stored.

    Not one transaction from the start: the witness's password is checked first, through
    the login throttle (django-axes, counting by the ``device`` it was typed on), so a
    wrong one counts against the witness's logins although the approval is refused."""
    if not is_supervisor(actor):
        raise PermissionDenied("Only a pit supervisor approves jackpot awards.")
    hit = JackpotHit.objects.select_related("round__table__casino").get(pk=hit.pk)
    _require_awaiting_approval(hit)
    casino = hit.round.table.casino
    details, problems = w2g.read_player(player, needed=hit.w2g,
                                        today=timezone.localdate(timezone=casino.zone))
    person, refused = _witness(actor, hit, (witness or "").strip(), witness_password, device)
    if problems or refused:
        raise nested_errors([*refused, *problems])
    return _pay_approved(actor=actor, hit=hit, witness=person, witnessed_at=timezone.now(),
                         details=details)


def _require_awaiting_approval(hit: JackpotHit) -> None:
    if hit.status != HitStatus.AWAITING_APPROVAL:
        raise ValidationError({"status": f"This award is {hit.get_status_display().lower()}, "
                                         "not awaiting approval."})


def _witness(actor, hit: JackpotHit, name: str, password: str, device):
    """The witness confirmed by their password, or the problem with them (docs/decisions.md,
    issue 16: a second supervisor or an accountant of the casino, not at the table)."""
    casino = hit.round.table.casino
    return second_person(
        actor, name, password, device, acting="approving",
        refusal=lambda person: _witness_refusal(hit, person),
        ask=f"Name the witness: a second supervisor or an accountant of {casino.name} "
            "confirms with their own password.")


def _witness_refusal(hit: JackpotHit, person) -> str:
    casino, name = hit.round.table.casino, person.get_username()
    if not (is_supervisor(person) or has_role(person, Role.ACCOUNTANT)):
        return f"{name} is not a supervisor or an accountant, who witness jackpot payouts."
    if person.pk == hit.round.dealer_id:
        return f"{name} dealt this round: the witness is someone away from the table."
    if not casinos_of(person).filter(pk=casino.pk).exists():
        return f"{name} does not work at {casino.name}."
    return ""


@transaction.atomic
def _pay_approved(*, actor, hit: JackpotHit, witness, witnessed_at, details) -> JackpotHit:
    """The status change, the approval and the W-2G details: together or not at all."""
    hit = JackpotHit.objects.select_for_update().get(pk=hit.pk)
    _require_awaiting_approval(hit)  # another supervisor may have approved it meanwhile
    hit.status = HitStatus.PAID
    with changed_by(actor, f"award approved, witnessed by {witness.get_username()}"):
        hit.save(update_fields=["status"])
    signs.changed(hit.progressive_id)  # PENDING goes off the meter's signs
    push.floor_changed(hit.round.table.casino_id)  # and off its table's live board
    approval = HitApproval.objects.create(hit=hit, approved_by=actor,
                                          approved_at=timezone.now(), witnessed_by=witness,
                                          witnessed_at=witnessed_at,
                                          witness_credential=witness.credential)
    if details:
        W2GPlayer.objects.create(approval=approval, **tins.sealed(details))
    return hit
