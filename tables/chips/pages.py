"""What the chips show on pages beyond their own, without being a view: the pit's chips
page's own part and the panels the count adds to it (``PIT_CHIPS``), and the chips'
panels on the floor's pages (a table's state on the Pit overview, the slips waiting for a
dealer's signature on his page), registered from tables.apps."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from django.utils import timezone

from casino.common.panels import Panels
from casino.house.staff import casinos_of
from tables.chips import wording
from tables.chips.models import InventoryKind, SignerRole
from tables.chips.selectors import (
    chip_slips_awaiting,
    chips_by_shift,
    discrepancies_visible_to,
    inventory_slips_awaiting,
    last_inventories,
    requests_waiting,
    shifts_of,
)
from tables.floor import shifts
from tables.floor.models import Game
from tables.floor.pages import DEALER, TABLES
from tables.floor.selectors import tables_at_casinos_of
from tables.rules.chips import Level

# The most slips a signer's list shows (newest first): an old opener nobody signed must
# not bury this shift's.
SLIPS_SHOWN = 30

# The pit's chips page (tables/chips/pit.html): each panel is given the chips' part
# (``casinos``, ``to_sign``, ``discrepancies``); the count adds ``variances``.
PIT_CHIPS = Panels("the pit's chips page")


def register() -> None:
    """The chips' panels on the floor's pages (called from tables.apps)."""
    TABLES.add("chips", on_the_pit)
    DEALER.add("chips", on_the_dealers_page)


def on_the_pit(request, shown: dict) -> dict:
    """On the pit's tables page: where the chips decide whether a table is open, the
    chips page's words for it."""
    tables = [t for casino in shown["casinos"] for t in casino.tables.all()]
    return {"shift_words": table_shift_words(tables)}


def on_the_dealers_page(request, shown: dict) -> dict:
    """The slips of this shift waiting for the dealer's signature at his tables, and how
    many older ones wait (listed on their own page): the tables come first."""
    lines = slips_to_sign(request.user, SignerRole.DEALER)
    moment = timezone.now()
    now = [line for line in lines if of_this_shift(line, moment)]
    return {"to_sign": now, "older_to_sign": len(lines) - len(now)}


def of_this_shift(line: dict, moment: dt.datetime) -> bool:
    """Whether a slip to sign belongs to the shift dealing at ``moment`` by its casino's
    clock, or to the one just before (a closer is signed as the shifts change)."""
    casino = line["table"].casino
    day, shift = casino.gaming_day(moment), casino.shift(moment)
    before = (day, shift - 1) if shift > 1 else (day - dt.timedelta(days=1), 3)
    return (line["gaming_day"], line["shift"]) in {(day, shift), before}


def chips_context(request) -> dict:
    """Every banked table of the user's casinos with its shift, the slips waiting for the
    supervisor's signature, and the reported and escalated discrepancies."""
    user = request.user
    tables = list(tables_at_casinos_of(user).filter(game=Game.CARIBBEAN_STUD)
                  .order_by("casino__name", "label"))
    states = _table_states(user, tables)
    casinos = []
    for casino in casinos_of(user):
        casinos.append({"casino": casino,
                        "tables": [s for s in states if s["table"].casino_id == casino.pk]})
    return {"casinos": casinos, "to_sign": slips_to_sign(user, SignerRole.SUPERVISOR),
            "discrepancies": [
                (d, wording.discrepancy_words(d)) for d in discrepancies_visible_to(user)
                .filter(level__in=[Level.REPORTED, Level.ESCALATED])[:20]]}


def _table_states(user, tables) -> list[dict]:
    """Each table's shift: open (its opener, the fills and credits issued so far and the
    requests the cage has not issued yet), or closed since its last closer, or never
    opened."""
    last = last_inventories(t.pk for t in tables)
    days = [s.gaming_day for s in last.values() if s.kind == InventoryKind.OPENER]
    moved = chips_by_shift(list(last), min(days), max(days)) if days else {}
    unissued = Counter((r.table_id, r.gaming_day, r.shift) for r in requests_waiting(user))
    decided = table_shift_words(tables)
    states = []
    for table in tables:
        slip = last.get(table.pk)
        state = {"table": table, "last": slip, "decided": decided.get(table.pk),
                 "open": bool(slip and slip.kind == InventoryKind.OPENER)}
        if state["open"]:
            key = (table.pk, slip.gaming_day, slip.shift)
            state.update(shift=wording.shift_words(slip.gaming_day, slip.shift),
                         chips=moved.get(key), waiting=unissued[key])
        states.append(state)
    return states


def table_shift_words(tables) -> dict[int, dict]:
    """For each table whose chips decide when it is open (its casino keeps its inventory
    here): what the Pit overview and the chips page both say of it, and whether it is
    open (``floor.shifts``: its opener signed by both, no closer yet)."""
    return {pk: {"words": shifts.state_words(shift), "open": bool(shift and shift.dealing)}
            for pk, shift in shifts_of(tables).items()}


def slips_to_sign(user, role: SignerRole) -> list[dict]:
    """Openers, closers and chip slips waiting for the user's signature as ``role``."""
    lines = []  # the chip slips first: a shift does not close while one waits
    for slip in chip_slips_awaiting(user, role)[:SLIPS_SHOWN]:
        request = slip.request
        lines.append({
            "noun": f"Slip {slip.number}", "spoken": f"slip {slip.number}",
            "table": request.table, "number": slip.number,
            "what": request.get_kind_display(),
            "chips": wording.chips_words(request.chips, request.table.casino.currency),
            "state": wording.signature_state(slip), "action": "chip-slip-sign",
            "pk": slip.pk, "gaming_day": request.gaming_day, "shift": request.shift})
    for slip in inventory_slips_awaiting(user, role)[:SLIPS_SHOWN]:
        lines.append({
            "noun": wording.inventory_noun(slip), "spoken": wording.inventory_noun(slip, "the"),
            "table": slip.table, "number": "",
            "what": slip.get_kind_display(),
            "chips": wording.chips_words(slip.chips, slip.table.casino.currency),
            "state": wording.signature_state(slip), "action": "inventory-slip-sign",
            "pk": slip.pk, "gaming_day": slip.gaming_day, "shift": slip.shift})
    return lines
