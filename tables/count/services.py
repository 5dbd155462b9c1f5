"""Every write of the count room: a box counted by a team of two, a correction, and the
supervisor's explanation of a variance.

Counting a box (or correcting its count) reviews the shift in the same transaction:
when what was counted differs from what the records say by more than the casino's
threshold, a ``Variance`` is opened for a supervisor to explain. The team's second
member confirms by their own password, through the login throttle, before anything is
written."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.views.decorators.debug import sensitive_variables

from casino.common.amounts import amount_of
from casino.common.atomic import WITNESS_FIRST, outside_transaction
from casino.common.errors import nested_errors
from casino.common.roles import Role, has_role, is_supervisor
from casino.common.witness import Device, second_person
from casino.house.staff import casinos_of, require_staff
from tables.chips.selectors import rules_of
from tables.chips.wording import shift_words
from tables.count import selectors, wording
from tables.count.models import (
    BoxCount,
    CountCorrection,
    Variance,
    VarianceExplanation,
    VarianceKind,
)
from tables.count.selectors import shift_result, threshold_of
from tables.floor import books
from tables.floor.books import Record
from tables.floor.models import Table
from tables.rules.chips import (
    MOST_VALUE,
    ChipError,
    as_stored,
    cash_denominations,
    chips_total,
    read_chips,
)
from tables.rules.chips import Variance as Difference

Problems = list[tuple[tuple, str]]


def _read(raw: Mapping, denominations, field: str, noun: tuple[str, str],
          problems: Problems) -> dict:
    try:
        return read_chips(raw or {}, denominations, noun=noun)
    except ChipError as refused:
        problems.extend(((field, key) if key else (field,), message)
                        for key, message in refused.problems)
        return {}


def _amount(value, field: str, problems: Problems) -> Decimal:
    try:
        amount = amount_of(value, field) or Decimal(0)
    except ValidationError as refused:
        problems.append(((field,), refused.message_dict[field][0]))
        return Decimal(0)
    if amount != amount.quantize(Decimal("0.01")):
        problems.append(((field,), f"{value} is not a whole number of cents."))
    elif amount > MOST_VALUE:
        problems.append(((field,), f"{value} is more than {MOST_VALUE:,.2f}, the most a box "
                                   "can be counted at; check the number."))
        return Decimal(0)
    return amount.quantize(Decimal("0.01"))


def _box_figures(table: Table, *, cash: Mapping, chips: Mapping, markers: Any,
                promotional: Any, problems: Problems) -> dict:
    """A box's figures as the team typed them, each problem named by its field."""
    casino = table.casino
    notes = _read(cash, cash_denominations(casino.currency), "cash",
                  ("note or coin", "notes or coins"), problems)
    counted_chips = _read(chips, rules_of(casino).denominations, "chips", ("chip", "chips"),
                          problems)
    figures = {"cash": as_stored(notes), "cash_total": chips_total(notes),
               "chips": as_stored(counted_chips), "chips_total": chips_total(counted_chips),
               "markers": _amount(markers, "markers", problems),
               "promotional": _amount(promotional, "promotional", problems)}
    figures["drop"] = figures["cash_total"] + figures["chips_total"] + figures["markers"]
    if figures["drop"] > MOST_VALUE:
        problems.append((("drop",), f"The box comes to {figures['drop']:,.2f} (notes, chips "
                                     f"and markers), more than {MOST_VALUE:,.2f}; check the "
                                     "numbers."))
    return figures


def _require_counter(actor, table: Table) -> None:
    if not has_role(actor, Role.COUNT):
        raise PermissionDenied("Only the count team counts drop boxes.")
    require_staff(actor, table.casino)


def _team_member(actor, casino, name: str, password: str, device):
    def refusal(person) -> str:
        person_name = person.get_username()
        if not has_role(person, Role.COUNT):
            return f"{person_name} is not on the count team."
        if not casinos_of(person).filter(pk=casino.pk).exists():
            return f"{person_name} does not work at {casino.name}."
        return ""

    return second_person(actor, name, password, device, acting="counting", refusal=refusal,
                         ask=f"Name the second member of the count team: they confirm with "
                             f"their own password ({casino.name}).")


@outside_transaction(WITNESS_FIRST)
@sensitive_variables("witness_password")
def box_count(*, actor, table: Table, gaming_day: dt.date, shift: int, cash: Mapping,
              chips: Mapping, markers: Any = None, promotional: Any = None,
              witness: str = "", witness_password: str = "",
              device: Device | None = None) -> BoxCount:
    """A table's box of one shift, counted once by two members of the count team."""
    _require_counter(actor, table)
    problems: Problems = []
    box = selectors.box_problem(table, gaming_day, shift)
    if box:
        problems.append((("shift",), box))
    figures = _box_figures(table, cash=cash, chips=chips, markers=markers,
                          promotional=promotional, problems=problems)
    person, refused = _team_member(actor, table.casino, witness, witness_password, device)
    if problems or refused:
        raise nested_errors([*problems, *refused])
    return _count(actor=actor, witness=person, table=table, gaming_day=gaming_day,
                  shift=shift, figures=figures)


@transaction.atomic
def _count(*, actor, witness, table: Table, gaming_day: dt.date, shift: int,
           figures: dict) -> BoxCount:
    Table.objects.select_for_update(of=("self",)).get(pk=table.pk)  # one count at a time
    earlier = BoxCount.objects.filter(table=table, gaming_day=gaming_day, shift=shift).first()
    if earlier is not None:
        raise ValidationError({"shift": wording.counted_already(earlier)})
    # Counted the morning after as a rule: on its shift's day, closed or not.
    gaming_day = books.landing_day(Record.BOX_COUNT, table.casino, gaming_day)
    count = BoxCount.objects.create(table=table, gaming_day=gaming_day, shift=shift,
                                    counted_by=actor, witnessed_by=witness,
                                    witness_credential=witness.credential, **figures)
    _review(count)
    return count


@sensitive_variables("witness_password")
def count_correct(*, actor, count: BoxCount, reason: str, cash: Mapping, chips: Mapping,
                  markers: Any = None, promotional: Any = None, witness: str = "",
                  witness_password: str = "", device: Device | None = None) -> CountCorrection:
    """The box counted again by two members of the team, with the reason: the new figures
    stand from now on; the first count stays."""
    table = count.table
    _require_counter(actor, table)
    problems: Problems = [] if (reason or "").strip() else [
        (("reason",), f"Say why the {shift_words(count.gaming_day, count.shift)} box of "
                      f"{table.label} is counted again.")]
    figures = _box_figures(table, cash=cash, chips=chips, markers=markers,
                          promotional=promotional, problems=problems)
    person, refused = _team_member(actor, table.casino, witness, witness_password, device)
    if problems or refused:
        raise nested_errors([*problems, *refused])
    with transaction.atomic():
        Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
        books.landing_day(Record.COUNT_CORRECTION, table.casino, count.gaming_day)
        correction = CountCorrection.objects.create(
            count=count, reason=reason.strip(), counted_by=actor, witnessed_by=person,
            witness_credential=person.credential, **figures)
        _review(count, correction)
    return correction


def _review(count: BoxCount, correction: CountCorrection | None = None) -> Variance | None:
    """Set the count beside the records; open a variance when they differ by more than
    the casino's threshold."""
    table = count.table
    result = shift_result(table, count.gaming_day, count.shift)
    if result.counted is None:
        return None  # a banked table's opener or closer is missing: nothing to set beside
    threshold = threshold_of(result)
    found = Difference(recorded=result.recorded, counted=result.counted, threshold=threshold)
    if not found.needs_explaining:
        return None
    return Variance.objects.create(
        table=table, gaming_day=count.gaming_day, shift=count.shift,
        kind=VarianceKind.RAKE if table.is_poker else VarianceKind.WIN, count=count,
        correction=correction, recorded=found.recorded, counted=found.counted,
        difference=found.difference, threshold=threshold)


@transaction.atomic
def variance_explain(*, actor, variance: Variance, found: str) -> VarianceExplanation:
    """What a supervisor found: the variance is explained, once."""
    if not is_supervisor(actor):
        raise PermissionDenied("Only a supervisor explains a variance.")
    table = Table.objects.select_for_update(of=("self",)).get(pk=variance.table_id)
    require_staff(actor, table.casino)
    if not (found or "").strip():
        raise ValidationError({"found": "Say what was found: where the difference came from, "
                                        "or what was done about it."})
    books.landing_day(Record.VARIANCE_EXPLANATION, table.casino, variance.gaming_day)
    earlier = VarianceExplanation.objects.filter(variance=variance).select_related(
        "explained_by").first()
    if earlier is not None:
        raise ValidationError({"found": wording.explained_already(earlier)})
    return VarianceExplanation.objects.create(variance=variance, found=found.strip(),
                                              explained_by=actor)
