"""What the pit, the cage and the dealers read about chips: a shift by name, a slip by
number, chips by denomination, and every refusal in words that say what to do."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal

from casino.common.amounts import in_currency
from tables.chips.models import (
    AccountingRules,
    ChipRequest,
    ChipSlip,
    ChipSlipVoid,
    Discrepancy,
    InventorySlip,
)
from tables.rules.chips import from_stored
from tables.rules.hold import HIGHEST_CONFIDENCE, LOWEST_CONFIDENCE

RUNNER_NEEDED = ("Name the security officer who carries the chips (the slip's runner): "
                 "his signature goes on the slip with the chips.")


def shift_words(gaming_day: dt.date, shift: int) -> str:
    """'2026-12-01 shift 2'."""
    return f"{gaming_day:%Y-%m-%d} shift {shift}"


def chips_words(stored: Mapping[str, int], currency: str) -> str:
    """'40 x 25, 20 x 100 = $3,000.00'."""
    counts = from_stored(stored)
    total = sum((d * n for d, n in counts.items()), Decimal(0))
    parts = ", ".join(f"{n} x {d:f}" for d, n in sorted(counts.items()))
    return f"{parts} = {in_currency(total, currency)}" if parts else "no chips"


def inventory_noun(slip: InventorySlip, article: str = "The") -> str:
    """"The opener of CS-1 for 2026-12-01 shift 2" (``article`` 'the' inside a sentence)."""
    return (f"{article} {slip.get_kind_display().lower()} of {slip.table.label} for "
            f"{shift_words(slip.gaming_day, slip.shift)}")


def _move_words(request: ChipRequest) -> str:
    """'fill of $1,000.00 for CS-1'."""
    return (f"{request.get_kind_display().lower()} of "
            f"{in_currency(request.total, request.table.casino.currency)} for "
            f"{request.table.label}")


def request_noun(request: ChipRequest) -> str:
    return f"The {_move_words(request)}"


def still_open(opener: InventorySlip) -> str:
    return (f"{opener.table.label}'s {shift_words(opener.gaming_day, opener.shift)} is still "
            "open: record its closer first (the next opener is checked against it).")


def nothing_open(table) -> str:
    return f"{table.label} has no open shift: record its opener first."


def before_last_closer(table, gaming_day: dt.date, shift: int, last: InventorySlip) -> str:
    return (f"{table.label} closed {shift_words(last.gaming_day, last.shift)}; an opener for "
            f"{shift_words(gaming_day, shift)} would come before it. Open a later shift.")


def _missing_signatures(slip: ChipSlip) -> str:
    """"the dealer's and the supervisor's", or the one still missing."""
    signed = {s.role for s in slip.signatures.all()}
    return " and ".join(f"the {role}'s" for role in ("dealer", "supervisor")
                        if role not in signed)


def slips_unsigned(slips: list[ChipSlip]) -> str:
    """The slips a closer waits for, each with the signatures it lacks: 'Slip 2 of this
    shift still waits for the supervisor's signature (or a void): sign it before
    closing.'"""
    slips = sorted(slips, key=lambda s: s.number)
    if len(slips) == 1:
        missing = _missing_signatures(slips[0])
        noun = "signatures" if " and " in missing else "signature"
        return (f"Slip {slips[0].number} of this shift still waits for {missing} {noun} (or "
                "a void): sign it before closing.")
    numbers = ", ".join(str(s.number) for s in slips[:-1]) + f" and {slips[-1].number}"
    each = "; ".join(f"slip {s.number} {_missing_signatures(s)}" for s in slips)
    return (f"Slips {numbers} of this shift still wait for signatures (or a void): {each}. "
            "Sign them before closing.")


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
    if rules.confidence is not None and not (LOWEST_CONFIDENCE < rules.confidence
                                             < HIGHEST_CONFIDENCE):
        problems["confidence"] = (f"{rules.confidence} is not a confidence: give a share "
                                  f"above {LOWEST_CONFIDENCE} and below "
                                  f"{HIGHEST_CONFIDENCE}, e.g. 0.99.")
    return problems


# --- What the pages say after a write ---------------------------------------------------

LEVEL_WORDS = {"noted": "noted", "reported": "reported to the pit",
               "escalated": "escalated to accounting"}


def chip_changes(stored: Mapping[str, int]) -> str:
    """A difference by denomination: '4 more of 25, 1 fewer of 100'."""
    parts = [f"{abs(n)} {'more' if n > 0 else 'fewer'} of {d:f}"
             for d, n in sorted(from_stored(stored).items())]
    return ", ".join(parts) or "no chip"


def discrepancy_words(discrepancy: Discrepancy) -> str:
    """'$89.00 less than the closer of 2026-11-30 shift 1 (4 fewer of 25, ...): reported
    to the pit.'"""
    opener = discrepancy.opener
    currency = opener.table.casino.currency
    closer = opener.last_closer
    side = "more" if discrepancy.difference > 0 else "less"
    against = (f"the closer of {shift_words(closer.gaming_day, closer.shift)}" if closer
               else "the last closer")
    return (f"{in_currency(abs(discrepancy.difference), currency)} {side} than {against} "
            f"({chip_changes(discrepancy.chips)}): "
            f"{LEVEL_WORDS.get(discrepancy.level, discrepancy.level)}.")


def inventory_recorded(slip: InventorySlip) -> str:
    currency = slip.table.casino.currency
    said = (f"{inventory_noun(slip)} is recorded: {chips_words(slip.chips, currency)}. "
            "You signed it as supervisor; the dealer signs it on the dealer's page.")
    if slip.kind == "closer":
        return f"{said} Its box can be counted."
    discrepancy = getattr(slip, "discrepancy", None)  # an opener's, when it has one
    if slip.last_closer_id is None:
        return f"{said} It is the table's first opener: there is no closer to check it against."
    if discrepancy is None:
        return f"{said} It matches the last closer chip for chip."
    return f"{said} It does not match the last closer: {discrepancy_words(discrepancy)}"


def request_recorded(request: ChipRequest) -> str:
    return (f"{request_noun(request)} is requested "
            f"({chips_words(request.chips, request.table.casino.currency)}): the cage "
            "issues its numbered slip; then the dealer and a supervisor sign it at the table.")


def slip_noun(slip: ChipSlip) -> str:
    """'Slip 3, the fill of $1,000.00 for CS-1'."""
    return f"Slip {slip.number}, the {_move_words(slip.request)}"


def slip_issued(slip: ChipSlip) -> str:
    return (f"{slip_noun(slip)}, is issued. Print it and send it with the chips; the dealer "
            "and a supervisor sign it at the table.")


def slip_signed(noun: str, role: str) -> str:
    return f"{noun} is signed by you as {role}."


def slip_voided(void: ChipSlipVoid) -> str:
    return (f"Slip {void.slip.number} is void: it moved no chips. Its number stays used, "
            f"with your reason and {void.witnessed_by.get_username()} as the second person.")


def signature_state(slip, roles=("dealer", "supervisor")) -> list[str]:
    """'dealer: dana_dealer 08:02', 'supervisor: waiting' for each signer of a slip, on
    its casino's clock."""
    casino = slip.casino if isinstance(slip, ChipSlip) else slip.table.casino
    signed = {s.role: s for s in slip.signatures.all()}
    return [f"{role}: {signed[role].signed_by.get_username()} "
            f"{local_time(signed[role].signed_at, casino)}"
            if role in signed else f"{role}: waiting" for role in roles]


def local_time(moment: dt.datetime, casino) -> str:
    """An instant on the casino's clock, as its staff read it: '2026-11-30 08:00'."""
    return f"{moment.astimezone(casino.zone):%Y-%m-%d %H:%M}"
