"""Pots, side pots, winners and the house's collection (RULES.md sections 1 and 4).

Amounts are ``Decimal`` in chip units (``unit``, e.g. 0.01 or 1). Seats are given in
dealing order: the first seat is the first one left of the button. That order
settles odd chips: when a pot or half pot does not divide evenly among tied
winners, all the odd chips go to the first of them in that order (as pokerkit
does). In hi-lo games the high half takes the odd chip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal

from tables.rules.money import round_to_step

ZERO = Decimal(0)


class PotError(ValueError):
    """A hand that cannot be settled as recorded; ``field`` names what is wrong."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class RakeTerms:
    """How the house collects from a hand. All amounts in chips; percent as 10 = 10%."""

    percent: Decimal = ZERO
    cap: Decimal | None = None
    # Cap by players dealt in: {2: 1, 3: 2, 5: 5} means heads-up 1, 3-4 players 2, 5+ 5.
    caps_by_players: Mapping[int, Decimal] = field(default_factory=dict)
    per_pot: bool = False          # cap each pot separately (pokerkit) or the whole hand
    increment: Decimal = Decimal("0.01")  # rake rounded down to a multiple of this
    min_pot: Decimal = ZERO        # no rake unless the pot reaches this
    no_flop_no_drop: bool = False
    fixed_drop: Decimal = ZERO     # a drop per hand instead of (or with) a percentage
    bad_beat_drop: Decimal = ZERO  # taken after the rake into the bad-beat fund
    bad_beat_min_pot: Decimal = ZERO

    def cap_for(self, players_dealt: int) -> Decimal | None:
        applicable = [n for n in self.caps_by_players if n <= players_dealt]
        if applicable:
            return Decimal(self.caps_by_players[max(applicable)])
        return self.cap


NO_RAKE = RakeTerms()


@dataclass
class Pot:
    amount: Decimal                     # chips in the pot before collection
    eligible: tuple[int, ...]           # seats that can win it, in dealing order
    rake: Decimal = ZERO
    bad_beat_drop: Decimal = ZERO
    high_winners: tuple[int, ...] = ()
    low_winners: tuple[int, ...] = ()
    shares: dict[int, Decimal] = field(default_factory=dict)

    @property
    def awarded(self) -> Decimal:
        return self.amount - self.rake - self.bad_beat_drop


@dataclass
class Settlement:
    pots: list[Pot]                     # main pot first, then side pots
    returned: dict[int, Decimal]        # uncalled chips given back
    collects: dict[int, Decimal]        # what each seat takes: pots won + chips returned
    rake: Decimal
    bad_beat_drop: Decimal

    @property
    def pot_total(self) -> Decimal:
        return sum((p.amount for p in self.pots), ZERO)


def build_pots(contributions: Mapping[int, Decimal], folded: set[int]
               ) -> tuple[list[Pot], dict[int, Decimal]]:
    """Split the chips into a main pot and side pots (RULES.md 4: all-in).

    Each layer of chips up to the next all-in level forms a pot that only the
    seats who put in at least that much (and did not fold) can win; adjacent
    layers with the same eligible seats merge. Chips nobody else matched are
    uncalled and go back to their owner. A layer that only folded seats paid for
    cannot be won by anyone, so such a record is refused.
    """
    seats = list(contributions)
    live = [s for s in seats if s not in folded]
    if not live:
        raise PotError("folded", "Every seat folded: someone must win the pot.")
    levels = sorted({contributions[s] for s in seats if contributions[s] > 0})
    pots: list[Pot] = []
    returned: dict[int, Decimal] = {}
    previous = ZERO
    for level in levels:
        payers = [s for s in seats if contributions[s] >= level]
        layer = (level - previous) * len(payers)
        eligible = tuple(s for s in live if contributions[s] >= level)
        previous = level
        if len(payers) == 1:
            # Nobody matched these chips: they were never at risk and go back.
            returned[payers[0]] = returned.get(payers[0], ZERO) + layer
            continue
        if not eligible:
            raise PotError(
                "folded",
                f"Seats {', '.join(map(str, payers))} all folded, yet no seat still in matched "
                "their chips: someone must be able to win that pot. Check the folds and amounts.",
            )
        if pots and pots[-1].eligible == eligible:
            pots[-1].amount += layer
        else:
            pots.append(Pot(amount=layer, eligible=eligible))
    return pots, returned


def collect(pots: list[Pot], schedule: RakeTerms, *, flop_dealt: bool,
            players_dealt: int) -> None:
    """Take the rake, fixed drop and bad-beat drop from the pots (main pot first)."""
    total = sum((p.amount for p in pots), ZERO)
    if not pots or (schedule.no_flop_no_drop and not flop_dealt) or total < schedule.min_pot:
        return
    cap = schedule.cap_for(players_dealt)
    percent = Decimal(schedule.percent) / 100
    if schedule.per_pot:
        for pot in pots:
            rake = round_to_step(pot.amount * percent, schedule.increment, rounding="down")
            pot.rake = min(rake, cap) if cap is not None else rake
    else:
        rake = round_to_step(total * percent, schedule.increment, rounding="down")
        _take_in_order(pots, min(rake, cap) if cap is not None else rake, "rake")
    if schedule.fixed_drop:
        _take_in_order(pots, schedule.fixed_drop, "rake")
    if schedule.bad_beat_drop and total >= schedule.bad_beat_min_pot:
        _take_in_order(pots, schedule.bad_beat_drop, "bad_beat_drop")


def _take_in_order(pots: list[Pot], amount: Decimal, attribute: str) -> None:
    for pot in pots:
        if amount <= 0:
            return
        available = pot.amount - pot.rake - pot.bad_beat_drop
        taken = min(available, amount)
        setattr(pot, attribute, getattr(pot, attribute) + taken)
        amount -= taken


def split(amount: Decimal, winners: Sequence[int], unit: Decimal) -> dict[int, Decimal]:
    """Equal shares in chip units; the odd units go to the first winner in dealing order."""
    units = (amount / unit).to_integral_value(rounding=ROUND_DOWN)
    if units * unit != amount:
        raise PotError("contributions", f"{amount} is not a whole number of {unit} chips.")
    base, odd = divmod(int(units), len(winners))
    return {seat: (base + (odd if i == 0 else 0)) * unit for i, seat in enumerate(winners)}


def _best(seats: Sequence[int], strengths: Mapping[int, int | None]) -> tuple[int, ...]:
    shown = [s for s in seats if strengths.get(s) is not None]
    if not shown:
        return ()
    top = max(strengths[s] for s in shown)
    return tuple(s for s in shown if strengths[s] == top)


def settle_hand(
    contributions: Mapping[int, Decimal],
    *,
    folded: set[int] = frozenset(),
    high: Mapping[int, int] | None = None,
    low: Mapping[int, int | None] | None = None,
    schedule: RakeTerms = NO_RAKE,
    flop_dealt: bool = True,
    players_dealt: int | None = None,
    unit: Decimal = Decimal("0.01"),
) -> Settlement:
    """Pots, rake and what each seat collects.

    ``contributions`` maps each seat (in dealing order) to the chips it put in.
    ``high`` holds the shown hands' values (higher wins) of the seats still in;
    ``low`` the low values for hi-lo games (None: no qualifying low). When all but
    one seat folded, no hands are needed.
    """
    for seat, amount in contributions.items():
        if amount < 0:
            raise PotError("contributions", f"Seat {seat} put in {amount}: chips cannot be "
                                            "negative.")
    unknown = set(folded) - set(contributions)
    if unknown:
        raise PotError("folded", f"Seat {sorted(unknown)[0]} folded but is not in the hand.")
    pots, returned = build_pots(contributions, set(folded))
    high = dict(high or {})
    for seat in high:
        if seat in folded:
            raise PotError("high", f"Seat {seat} folded and cannot win a pot.")
    collect(pots, schedule, flop_dealt=flop_dealt,
            players_dealt=players_dealt if players_dealt is not None else len(contributions))
    collects = dict.fromkeys(contributions, ZERO)
    for seat, amount in returned.items():
        collects[seat] += amount
    for pot in pots:
        _award(pot, high, low, unit)
        for seat, share in pot.shares.items():
            collects[seat] += share
    return Settlement(
        pots=pots, returned=returned, collects=collects,
        rake=sum((p.rake for p in pots), ZERO),
        bad_beat_drop=sum((p.bad_beat_drop for p in pots), ZERO),
    )


def _award(pot: Pot, high: Mapping[int, int], low: Mapping[int, int | None] | None,
           unit: Decimal) -> None:
    if len(pot.eligible) == 1:
        pot.high_winners = pot.eligible
        pot.shares = {pot.eligible[0]: pot.awarded}
        return
    missing = [s for s in pot.eligible if s not in high]
    if missing:
        raise PotError("high", f"Seat {missing[0]} is still in the hand but shows no cards.")
    pot.high_winners = _best(pot.eligible, high)
    pot.low_winners = _best(pot.eligible, low) if low is not None else ()
    if not pot.low_winners:
        pot.shares = split(pot.awarded, pot.high_winners, unit)
        return
    low_half = round_to_step(pot.awarded / 2, unit, rounding="down")
    shares = split(pot.awarded - low_half, pot.high_winners, unit)
    for seat, share in split(low_half, pot.low_winners, unit).items():
        shares[seat] = shares.get(seat, ZERO) + share
    pot.shares = shares
