"""Comps in words: what a host or supervisor reads when a comp is refused or waits."""

from __future__ import annotations

from decimal import Decimal

from casino.common.amounts import in_currency


def over_balance(name: str, casino: str, balance: Decimal, amount: Decimal,
                 currency: str) -> str:
    return (f"{name} has {in_currency(balance, currency)} of comps at {casino}: "
            f"{in_currency(amount, currency)} is more than that.")


def waits(amount: Decimal, limit: Decimal, currency: str) -> str:
    return (f"{in_currency(amount, currency)} takes your comps to this player today over "
            f"your limit of {in_currency(limit, currency)} a player a gaming day: it waits "
            "for a supervisor's approval.")


def given(name: str, amount: Decimal, kind: str, currency: str) -> str:
    return f"{in_currency(amount, currency)} of {kind.lower()} given to {name}."


def not_in_units(amount: Decimal, currency: str) -> str:
    return f"{amount} is not an amount in {currency}: give whole cents, like 12.50."


STATE_WORDS = {"given": "Given", "waiting": "Waiting for a supervisor",
               "declined": "Declined"}
