"""Every write of the chips at the banked tables: a casino's accounting rules, a table's
opener and closer, the dealer's and supervisor's signatures, fill and credit requests,
the cage's numbered slips and their voids.

Writes at one table are serialised on the table's row (records themselves cannot be
locked by the service's database role, which may not update them). Slip numbers come
from the casino's series row, counted up in the slip's own transaction: a rolled-back
slip gives its number back, so the series has no gap and no number twice."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, transaction
from django.utils import timezone
from django.views.decorators.debug import sensitive_variables

from casino.common.atomic import WITNESS_FIRST, outside_transaction
from casino.common.audit import changed_by
from casino.common.errors import nested_errors
from casino.common.roles import Role, has_role, is_supervisor
from casino.common.witness import Device, second_person
from casino.house.staff import casinos_of, require_staff
from tables.chips import wording
from tables.chips.models import (
    AccountingRules,
    ChipMove,
    ChipRequest,
    ChipSlip,
    ChipSlipSignature,
    ChipSlipVoid,
    Discrepancy,
    InventoryKind,
    InventorySignature,
    InventorySlip,
    SignerRole,
    SlipSeries,
)
from tables.chips.selectors import last_inventory, open_shift, rules_of, slips_unsigned
from tables.floor import books, shifts
from tables.floor.books import Record
from tables.floor.models import Game, Table
from tables.rules.chips import (
    ChipError,
    as_stored,
    chips_difference,
    chips_total,
    discrepancy_level,
    from_stored,
    read_chips,
)

RULE_FIELDS = ("denominations", "report_at", "escalate_at", "variance_at", "variance_percent",
               "confidence", "inventory_in_service")


def _require_supervisor_at(actor, table: Table) -> None:
    if not is_supervisor(actor):
        raise PermissionDenied("Only a pit supervisor records a table's chips.")
    require_staff(actor, table.casino)


def _locked(table: Table) -> Table:
    """The table's row, locked: its chip records are written one after another."""
    return Table.objects.select_for_update(of=("self",)).select_related("casino").get(
        pk=table.pk)


def _require_banked(table: Table) -> None:
    if table.is_poker:
        raise ValidationError({"table": f"{table.label} is a card-room table: it keeps no "
                                        "chip inventory and takes no fills or credits."})


Problems = list[tuple[tuple[str, ...], str]]


def _chip_problems(raw: Mapping, table: Table, *,
                   must_hold: bool) -> tuple[dict[Decimal, int], Problems]:
    """The chips as read, and every problem with them by denomination."""
    try:
        counts = read_chips(raw or {}, rules_of(table.casino).denominations)
    except ChipError as refused:
        return {}, [(("chips", key) if key else ("chips",), message)
                    for key, message in refused.problems]
    if must_hold and not counts:
        return {}, [(("chips",), "Give the number of chips of at least one denomination.")]
    return counts, []


def _read_chips(raw: Mapping, table: Table, *, must_hold: bool) -> dict[Decimal, int]:
    counts, problems = _chip_problems(raw, table, must_hold=must_hold)
    if problems:
        raise nested_errors(problems)
    return counts


@transaction.atomic
def accounting_rules_set(*, actor, casino, **changes) -> AccountingRules:
    """Change a casino's accounting rules (their first change saves the defaults)."""
    if not is_supervisor(actor):
        raise PermissionDenied("Only a pit supervisor sets the accounting rules.")
    require_staff(actor, casino)
    unknown = set(changes) - set(RULE_FIELDS)
    if unknown:
        raise ValidationError({name: "This cannot be set here." for name in sorted(unknown)})
    rules = AccountingRules.objects.select_for_update().filter(casino=casino).first() \
        or rules_of(casino)
    for name, value in changes.items():
        setattr(rules, name, value)
    problems = wording.rules_problems(rules)
    if problems:
        raise ValidationError(problems)
    rules.full_clean()
    # One reason for the transaction's changes: its audit events share one context.
    reason = ("accounting rules changed: the casino keeps its table inventory here"
              if rules.inventory_in_service else "accounting rules changed")
    with changed_by(actor, reason):
        rules.save()
    if rules.inventory_in_service:  # from now on the tables' chips say when they are open
        for table in Table.objects.filter(casino=casino, game=Game.CARIBBEAN_STUD):
            shifts.table_follow_shift(actor=actor, table=table, reason=reason)
    return rules


def _day_problems(table: Table, gaming_day: dt.date, shift: int) -> Problems:
    problems = []
    if shift not in (1, 2, 3):
        problems.append((("shift",), f"{shift} is not a shift: a gaming day has shifts 1, 2 "
                                     "and 3."))
    today = table.casino.gaming_day(timezone.now())
    if gaming_day > today:
        problems.append((("gaming_day",), f"{gaming_day} has not begun: {table.casino.name}'s "
                                          f"gaming day is {today}."))
    return problems


@transaction.atomic
def inventory_open(*, actor, table: Table, gaming_day: dt.date, shift: int,
                   chips: Mapping) -> InventorySlip:
    """The opener of a table's shift: its chips, checked against the table's last closer
    (any difference is a ``Discrepancy``); the supervisor who records it signs it."""
    _require_supervisor_at(actor, table)
    table = _locked(table)
    _require_banked(table)
    # The day and the chips are checked together: a refusal names every problem at once.
    counts, problems = _chip_problems(chips, table, must_hold=True)
    problems = [*_day_problems(table, gaming_day, shift), *problems]
    if problems:
        raise nested_errors(problems)
    gaming_day = books.landing_day(Record.OPENER, table.casino, gaming_day)
    last = last_inventory(table)
    if last is not None and last.kind == InventoryKind.OPENER:
        raise ValidationError({"shift": wording.still_open(last)})
    if last is not None and (gaming_day, shift) <= (last.gaming_day, last.shift):
        raise ValidationError({"shift": wording.before_last_closer(table, gaming_day, shift,
                                                                    last)})
    slip = InventorySlip.objects.create(
        table=table, gaming_day=gaming_day, shift=shift, kind=InventoryKind.OPENER,
        chips=as_stored(counts), total=chips_total(counts), recorded_by=actor, last_closer=last)
    InventorySignature.objects.create(slip=slip, role=SignerRole.SUPERVISOR, signed_by=actor)
    if last is not None:
        _note_discrepancy(slip, counts, last)
    shifts.table_follow_shift(actor=actor, table=table, reason=f"opener of {slip.gaming_day} "
                                                               f"shift {slip.shift} recorded")
    return slip


def _note_discrepancy(opener: InventorySlip, counts, closer: InventorySlip) -> None:
    difference = chips_difference(counts, from_stored(closer.chips))
    if not difference:
        return
    rules = rules_of(opener.table.casino)
    amount = opener.total - closer.total
    Discrepancy.objects.create(
        opener=opener, difference=amount, chips=as_stored(difference),
        level=discrepancy_level(amount, report_at=rules.report_at,
                                escalate_at=rules.escalate_at),
        report_at=rules.report_at, escalate_at=rules.escalate_at)


@transaction.atomic
def inventory_close(*, actor, table: Table, chips: Mapping) -> InventorySlip:
    """The closer of the table's open shift: refused while one of the shift's slips waits
    for a signature (the chips it moved are not confirmed)."""
    _require_supervisor_at(actor, table)
    table = _locked(table)
    _require_banked(table)
    opener = open_shift(table)
    if opener is None:
        raise ValidationError({"shift": wording.nothing_open(table)})
    counts = _read_chips(chips, table, must_hold=False)
    waiting = slips_unsigned(table, opener.gaming_day, opener.shift)
    if waiting:
        raise ValidationError({"shift": wording.slips_unsigned(waiting)})
    slip = InventorySlip.objects.create(
        table=table, gaming_day=books.landing_day(Record.CLOSER, table.casino,
                                                  opener.gaming_day),
        shift=opener.shift, kind=InventoryKind.CLOSER, chips=as_stored(counts),
        total=chips_total(counts), recorded_by=actor)
    InventorySignature.objects.create(slip=slip, role=SignerRole.SUPERVISOR, signed_by=actor)
    shifts.table_follow_shift(actor=actor, table=table, reason=f"closer of {slip.gaming_day} "
                                                               f"shift {slip.shift} recorded")
    return slip


def _require_signer(actor, table: Table, role: str) -> None:
    if role == SignerRole.DEALER:
        if not has_role(actor, Role.DEALER) or not table.dealers.filter(pk=actor.pk).exists():
            raise PermissionDenied(f"Only a dealer of {table.label} signs as its dealer.")
    elif role == SignerRole.SUPERVISOR:
        _require_supervisor_at(actor, table)
    else:
        raise ValidationError({"role": f"'{role}' is not a signer: a dealer or a supervisor "
                                       "signs."})


def _sign(model, slip, *, actor, table: Table, role: str, noun: str, record: Record,
          day: dt.date):
    _require_signer(actor, table, role)
    table = _locked(table)
    books.landing_day(record, table.casino, day)
    signed = {s.role: s for s in model.objects.filter(slip=slip)}
    if role in signed:
        raise ValidationError({"role": f"{noun} is signed by its {role} already "
                                       f"({signed[role].signed_by.get_username()})."})
    if any(s.signed_by_id == actor.pk for s in signed.values()):
        raise ValidationError({"role": f"{actor.get_username()} signed {noun} already: the "
                                       "dealer and the supervisor are two people."})
    return model.objects.create(slip=slip, role=role, signed_by=actor)


@transaction.atomic
def inventory_sign(*, actor, slip: InventorySlip, role: str) -> InventorySignature:
    """A signature of an opener or closer; the dealer's of an opener opens the table where
    its chips decide it."""
    signature = _sign(InventorySignature, slip, actor=actor, table=slip.table, role=role,
                      noun=wording.inventory_noun(slip), record=Record.INVENTORY_SIGNATURE,
                      day=slip.gaming_day)
    shifts.table_follow_shift(actor=actor, table=slip.table,
                              reason=f"{wording.inventory_noun(slip, 'the')} signed")
    return signature


@transaction.atomic
def chips_request(*, actor, table: Table, kind: str, chips: Mapping) -> ChipRequest:
    """A fill (chips to the table) or a credit (chips from it) for its open shift."""
    _require_supervisor_at(actor, table)
    table = _locked(table)
    _require_banked(table)
    if kind not in ChipMove.values:
        raise ValidationError({"kind": f"'{kind}' is neither a fill nor a credit."})
    opener = open_shift(table)
    if opener is None:
        raise ValidationError({"shift": wording.nothing_open(table)})
    counts = _read_chips(chips, table, must_hold=True)
    return ChipRequest.objects.create(
        table=table, gaming_day=books.landing_day(Record.CHIP_REQUEST, table.casino,
                                                  opener.gaming_day),
        shift=opener.shift, kind=kind,
        chips=as_stored(counts), total=chips_total(counts), requested_by=actor)


def _next_number(casino) -> int:
    """The casino's next slip number, counted up under the series row's lock until the
    transaction ends (the first slip creates the row)."""
    SlipSeries.objects.bulk_create([SlipSeries(casino=casino)], ignore_conflicts=True)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {SlipSeries._meta.db_table} SET last_number = last_number + 1 "
                       "WHERE casino_id = %s RETURNING last_number", [casino.pk])
        return cursor.fetchone()[0]


@transaction.atomic
def slip_issue(*, actor, chip_request: ChipRequest, carried_by: str) -> ChipSlip:
    """The cage issues a chip_request's chips on the casino's next numbered slip, naming the
    security officer who carries them (``carried_by``: his name, or name and badge)."""
    if not has_role(actor, Role.CAGE):
        raise PermissionDenied("Only the cage issues fill and credit slips.")
    runner = _runner(carried_by)
    table = _locked(chip_request.table)
    require_staff(actor, table.casino)
    if ChipSlip.objects.filter(request=chip_request).exists():
        raise ValidationError({"request": f"{wording.request_noun(chip_request)} has its slip "
                                          "already."})
    opener = open_shift(table)
    if opener is None or (opener.gaming_day, opener.shift) != (chip_request.gaming_day,
                                                                chip_request.shift):
        raise ValidationError({"request": wording.request_lapsed(chip_request)})
    books.landing_day(Record.CHIP_SLIP, table.casino, chip_request.gaming_day)
    return ChipSlip.objects.create(request=chip_request, casino=table.casino,
                                   number=_next_number(table.casino), issued_by=actor,
                                   carried_by=runner)


def _runner(carried_by: str) -> str:
    runner = " ".join(str(carried_by or "").split())
    limit = ChipSlip._meta.get_field("carried_by").max_length
    if not runner:
        raise ValidationError({"carried_by": wording.RUNNER_NEEDED})
    if len(runner) > limit:
        raise ValidationError({"carried_by": f"'{runner[:20]}…' is {len(runner)} characters: "
                                             f"a name (and badge) of at most {limit} fits."})
    return runner


@transaction.atomic
def slip_sign(*, actor, slip: ChipSlip, role: str) -> ChipSlipSignature:
    """The dealer's or the supervisor's signature: the chips reached (a fill) or left (a
    credit) the table."""
    if ChipSlipVoid.objects.filter(slip=slip).exists():
        raise ValidationError({"slip": f"Slip {slip.number} is void: it moved no chips."})
    return _sign(ChipSlipSignature, slip, actor=actor, table=slip.request.table, role=role,
                 noun=f"Slip {slip.number}", record=Record.CHIP_SLIP_SIGNATURE,
                 day=slip.request.gaming_day)


def _void_witness_refusal(slip: ChipSlip, person) -> str:
    name = person.get_username()
    if not (is_supervisor(person) or has_role(person, Role.CAGE)
            or has_role(person, Role.ACCOUNTANT)):
        return f"{name} is not in the cage, a supervisor or an accountant."
    if not casinos_of(person).filter(pk=slip.casino_id).exists():
        return f"{name} does not work at {slip.casino.name}."
    return ""


@outside_transaction(WITNESS_FIRST)
@sensitive_variables("witness_password")
def slip_void(*, actor, slip: ChipSlip, reason: str, witness: str, witness_password: str,
              device: Device | None) -> ChipSlipVoid:
    """A slip whose chips never moved, voided by the cage or a supervisor with a second
    person; its number stays used. Refused once both signatures confirm the chips moved:
    then the correction is a new slip. The witness's password is checked first, through
    the login throttle, so a wrong one counts even when the void is refused."""
    if not (has_role(actor, Role.CAGE) or is_supervisor(actor)):
        raise PermissionDenied("Only the cage or a supervisor voids a slip.")
    require_staff(actor, slip.casino)
    problems = [] if (reason or "").strip() else [(("reason",), f"Say why slip {slip.number} "
                                                              "is void.")]
    person, refused = second_person(
        actor, witness, witness_password, device, acting="voiding",
        refusal=lambda person: _void_witness_refusal(slip, person),
        ask="Name the second person: someone in the cage, a supervisor or an accountant "
            f"of {slip.casino.name} confirms with their own password.")
    if problems or refused:
        raise nested_errors([*problems, *refused])
    return _void(actor=actor, slip=slip, reason=reason.strip(), witness=person)


@transaction.atomic
def _void(*, actor, slip: ChipSlip, reason: str, witness) -> ChipSlipVoid:
    table = _locked(slip.request.table)
    books.landing_day(Record.SLIP_VOID, table.casino, slip.request.gaming_day)
    if ChipSlipVoid.objects.filter(slip=slip).exists():
        raise ValidationError({"slip": f"Slip {slip.number} is void already."})
    if ChipSlipSignature.objects.filter(slip=slip).count() == len(SignerRole):
        raise ValidationError({"slip": wording.void_after_signatures(slip)})
    return ChipSlipVoid.objects.create(slip=slip, reason=reason, voided_by=actor,
                                       witnessed_by=witness,
                                       witness_credential=witness.credential)
