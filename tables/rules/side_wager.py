"""The progressive side wager's game math, exactly: what it returns at a given meter.

The side wager wins by the player's five cards alone, so each award's chance is its
category's share of the 2,598,960 hands. Percentage awards grow with the meter, fixed
ones do not, so the return (expected payout per unit wagered, 1 = break-even) is a
straight line in the meter: ``intercept + slope * meter``.

Long run, every cent the meter takes in is paid back out by its awards, and every reset
puts the seed on it again (from the reserve, or the house when the reserve is short). So
per unit wagered the house keeps ``1 - fixed awards - contribution rate - (top award's
chance * seed) / wager``, whatever the meter shows; the meter is assumed to stay under
its limit (past it, contributions go to the overflow instead).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from tables.rules.progressive import AwardRule
from tables.rules.stud import STUD_CATEGORIES

HANDS = 2_598_960
COMBINATIONS = {"royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624,
                "full_house": 3_744, "flush": 5_108, "straight": 10_200,
                "three_of_a_kind": 54_912, "two_pair": 123_552, "one_pair": 1_098_240,
                "high_card": 1_302_540}


@dataclass(frozen=True)
class AwardLine:
    category: str
    combinations: int
    probability: Fraction
    percent: Decimal | None
    fixed: Decimal | None

    @property
    def one_in(self) -> Fraction:
        """Hands played per hit, on average."""
        return 1 / self.probability


@dataclass(frozen=True)
class SideWagerSheet:
    wager: Decimal
    intercept: Fraction          # return at an empty meter
    slope: Fraction              # return added per unit of meter
    awards: tuple[AwardLine, ...]
    house_share: Fraction | None  # long run, per unit wagered (None without rates)
    reserve_need: Fraction       # per unit wagered: what the resets cost

    def return_at(self, meter: Decimal) -> Fraction:
        return self.intercept + self.slope * Fraction(meter)

    @property
    def break_even_meter(self) -> Fraction | None:
        """The meter at which the bet returns exactly its wager (None: never)."""
        if self.slope <= 0:
            return None
        return (1 - self.intercept) / self.slope


def side_wager_sheet(awards: Mapping[str, AwardRule], *, wager: Decimal,
                   contribution_rate: Decimal | None = None, seed: Decimal = Decimal(0)
                   ) -> SideWagerSheet:
    if wager <= 0:
        raise ValueError(f"the side wager must be more than 0, not {wager}")
    lines = []
    fixed = per_meter = top_chance = Fraction(0)
    for category in STUD_CATEGORIES:
        rule = awards.get(category)
        if rule is None:
            continue
        chance = Fraction(COMBINATIONS[category], HANDS)
        lines.append(AwardLine(category, COMBINATIONS[category], chance, rule.percent,
                               rule.fixed))
        if rule.from_meter:
            per_meter += chance * Fraction(rule.percent) / 100
            if rule.is_top_award:
                top_chance += chance
        else:
            fixed += chance * Fraction(rule.fixed)
    stake = Fraction(wager)
    reserve_need = top_chance * Fraction(seed) / stake
    house = None
    if contribution_rate is not None:
        house = 1 - fixed / stake - Fraction(contribution_rate) - reserve_need
    return SideWagerSheet(wager, fixed / stake, per_meter / stake, tuple(lines), house,
                        reserve_need)
