"""What the pit, the cage and the dealers read about chips: a shift by name, a slip by
number, chips by denomination, and every refusal in words that say what to do."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal

from casino.common.amounts import in_currency
from tables.chips.models import AccountingRules, ChipRequest, ChipSlip, InventorySlip
from tables.rules.chips import from_stored


def shift_words(gaming_day: dt.date, shift: int) -> str:
    """'2026-12-01 shift 2'."""
    return f"{gaming_day:%Y-%m-%d} shift {shift}"


def chips_words(stored: Mapping[str, int], currency: str) -> str:
    """'40 x 25, 20 x 100 = $3,000.00'."""
    counts = from_stored(stored)
    total = sum((d * n for d, n in counts.items()), Decimal(0))
    parts = ", ".join(f"{n} x {d:f}" for d, n in sorted(counts.items()))
    return f"{parts} = {in_currency(total, currency)}" if parts else "no chips"


def inventory_noun(slip: InventorySlip) -> str:
    """"The opener of CS-1 for 2026-12-01 shift 2"."""
    return (f"The {slip.get_kind_display().lower()} of {slip.table.label} for "
            f"{shift_words(slip.gaming_day, slip.shift)}")


def request_noun(request: ChipRequest) -> str:
    return (f"The {request.get_kind_display().lower()} of "
            f"{in_currency(request.total, request.table.casino.currency)} for "
            f"{request.table.label}")


def still_open(opener: InventorySlip) -> str:
    return (f"{opener.table.label}'s {shift_words(opener.gaming_day, opener.shift)} is still "
            "open: record its closer first (the next opener is checked against it).")


def nothing_open(table) -> str:
    return f"{table.label} has no open shift: record its opener first."


def before_last_closer(table, gaming_day: dt.date, shift: int, last: InventorySlip) -> str:
    return (f"{table.label} closed {shift_words(last.gaming_day, last.shift)}; an opener for "
            f"{shift_words(gaming_day, shift)} would come before it. Open a later shift.")


def slips_unsigned(slips: list[ChipSlip]) -> str:
    numbers = ", ".join(str(s.number) for s in sorted(slips, key=lambda s: s.number))
    noun = "Slip" if len(slips) == 1 else "Slips"
    return (f"{noun} {numbers} of this shift still wait for the dealer's and the "
            "supervisor's signatures (or a void): sign them before closing.")


def request_lapsed(request: ChipRequest) -> str:
    return (f"{request_noun(request)} was for {shift_words(request.gaming_day, request.shift)}, "
            f"which is closed: ask the supervisor for a new request.")


def void_after_signatures(slip: ChipSlip) -> str:
    return (f"Slip {slip.number} is signed by the dealer and the supervisor: its chips moved. "
            "Correct it with a new slip (a credit for a fill, a fill for a credit).")


def rules_problems(rules: AccountingRules) -> dict[str, str]:
    """What the database's constraints would refuse, said in words first."""
    problems = {}
    if not rules.denominations:
        problems["denominations"] = "Give at least one chip denomination, e.g. 1, 5, 25, 100."
    elif any(d <= 0 for d in rules.denominations):
        bad = next(d for d in rules.denominations if d <= 0)
        problems["denominations"] = f"{bad} is not a chip: a denomination is above zero."
    elif len(set(rules.denominations)) < len(rules.denominations):
        # One box per denomination on every form: a second 25 would be a box no one fills.
        twice = next(d for d in rules.denominations if rules.denominations.count(d) > 1)
        problems["denominations"] = f"{twice:f} is given twice: give each chip once."
    if rules.escalate_at is not None and rules.report_at is not None \
            and rules.escalate_at < rules.report_at:
        problems["escalate_at"] = (f"{rules.escalate_at} is below the reporting threshold "
                                   f"{rules.report_at}: escalate at that much or more.")
    if rules.confidence is not None and not Decimal("0.5") < rules.confidence < 1:
        problems["confidence"] = (f"{rules.confidence} is not a confidence: give a share "
                                  "between 0.5 and 1, e.g. 0.99.")
    return problems
