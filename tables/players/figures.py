"""A rating's figures, computed from the records every time they are read (never typed,
never stored: a void of a round changes them, visibly): his hands at the seat while he
was rated, what he wagered, his average bet, his time and pace, the house's actual win.
The theoretical win and the strategy errors come with the game math of issue 29's next
part; until then they are null."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.utils import timezone

from payouts.jackpots.models import JackpotHit
from tables.players import selectors
from tables.players.models import Rating
from tables.rules.money import round_to_step, unit

ZERO = Decimal(0)
TENTH = Decimal("0.1")


def _money(amount: Decimal, currency: str) -> Decimal:
    # Every amount summed here is in cents already, but for the mean: half up, as staff
    # round a mean bet.
    return round_to_step(amount, unit(currency), rounding="half_up")


def rating_figures(rating: Rating, now: dt.datetime | None = None) -> dict[str, Any]:
    changes = list(rating.changes.all())
    spans = selectors.spans_of(rating, changes, now or timezone.now())
    seats = list(selectors.rated_seats(rating, spans))
    currency = rating.table.casino.currency
    awards = dict(JackpotHit.objects.filter(
        round__in=[s.round_id for s in seats], seat=rating.seat, amount__isnull=False)
        .values_list("round_id", "amount"))
    antes = sum((s.ante for s in seats), ZERO)
    side = sum((s.progressive_wager or ZERO for s in seats), ZERO)
    wagered = antes + sum((s.bet for s in seats), ZERO) + side
    # The house's result: what the seat lost on antes and bets, and its side wagers less
    # the awards they won.
    actual = -sum((s.net for s in seats), ZERO) + side - sum(awards.values(), ZERO)
    seconds = int(sum((end - start).total_seconds() for start, end in spans))
    return {
        "status": selectors.state_of(rating, changes),
        "ended_at": changes[-1].at if changes and changes[-1].step == "closed" else None,
        "seconds_played": seconds, "hands": len(seats),
        "hands_per_hour": (round_to_step(Decimal(len(seats) * 3600) / seconds, TENTH,
                                         rounding="half_up") if seconds else None),
        "wagered": _money(wagered, currency),
        "average_bet": _money(antes / len(seats), currency) if seats else None,
        "actual_win": _money(actual, currency),
        "theoretical_win": None, "decisions_off_strategy": None, "strategy_cost": None,
        "currency": currency,
    }
