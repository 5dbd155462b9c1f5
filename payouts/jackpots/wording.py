"""What staff read about a jackpot hit: its award with the currency, its status in words,
what approving it does."""

from __future__ import annotations

from casino.common.amounts import in_currency
from payouts.jackpots.models import HitStatus, JackpotHit

STATUS_WORDS = {
    HitStatus.PENDING: "Being settled: the meter pays it within a minute",
    HitStatus.AWAITING_APPROVAL: "Awaiting a supervisor's approval",
    HitStatus.PAID: "Paid",
}


def award_text(hit: JackpotHit) -> str:
    """'$12,345.00', or what it is waiting for while the amount is not known yet."""
    if hit.amount is None:
        return "known once settled"
    return in_currency(hit.amount, hit.progressive.currency)


def status_words(hit: JackpotHit) -> str:
    return STATUS_WORDS[HitStatus(hit.status)]


def approval_consequence(hit: JackpotHit) -> str:
    """'Approve $12,345.00 for seat 3 at CS-1: the award is paid from the meter and cannot
    be undone', what the supervisor confirms."""
    source = "the award is paid from the meter" if hit.from_meter else "the fixed award is paid"
    return (f"Approve {award_text(hit)} for seat {hit.seat} at {hit.round.table.label}: "
            f"{source} and cannot be undone")


def hit_line(hit: JackpotHit) -> dict:
    """A hit as the pit reads it: table, seat, hand, award, when (the casino's clock),
    status; needs the hit's round, table, casino and meter."""
    casino = hit.round.table.casino
    local = hit.recorded_at.astimezone(casino.zone)
    return {"hit": hit, "table": hit.round.table.label, "seat": hit.seat,
            "hand": hit.category.replace("_", " "), "award": award_text(hit),
            "at": f"{local:%Y-%m-%d %H:%M} {local.tzname()}", "status": status_words(hit),
            "approvable": hit.status == HitStatus.AWAITING_APPROVAL}
