"""Whether a banked table is open, where its casino keeps its table inventory here (issue
26): one truth, its chip shift (docs/decisions.md, "Trust, audited (issue 26): one truth
for an open table").

Such a casino's ``AccountingRules.inventory_in_service`` is on. A banked table of it deals
only inside a shift whose opener both the supervisor (who records it) and the dealer (who
takes the tray) signed, and only while that shift is the one running by the casino's
clock: the round is stored with the clock's day and shift, and the count sets that
shift's box against it. The table's status follows (``table_follow_shift``, which the
chips services call): open from the dealer's signature of the opener to the closer; set
by hand it is refused in words pointing to the Chips page. Elsewhere (no inventory kept
here, the default; the card room) the status stays the supervisor's to set.

The chips and their accounting rules are kept above the floor (``tables.chips``): they
are read here by their relations to the table and the casino (``Table.inventory_slips``,
``Casino.accounting_rules``) and their stored values, never by an import."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Q

from casino.common import push
from casino.common.audit import changed_by
from casino.house.models import Casino
from tables.floor.models import Table, TableStatus

# The stored values of the chips' InventoryKind.OPENER and SignerRole (tests check they
# agree with the chips' own).
OPENER = "opener"
DEALER, SUPERVISOR = "dealer", "supervisor"
CHIPS_PAGE = "the Chips page (/pit/chips/)"


def keeps_inventory_of(casino_ref: str = "casino_id") -> Exists:
    """Whether the table's casino keeps its table inventory here, for a query of tables."""
    return Exists(Casino.objects.filter(pk=OuterRef(casino_ref),
                                        accounting_rules__inventory_in_service=True))


def keeps_inventory(table: Table) -> bool:
    """Whether the table's chips decide when it is open: a banked table of a casino that
    keeps its table inventory here (read with the table's lock when it was)."""
    if table.is_poker:
        return False
    known = getattr(table, "keeps_inventory", None)
    if known is not None:
        return known
    return Casino.objects.filter(pk=table.casino_id,
                                 accounting_rules__inventory_in_service=True).exists()


@dataclass(frozen=True)
class Shift:
    """A table's latest opener or closer, as the floor reads it."""

    gaming_day: dt.date
    shift: int
    opened: bool            # the latest slip is an opener: the shift has no closer yet
    dealer_signed: bool
    supervisor_signed: bool

    @property
    def dealing(self) -> bool:
        """Rounds may be dealt in it: its opener is signed by both."""
        return self.opened and self.dealer_signed and self.supervisor_signed

    def words(self) -> str:
        """'2026-12-01 shift 2'."""
        return f"{self.gaming_day:%Y-%m-%d} shift {self.shift}"


def last_shift(table: Table) -> Shift | None:
    """The table's latest shift by its chips (a shift's closer comes before its opener in
    this order), in one query; None before its first opener."""
    row = (table.inventory_slips.order_by("-gaming_day", "-shift", "kind")
           .annotate(dealer=Count("signatures", filter=Q(signatures__role=DEALER)),
                     supervisor=Count("signatures", filter=Q(signatures__role=SUPERVISOR)))
           .values("gaming_day", "shift", "kind", "dealer", "supervisor").first())
    if row is None:
        return None
    return Shift(gaming_day=row["gaming_day"], shift=row["shift"],
                 opened=row["kind"] == OPENER, dealer_signed=bool(row["dealer"]),
                 supervisor_signed=bool(row["supervisor"]))


def recording_refusal(table: Table, records: str, moment: dt.datetime, *,
                      dealt: bool = False) -> str:
    """Why ``records`` ('rounds', 'hands') cannot be recorded at the table at ``moment``,
    in words for the dealer; '' when they can. ``dealt``: ``moment`` is when a queued
    record was dealt (``tables.floor.dealt``): its shift must be the one still open."""
    if not keeps_inventory(table):
        return "" if table.is_open else (f"Table {table.label} is closed: open it before "
                                         f"recording {records}.")
    shift = last_shift(table)
    if shift is None or not shift.opened:
        return (f"{table.label} has no open shift: the supervisor opens it with its opener "
                "on the Chips page.")
    if not shift.supervisor_signed:
        return (f"{table.label}'s opener for {shift.words()} has no supervisor's signature: "
                f"the supervisor signs it on {CHIPS_PAGE}.")
    if not shift.dealer_signed:
        return (f"{table.label}'s opener for {shift.words()} waits for the dealer's "
                "signature: sign it under 'Slips to sign' on your page (My tables), then "
                f"record the {records}.")
    casino = table.casino
    day, number = casino.gaming_day(moment), casino.shift(moment)
    if (shift.gaming_day, shift.shift) != (day, number) and dealt:
        return (f"This was dealt at {moment.astimezone(casino.zone):%H:%M %Z}, in "
                f"{day:%Y-%m-%d} shift {number}; {table.label}'s open shift is now "
                f"{shift.words()}: the shift it was dealt in is closed, so a supervisor "
                "enters it late, on the open shift.")
    if (shift.gaming_day, shift.shift) != (day, number):
        return (f"{table.label}'s open shift is {shift.words()}, but by {casino.name}'s clock "
                f"it is now {day:%Y-%m-%d} shift {number}: the supervisor closes that shift "
                "with its closer and opens this one with its opener on the Chips page.")
    return ""


def state_words(shift: Shift | None) -> str:
    """A table's state as the pit's pages both show it, for a table whose chips decide
    it (``shift``: its latest)."""
    if shift is None:
        return "Closed: never opened"
    if not shift.opened:
        return f"Closed since {shift.words()}"
    if not shift.dealing:
        return f"Closed: the opener of {shift.words()} waits for the dealer's signature"
    return f"Open: {shift.words()}"


def refuse_status_by_hand(table: Table, status: str) -> None:
    """A table whose chips decide when it is open is not opened or closed by its status."""
    if status == table.status or not keeps_inventory(table):
        return
    raise ValidationError({"status": [
        f"{table.label} opens and closes with its chip shift at {table.casino.name}: open "
        f"it with its opener (signed by the supervisor and the dealer) and close it with its "
        f"closer, on {CHIPS_PAGE}."]})


@transaction.atomic
def table_follow_shift(*, actor, table: Table, reason: str) -> Table:
    """The table's status set to what its chips say (open while its signed opener's shift
    has no closer), where they decide it; the chips services call it after each opener,
    signature and closer, and when a casino starts keeping its inventory here."""
    table = Table.objects.select_for_update(of=("self",)).select_related("casino").get(
        pk=table.pk)
    if not keeps_inventory(table):
        return table
    shift = last_shift(table)
    status = TableStatus.OPEN if shift is not None and shift.dealing else TableStatus.CLOSED
    if table.status != status:
        table.status = status
        with changed_by(actor, reason):
            table.save(update_fields=["status"])
        push.floor_changed(table.casino_id)  # opened or closed on the live boards
    return table
