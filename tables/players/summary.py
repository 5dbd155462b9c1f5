"""A player's summary at the head of his page (issue 44, point 11): per casino, over the
ratings the page lists below it (the latest RATINGS_SHOWN), his visits, time played,
hands, average bet and the theoretical win, each the sum of the figures shown on the
ratings' rows (one reading: tables.players.figures), so the two never disagree. The comps
earned on those ratings are added by the comps' panel on the page (tables.comps.pages)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tables.players.models import Rating
from tables.rules.money import round_to_step, unit

ZERO = Decimal(0)


def summary_of(ratings: list[tuple[Rating, dict[str, Any]]]) -> list[dict[str, Any]]:
    """One line per casino, in the order its ratings first appear (newest first):
    ``casino``, ``currency``, ``ratings``, ``visits`` (gaming days with a rating),
    ``since`` (the oldest of them), ``seconds`` (each rating's time as its row shows it:
    whole minutes), ``hands``, ``average_bet`` (his antes over his hands; None with no
    hand), ``theoretical_win`` (None while a rating's is being worked out)."""
    lines: dict[int, dict[str, Any]] = {}
    for rating, figures in ratings:
        casino = rating.table.casino
        line = lines.setdefault(casino.pk, {
            "casino": casino, "currency": casino.currency, "ratings": 0, "days": set(),
            "seconds": 0, "hands": 0, "antes": ZERO, "theoretical_win": ZERO})
        line["ratings"] += 1
        line["days"].add(rating.gaming_day)
        line["seconds"] += (figures["seconds_played"] or 0) // 60 * 60
        if rating.table.is_poker:
            continue  # rated by the hour: no hands, no bets, no theoretical win
        line["hands"] += figures["hands"] or 0
        line["antes"] += figures["antes"] or ZERO
        if figures["theoretical_win"] is None or line["theoretical_win"] is None:
            line["theoretical_win"] = None
        else:
            line["theoretical_win"] += figures["theoretical_win"]
    return [_finished(line) for line in lines.values()]


def _finished(line: dict[str, Any]) -> dict[str, Any]:
    days, hands = line.pop("days"), line["hands"]
    antes = line.pop("antes")
    return {**line, "visits": len(days), "since": min(days),
            "average_bet": (round_to_step(antes / hands, unit(line["currency"]),
                                          rounding="half_up") if hands else None)}
