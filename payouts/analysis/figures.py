"""Game math as the API and the pages show it: decimal fractions, with the exact ones."""

from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

from tables.rules.cards import RANKS
from tables.rules.side_wager import SideWagerSheet
from tables.rules.stud_montecarlo import SeatCovariance
from tables.rules.stud_par import ParSheet

PLACES = Decimal("1e-12")
CENT = Decimal("0.01")
UP_CARDS = list(RANKS)


def decimal_of(value: Fraction, places: Decimal = PLACES, rounding=ROUND_HALF_EVEN) -> str:
    with localcontext() as context:
        context.prec = 40
        exact_value = Decimal(value.numerator) / Decimal(value.denominator)
        # Plain digits always: a zero quantized to twelve places is "0.000000000000",
        # never "0E-12".
        return f"{exact_value.quantize(places, rounding=rounding):f}"


def exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def sheet_json(sheet: ParSheet, terms: dict, checksum: str) -> dict:
    """What ``/paytables/{id}/analysis/`` answers (names from API.md first)."""
    return {
        "house_edge": decimal_of(sheet.house_edge),
        "element_of_risk": decimal_of(sheet.element_of_risk),
        "raise_rate": decimal_of(sheet.raise_rate),
        "dealer_qualifies": decimal_of(sheet.dealer_qualifies),
        "std_dev": str(sheet.std_dev.quantize(PLACES)),
        "outcomes": {line.name: decimal_of(line.probability) for line in sheet.outcomes},
        "ante": f"{sheet.ante:.2f}",
        "deals": sheet.deals,
        "variance": decimal_of(sheet.variance),
        "exact": {"house_edge": exact(sheet.house_edge),
                  "element_of_risk": exact(sheet.element_of_risk),
                  "raise_rate": exact(sheet.raise_rate),
                  "dealer_qualifies": exact(sheet.dealer_qualifies)},
        "outcome_table": [
            {"outcome": line.name, "combinations": line.deals,
             "probability": decimal_of(line.probability),
             "pays": decimal_of(line.ante_multiple, Decimal("1e-4")),
             "return": decimal_of(line.contribution)} for line in sheet.outcomes],
        "strategy": {
            "always_raise": sheet.strategy.always_raise,
            "always_fold": sheet.strategy.always_fold,
            "up_cards": UP_CARDS,
            "rows": [{"hand": row.hand, "cells": [cell.word for cell in row.cells]}
                     for row in sheet.strategy.rows]},
        "house_strategy": {"rule": "raise ace-king or better",
                           "house_edge": decimal_of(sheet.house_strategy_edge),
                           "exact": exact(sheet.house_strategy_edge)},
        "raise_every_hand": {"house_edge": decimal_of(sheet.raise_all_edge)},
        "terms": terms,
        "terms_checksum": checksum,
    }


def covariance_json(covariance: SeatCovariance) -> dict:
    """The simulated covariance of two seats of one round (antes squared) beside the exact
    figures, with its standard error and how many rounds were dealt for it."""
    return {"seat_covariance": f"{covariance.value:.6f}",
            "seat_covariance_std_error": f"{covariance.std_error:.6f}",
            "seat_covariance_rounds": covariance.rounds}


def side_wager_json(sheet: SideWagerSheet, meter: Decimal, *, contribution_rate: Decimal,
                  reserve_rate: Decimal, seed: Decimal) -> dict:
    """What ``/progressives/{id}/analysis/`` answers: ``return`` is the expected payout
    per unit wagered at the meter (1 = break-even)."""
    break_even = sheet.break_even_meter
    even = None if break_even is None else decimal_of(break_even, CENT, ROUND_CEILING)
    return {
        "meter": f"{meter:.2f}",
        "return": decimal_of(sheet.return_at(meter)),
        "break_even_meter": even,
        "intercept": decimal_of(sheet.intercept),
        "slope_per_10000": decimal_of(sheet.slope * 10000),
        "wager": f"{sheet.wager:.2f}",
        "awards": [{"category": a.category, "combinations": a.combinations,
                    "probability": decimal_of(a.probability),
                    "one_in": decimal_of(a.one_in, Decimal("0.01")),
                    "award": (f"{a.percent}% of the meter" if a.percent is not None
                              else f"{a.fixed:.2f}")} for a in sheet.awards],
        "house_share": None if sheet.house_share is None else decimal_of(sheet.house_share),
        "reserve_need": decimal_of(sheet.reserve_need),
        "contribution_rate": str(contribution_rate), "reserve_rate": str(reserve_rate),
        "seed": f"{seed:.2f}",
    }
