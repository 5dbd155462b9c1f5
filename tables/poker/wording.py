"""What the dealer reads after a hand: what to push and drop, the stakes in words."""

from __future__ import annotations

from decimal import Decimal

from payouts.terms.models import Method
from tables.floor.models import Structure
from tables.poker.models import HandMode, PokerHand


def hand_summary(hand: PokerHand) -> list[str]:
    """What the dealer does with the chips, in words."""
    lines = []
    if hand.mode == HandMode.QUICK:
        to = f"seat {hand.winner}" if hand.winner else "the pot's winners (or winner)"
        lines.append(f"{_drop_words(hand)}; push {hand.to_players:.2f} to {to}.")
    else:
        pots = hand.pots.all()
        for pot in pots:
            winners = sorted(pot.shares.items(), key=lambda kv: int(kv[0]))
            pays = ", ".join(f"seat {seat} {Decimal(amount):.2f}" for seat, amount in winners)
            lines.append(f"{pot.name.capitalize()} {pot.amount:.2f} (seats "
                         f"{', '.join(map(str, pot.eligible))}): rake {pot.rake:.2f}; {pays}.")
        for seat in hand.seats.all():
            # What a seat collects beyond its pot shares is its own uncalled bet.
            won = sum((Decimal(p.shares.get(str(seat.seat), 0)) for p in pots), Decimal(0))
            if seat.collects > won:
                lines.append(f"Return {seat.collects - won:.2f} uncalled to seat {seat.seat}.")
        lines.append(f"{_drop_words(hand)}.")
    if hand.bad_beat_drop:
        lines.append(f"Bad-beat drop {hand.bad_beat_drop:.2f} into its own slot.")
    return lines


def _drop_words(hand: PokerHand) -> str:
    """What goes in the drop box: nothing said as nothing (a time-collected table takes
    its rake from the seats by the clock, not from the pot)."""
    if hand.rake:
        return f"Drop {hand.rake:.2f} in the box"
    if hand.rake_schedule.method == Method.TIME:
        return "No rake from the pot: time is collected at this table"
    return "No rake from this pot"


def structure_words(stakes: dict) -> str:
    structure = stakes.get("structure")
    if structure == Structure.FIXED_LIMIT:
        return f"{stakes['small_bet']}/{stakes['big_bet']} fixed limit"
    if structure == Structure.SPREAD_LIMIT:
        return f"{stakes['min_bet']} to {stakes['max_bet']} spread limit"
    blinds = "/".join(v for v in (stakes.get("small_blind"), stakes.get("big_blind")) if v)
    return f"{blinds} {Structure(structure).label.lower()}" if structure else ""
