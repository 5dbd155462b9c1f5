"""What the dealer reads after a round: what to pay and take at each seat."""

from __future__ import annotations

from payouts.jackpots.models import HitStatus
from tables.rules.stud import Outcome
from tables.stud.models import StudRound


def payout_instructions(round_: StudRound) -> list[str]:
    """What the dealer must do at each seat, in words."""
    lines = []
    for seat in round_.seats.all():
        if round_.void or seat.outcome == Outcome.VOID:
            lines.append(f"Return seat {seat.seat}'s wagers: the round is void.")
        elif seat.ante_result > 0 or seat.bet_result > 0:
            parts = []
            if seat.bet_result > 0:
                parts.append(f"{seat.bet_result:.2f} on the bet")
            if seat.ante_result > 0:
                parts.append(f"{seat.ante_result:.2f} on the ante")
            extra = " (return the bet)" if seat.outcome == "dealer_not_qualified" else ""
            lines.append(f"Pay seat {seat.seat}: {', '.join(parts)}{extra}.")
        elif seat.outcome == Outcome.FOLD:
            lines.append(f"Take seat {seat.seat}'s ante.")
        elif seat.net < 0:
            lines.append(f"Take seat {seat.seat}'s ante and bet.")
        else:
            lines.append(f"Seat {seat.seat} pushes: return its wagers.")
    for hit in sorted(round_.jackpot_hits.all(), key=lambda h: h.seat):
        hand = hit.category.replace("_", " ")
        if hit.status == HitStatus.PENDING:
            lines.append(f"Seat {hit.seat} hit the jackpot with a {hand}: the award is being "
                         "settled; call the supervisor.")
        elif hit.status == HitStatus.AWAITING_APPROVAL:
            lines.append(f"Seat {hit.seat} hit the jackpot with a {hand}: {hit.amount:.2f}, "
                         "waiting for a supervisor's approval. Keep the cards on the table.")
        else:
            lines.append(f"Pay seat {hit.seat}'s jackpot: {hit.amount:.2f} for a {hand}.")
    return lines
