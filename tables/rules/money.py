"""Currencies and the one rounding helper every amount goes through."""

from __future__ import annotations

import re
from decimal import ROUND_DOWN, ROUND_HALF_UP, ROUND_UP, Decimal

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

# Every rounding in the service names one of these; none relies on Decimal's default
# (banker's rounding, ROUND_HALF_EVEN).
ROUNDING_MODES = {"down": ROUND_DOWN, "half_up": ROUND_HALF_UP, "up": ROUND_UP}


# How amounts are written wherever they come in: ASCII digits, an optional sign and
# point. Decimal() itself also takes "1E+2", Arabic-Indic digits, "NaN" and "Infinity".
PLAIN_DECIMAL = re.compile(r"-?[0-9]+(?:\.[0-9]+)?", re.ASCII)


class MoneyError(ValueError):
    pass


def parse_plain_decimal(text: str) -> Decimal:
    """'12.50' -> Decimal('12.50'); anything but a plain decimal string is refused."""
    if not isinstance(text, str) or not PLAIN_DECIMAL.fullmatch(text.strip()):
        raise MoneyError(f"{text!r} is not an amount: write a plain decimal such as 12.50.")
    return Decimal(text.strip())


def read_amount(value: Decimal | int | str) -> Decimal:
    """An amount handed to the rules or a service: a finite Decimal, an int, or a plain
    decimal string. Floats are refused: they are not exact."""
    if isinstance(value, str):
        return parse_plain_decimal(value)
    if (isinstance(value, Decimal) and value.is_finite()) or \
            (isinstance(value, int) and not isinstance(value, bool)):
        return Decimal(value)
    raise MoneyError(f"{value!r} is not an amount.")


def unit(currency: str) -> Decimal:
    """The smallest amount of the currency: Decimal('0.01') for USD."""
    try:
        digits = CURRENCY_DIGITS[currency]
    except KeyError:
        raise MoneyError(f"unknown currency {currency!r}") from None
    return Decimal(1).scaleb(-digits)


def round_to_step(amount: Decimal, step: Decimal, *, rounding: str) -> Decimal:
    """The one rounding path: ``amount`` to a multiple of ``step`` (a currency's unit, a
    rake increment such as 0.50), by the named mode, in the step's exponent."""
    steps = (amount / step).to_integral_value(rounding=ROUNDING_MODES[rounding])
    return (steps * step).quantize(step)


def has_exact_cents(value: Decimal, currency: str) -> bool:
    """True when the amount needs no rounding in the currency (10.00 yes, 10.005 no;
    in yen 10 yes, 10.50 no)."""
    return value == round_to_step(value, unit(currency), rounding="down")
