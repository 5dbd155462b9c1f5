"""Currencies and the one rounding helper every amount goes through."""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, InvalidOperation

# ISO 4217 codes a casino may keep its books in, with their minor-unit digits.
CURRENCY_DIGITS: dict[str, int] = {
    "USD": 2, "GBP": 2, "EUR": 2, "CAD": 2, "AUD": 2, "NZD": 2, "CHF": 2, "SGD": 2,
    "HKD": 2, "MOP": 2, "ZAR": 2, "SEK": 2, "NOK": 2, "DKK": 2, "CZK": 2, "PLN": 2,
    "MXN": 2, "PHP": 2, "MYR": 2, "INR": 2, "JPY": 0, "KRW": 0,
}

CURRENCY_NAMES: dict[str, str] = {
    "USD": "US dollar", "GBP": "Pound sterling", "EUR": "Euro", "CAD": "Canadian dollar",
    "AUD": "Australian dollar", "NZD": "New Zealand dollar", "CHF": "Swiss franc",
    "SGD": "Singapore dollar", "HKD": "Hong Kong dollar", "MOP": "Macanese pataca",
    "ZAR": "South African rand", "SEK": "Swedish krona", "NOK": "Norwegian krone",
    "DKK": "Danish krone", "CZK": "Czech koruna", "PLN": "Polish zloty",
    "MXN": "Mexican peso", "PHP": "Philippine peso", "MYR": "Malaysian ringgit",
    "INR": "Indian rupee", "JPY": "Japanese yen", "KRW": "South Korean won",
}

ROUNDING_MODES = {"down": ROUND_DOWN, "half_up": ROUND_HALF_UP}


class MoneyError(ValueError):
    pass


def unit(currency: str) -> Decimal:
    """The smallest amount of the currency: Decimal('0.01') for USD."""
    try:
        digits = CURRENCY_DIGITS[currency]
    except KeyError:
        raise MoneyError(f"unknown currency {currency!r}") from None
    return Decimal(1).scaleb(-digits)


def to_money(value: Decimal | int | str, currency: str, *, rounding: str = "down") -> Decimal:
    """Quantize an amount to the currency's smallest unit.

    Payouts round *down* by default: a casino never pays a fraction of a cent it
    does not hold, and the remainder stays with whoever the ledger says.
    """
    try:
        amount = Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        raise MoneyError(f"{value!r} is not an amount") from None
    if not amount.is_finite():
        raise MoneyError(f"{value!r} is not an amount")
    return amount.quantize(unit(currency), rounding=ROUNDING_MODES[rounding])


def has_exact_cents(value: Decimal, currency: str) -> bool:
    """True when the amount needs no rounding in the currency (10.00 yes, 10.005 no)."""
    return value == value.quantize(unit(currency), rounding=ROUND_DOWN)
