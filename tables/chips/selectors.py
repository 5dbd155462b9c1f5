"""Reads of the chips at the tables that pages, the count and the reports share: a
casino's accounting rules, a table's shift as its slips tell it, the chips each shift
opened and closed with and received or sent, the slips waiting for someone."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Exists, OuterRef, Q, QuerySet, Sum

from casino.house.models import Casino
from casino.house.staff import at_casinos_of
from tables.chips.models import (
    AccountingRules,
    ChipMove,
    ChipRequest,
    ChipSlip,
    ChipSlipSignature,
    Discrepancy,
    InventoryKind,
    InventorySignature,
    InventorySlip,
    SignerRole,
)
from tables.floor.models import Table
from tables.floor.shifts import Shift
from tables.rules.chips import standard_denominations

ZERO = Decimal("0.00")
ShiftKey = tuple[int, dt.date, int]  # table id, gaming day, shift


def rules_of(casino: Casino) -> AccountingRules:
    """The casino's rules, or (never saved here) the defaults they start from."""
    found = AccountingRules.objects.filter(casino=casino).first()
    return found or default_rules(casino)


def default_rules(casino: Casino) -> AccountingRules:
    """The rules a casino starts from: its currency's usual chips, the model's thresholds."""
    return AccountingRules(casino=casino,
                           denominations=list(standard_denominations(casino.currency)))


def last_inventory(table: Table) -> InventorySlip | None:
    """The table's latest opener or closer: an opener means a shift is open."""
    return (InventorySlip.objects.filter(table=table)
            .order_by("-gaming_day", "-shift", "kind").first())  # a shift's closer first


def open_shift(table: Table) -> InventorySlip | None:
    """The opener of the table's shift that is open now, if one is."""
    last = last_inventory(table)
    return last if last is not None and last.kind == InventoryKind.OPENER else None


@dataclass(frozen=True)
class ShiftChips:
    """A shift's chips at one table: its opener and closer (None until recorded) and
    what its slips moved (void slips move nothing)."""

    opener: Decimal | None = None
    closer: Decimal | None = None
    fills: Decimal = ZERO
    credits: Decimal = ZERO


def chips_by_shift(tables: Iterable[int], first: dt.date,
                   last: dt.date) -> dict[ShiftKey, ShiftChips]:
    """Every shift of the tables in the span that has a slip, in two queries."""
    tables = list(tables)
    found: dict[ShiftKey, dict] = {}
    slips = InventorySlip.objects.filter(table__in=tables, gaming_day__range=(first, last))
    for table, day, shift, kind, total in slips.values_list("table", "gaming_day", "shift",
                                                            "kind", "total"):
        found.setdefault((table, day, shift), {})[kind] = total
    moved = (ChipSlip.objects.filter(request__table__in=tables, void__isnull=True,
                                     request__gaming_day__range=(first, last))
             .values("request__table", "request__gaming_day", "request__shift")
             .annotate(fills=Sum("request__total", filter=Q(request__kind=ChipMove.FILL)),
                       credits=Sum("request__total", filter=Q(request__kind=ChipMove.CREDIT))))
    for row in moved:
        key = (row["request__table"], row["request__gaming_day"], row["request__shift"])
        found.setdefault(key, {}).update(fills=row["fills"] or ZERO,
                                         credits=row["credits"] or ZERO)
    return {key: ShiftChips(opener=parts.get(InventoryKind.OPENER),
                            closer=parts.get(InventoryKind.CLOSER),
                            fills=parts.get("fills", ZERO), credits=parts.get("credits", ZERO))
            for key, parts in found.items()}


def signed_roles(signatures: Iterable) -> set[str]:
    return {s.role for s in signatures}


def slips_unsigned(table: Table, gaming_day: dt.date, shift: int) -> list[ChipSlip]:
    """The shift's issued slips, not void, that still lack a signature: its closer waits
    for them (each with its signatures, by number)."""
    slips = (ChipSlip.objects.filter(request__table=table, request__gaming_day=gaming_day,
                                     request__shift=shift, void__isnull=True)
             .prefetch_related("signatures").order_by("number"))
    return [slip for slip in slips
            if len(signed_roles(slip.signatures.all())) < len(SignerRole)]


def _unsigned(signature_model, role: str) -> Exists:
    return ~Exists(signature_model.objects.filter(slip=OuterRef("pk"), role=role))


def inventory_slips_awaiting(user, role: SignerRole) -> QuerySet[InventorySlip]:
    """Openers and closers at the user's casinos (a dealer: at his tables) that wait for
    the signature of ``role``."""
    slips = (InventorySlip.objects.filter(_unsigned(InventorySignature, role))
             .select_related("table__casino", "recorded_by").prefetch_related("signatures"))
    return _at_signers_tables(slips, user, role, "table")


def chip_slips_awaiting(user, role: SignerRole) -> QuerySet[ChipSlip]:
    """Issued slips, not void, that wait for the signature of ``role`` at the table."""
    slips = (ChipSlip.objects.filter(_unsigned(ChipSlipSignature, role),
                                     void__isnull=True)
             .select_related("request__table__casino", "issued_by")
             .prefetch_related("signatures"))
    return _at_signers_tables(slips, user, role, "request__table")


def _at_signers_tables(rows: QuerySet, user, role: SignerRole, table: str) -> QuerySet:
    rows = at_casinos_of(rows, user, f"{table}__casino")
    if role == SignerRole.DEALER:
        rows = rows.filter(**{f"{table}__dealers": user})
    return rows.order_by("-pk")


def requests_waiting(user) -> QuerySet[ChipRequest]:
    """Requests the cage has not issued, at the user's casinos, oldest first."""
    rows = (ChipRequest.objects.filter(slip__isnull=True)
            .select_related("table__casino", "requested_by"))
    return at_casinos_of(rows, user, "table__casino").order_by("requested_at", "pk")


def slips_visible_to(user) -> QuerySet[ChipSlip]:
    rows = ChipSlip.objects.select_related(
        "casino", "request__table__casino", "request__requested_by", "issued_by",
        "void__voided_by",
        "void__witnessed_by").prefetch_related("signatures__signed_by")
    return at_casinos_of(rows, user, "casino")


def inventory_visible_to(user) -> QuerySet[InventorySlip]:
    rows = InventorySlip.objects.select_related(
        "table__casino", "recorded_by", "discrepancy").prefetch_related("signatures__signed_by")
    return at_casinos_of(rows, user, "table__casino")


def last_inventories(tables: Iterable[int]) -> dict[int, InventorySlip]:
    """Each table's latest opener or closer (``last_inventory`` for many tables), in one
    query: PostgreSQL's DISTINCT ON keeps the first row of each table in that order."""
    rows = (InventorySlip.objects.filter(table__in=list(tables))
            .order_by("table_id", "-gaming_day", "-shift", "kind").distinct("table_id")
            .select_related("recorded_by"))
    return {slip.table_id: slip for slip in rows}


def shifts_of(tables: Iterable[Table]) -> dict[int, Shift | None]:
    """Each banked table's latest shift as the floor reads it (``floor.shifts``: whether it
    deals), for the tables whose casino keeps its inventory here, in three queries."""
    tables = [t for t in tables if not t.is_poker]
    kept = set(AccountingRules.objects.filter(
        casino__in={t.casino_id for t in tables}, inventory_in_service=True)
        .values_list("casino_id", flat=True))
    tables = [t for t in tables if t.casino_id in kept]
    last = last_inventories(t.pk for t in tables)
    signed: dict[int, set[str]] = {}
    for slip, role in InventorySignature.objects.filter(
            slip__in=[s.pk for s in last.values()]).values_list("slip", "role"):
        signed.setdefault(slip, set()).add(role)
    found: dict[int, Shift | None] = {}
    for table in tables:
        slip = last.get(table.pk)
        roles = signed.get(slip.pk, set()) if slip else set()
        found[table.pk] = None if slip is None else Shift(
            gaming_day=slip.gaming_day, shift=slip.shift,
            opened=slip.kind == InventoryKind.OPENER,
            dealer_signed=SignerRole.DEALER in roles,
            supervisor_signed=SignerRole.SUPERVISOR in roles)
    return found


def discrepancies_visible_to(user) -> QuerySet[Discrepancy]:
    """Openers that did not match their table's last closer, at the user's casinos,
    latest first."""
    rows = Discrepancy.objects.select_related("opener__table__casino", "opener__recorded_by",
                                              "opener__last_closer")
    return at_casinos_of(rows, user, "opener__table__casino").order_by("-found_at", "-pk")


def requests_visible_to(user) -> QuerySet[ChipRequest]:
    rows = ChipRequest.objects.select_related("table__casino", "requested_by")
    return at_casinos_of(rows, user, "table__casino")
