"""Progressive jackpot math: contributions, awards of one round, resets (RULES.md 3).

Stated rules, where RULES.md leaves a choice:

- Percentage awards come off the meter; fixed awards (500, 100, 50) are paid by the
  house from the side wager's revenue and leave the meter as it is.
- Hits are paid in seat order, each at the meter's value when its turn comes.
  Several hits of the top award (100%) in one round share equally the meter value
  at the moment the first of them is paid.
- Odd cents: a percentage award is rounded down to the currency's unit (the cent, the
  yen: callers pass ``unit``); what rounding leaves stays on the meter.
- After a top award the meter resets to its seed: the reset tops the meter (with
  any odd cents left on it) up to the seed, from the reserve as far as it goes and
  the rest from the house. So opening + contributions - awards + resets = closing.
- Contributions: each round's wagers times the rate, rounded down to the unit (the
  fraction is house revenue); past the limit they go to the overflow meter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from tables.rules.money import round_to_step

ZERO = Decimal(0)


@dataclass(frozen=True)
class AwardRule:
    percent: Decimal | None = None
    fixed: Decimal | None = None

    def __post_init__(self):
        if (self.percent is None) == (self.fixed is None):
            raise ValueError("an award is either a percent of the meter or a fixed amount")

    @property
    def from_meter(self) -> bool:
        return self.percent is not None

    @property
    def is_top_award(self) -> bool:
        return self.percent is not None and self.percent >= 100


US_SCHEDULE: Mapping[str, AwardRule] = {
    "royal_flush": AwardRule(percent=Decimal(100)),
    "straight_flush": AwardRule(percent=Decimal(10)),
    "four_of_a_kind": AwardRule(fixed=Decimal(500)),
    "full_house": AwardRule(fixed=Decimal(100)),
    "flush": AwardRule(fixed=Decimal(50)),
}


@dataclass(frozen=True)
class Hit:
    seat: int
    category: str


@dataclass(frozen=True)
class Award:
    seat: int
    category: str
    amount: Decimal
    meter_before: Decimal   # the meter value the award was computed from
    meter_after: Decimal
    from_meter: bool
    shared_by: int = 1      # top awards of one round share one meter value


@dataclass(frozen=True)
class Reset:
    amount: Decimal         # added to the meter to bring it back to the seed
    from_reserve: Decimal
    from_house: Decimal
    meter_before: Decimal
    meter_after: Decimal


@dataclass(frozen=True)
class Movement:
    """One change of the meter, in order, for the ledger."""

    kind: str               # "award" or "reset"
    amount: Decimal         # signed: - an award taken off the meter, + a reset
    seats: tuple[int, ...]  # the seats an award paid (several for a shared top award)
    from_reserve: Decimal = ZERO


@dataclass(frozen=True)
class RoundAwards:
    awards: tuple[Award, ...]
    resets: tuple[Reset, ...]
    meter: Decimal
    reserve: Decimal
    movements: tuple[Movement, ...] = ()

    @property
    def paid_from_meter(self) -> Decimal:
        return sum((a.amount for a in self.awards if a.from_meter), ZERO)


def _down(amount: Decimal, unit: Decimal) -> Decimal:
    return round_to_step(amount, unit, rounding="down")


def settle_hits(meter: Decimal, hits: Sequence[Hit], schedule: Mapping[str, AwardRule], *,
                seed: Decimal, unit: Decimal, reserve: Decimal = ZERO) -> RoundAwards:
    """Pay one round's hits in seat order; return the awards and the meter after.
    ``unit`` is the currency's smallest amount (Decimal("0.01"), or 1 for yen)."""
    ordered = sorted((h for h in hits if h.category in schedule), key=lambda h: h.seat)
    awards: list[Award] = []
    resets: list[Reset] = []
    movements: list[Movement] = []
    shared: dict[str, tuple[Decimal, Decimal]] = {}  # top category -> (share, meter value)
    for hit in ordered:
        rule = schedule[hit.category]
        if not rule.from_meter:
            awards.append(Award(hit.seat, hit.category, _down(rule.fixed, unit), meter, meter,
                                False))
            continue
        if not rule.is_top_award:
            amount = _down(meter * rule.percent / 100, unit)
            awards.append(Award(hit.seat, hit.category, amount, meter, meter - amount, True))
            movements.append(Movement("award", -amount, (hit.seat,)))
            meter -= amount
            continue
        winners = sum(1 for h in ordered if h.category == hit.category)
        if hit.category not in shared:
            share = _down(meter * rule.percent / 100 / winners, unit)
            shared[hit.category] = (share, meter)
            value_at_first = meter
            meter -= share * winners
            meter_after_awards = meter
            movements.append(Movement("award", -share * winners, tuple(
                h.seat for h in ordered if h.category == hit.category)))
            if meter < seed:
                top_up = seed - meter
                from_reserve = min(reserve, top_up)
                reserve -= from_reserve
                resets.append(Reset(top_up, from_reserve, top_up - from_reserve, meter, seed))
                movements.append(Movement("reset", top_up, (), from_reserve))
                meter = seed
            awards.append(Award(hit.seat, hit.category, share, value_at_first,
                                meter_after_awards, True, winners))
        else:
            share, value_at_first = shared[hit.category]
            awards.append(Award(hit.seat, hit.category, share, value_at_first,
                                value_at_first - share * winners, True, winners))
    return RoundAwards(tuple(awards), tuple(resets), meter, reserve, tuple(movements))


@dataclass(frozen=True)
class Contribution:
    wagers: Decimal
    to_meter: Decimal
    to_overflow: Decimal
    to_reserve: Decimal

    @property
    def to_house(self) -> Decimal:
        return self.wagers - self.to_meter - self.to_overflow - self.to_reserve


def contribution(wagers: Decimal, *, rate: Decimal, reserve_rate: Decimal = ZERO,
                 meter: Decimal, unit: Decimal, limit: Decimal | None = None) -> Contribution:
    """Split a round's side wagers between the meter, the overflow, the reserve and the house."""
    if rate < 0 or reserve_rate < 0 or rate + reserve_rate > 1:
        raise ValueError("contribution and reserve rates must be between 0 and 1 together")
    increment = _down(wagers * rate, unit)
    to_reserve = _down(wagers * reserve_rate, unit)
    to_meter, to_overflow = increment, ZERO
    if limit is not None and meter + increment > limit:
        to_meter = max(limit - meter, ZERO)
        to_overflow = increment - to_meter
    return Contribution(wagers, to_meter, to_overflow, to_reserve)


W2G_MINIMUM = Decimal(600)
W2G_ODDS = 300
WITHHOLDING_OVER = Decimal(5000)


def w2g_reportable(amount: Decimal, wager: Decimal) -> bool:
    """US: a table-game win of 600 or more that is at least 300 times the wager."""
    return amount >= W2G_MINIMUM and amount >= wager * W2G_ODDS


def withholding_applies(amount: Decimal, wager: Decimal) -> bool:
    """US: tax is withheld when the win minus the wager exceeds 5,000."""
    return amount - wager > WITHHOLDING_OVER


# A correction may set a meter above its bound only with a second supervisor (issue 26).
CORRECTION_BOUND_SEEDS = 100


def default_correction_bound(*, seed: Decimal, approval_threshold: Decimal,
                             limit: Decimal | None) -> Decimal:
    """The largest balance a correction may set on one supervisor's word, unless a meter
    names its own: the limit where there is one (the meter never grows past it); else a
    hundred times the seed (a meter seeded at 10,000 and fed 0.70 a wager pays its royal
    near 465,000 on average, under fifty seeds: a hundred is past its usual cycles), and
    never below the approval threshold (a meter seeded at nothing would otherwise need a
    second supervisor for every correction; that threshold is already where an award
    needs a second person)."""
    if limit is not None:
        return limit
    return max(seed * CORRECTION_BOUND_SEEDS, approval_threshold)
