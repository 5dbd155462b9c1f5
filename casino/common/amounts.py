"""How an amount comes in, wherever it comes from: a plain decimal ("12.50", "10",
"-1.00") and nothing else (not "1E+2", not other digits than 0-9, not a float).

One reading (``tables.rules.money.parse_plain_decimal`` / ``read_amount``) with three
adapters: for services (``amount_of``, a refusal that names the field), for the API
(``DecimalStringField``, ``MoneyField``) and for page forms (``PlainDecimalFormField``);
and the one model field amounts are stored in (``money_field``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from rest_framework import serializers

from tables.rules.money import MoneyError, parse_plain_decimal, read_amount


def money_field(**kwargs) -> models.DecimalField:
    """A model's amount: up to 999,999,999,999.99 in the currency of the casino that owns
    the row (STYLE: DecimalField(14, 2))."""
    return models.DecimalField(max_digits=14, decimal_places=2, **kwargs)


def amount_of(value: Any, field: str, *, negative: bool = False) -> Decimal | None:
    """A service's amount: None when empty, else a Decimal; anything else is refused by
    the field's name (and a negative amount unless ``negative``)."""
    if value is None or value == "":
        return None
    try:
        amount = read_amount(value)
    except MoneyError as refused:
        raise ValidationError({field: str(refused)}) from None
    if amount < 0 and not negative:
        raise ValidationError({field: f"{value} is below zero: an amount here is 0 or more."})
    return amount


class DecimalStringField(serializers.DecimalField):
    """A decimal written as a plain string: "12.50", "-1.00", "0.70". JSON numbers,
    exponents ("1E+2") and digits other than 0-9 (Arabic-Indic ten) are refused by name."""

    default_error_messages = {
        "plain": 'Give a plain decimal string such as "12.50"; {input!r} is not one.'}

    def to_internal_value(self, data):
        try:
            parse_plain_decimal(data)
        except MoneyError:
            self.fail("plain", input=data)
        return super().to_internal_value(data.strip())


class MoneyField(DecimalStringField):
    """An amount in the casino's currency: a decimal string with two places at most."""

    def __init__(self, **kwargs):
        super().__init__(max_digits=14, decimal_places=2, **kwargs)


class PlainDecimalFormField(forms.DecimalField):
    """A form's amount: a plain decimal such as 12.50 (not 1E+2, nor other digits than
    0-9), as in the API."""

    def to_python(self, value):
        if value not in self.empty_values:
            try:
                parse_plain_decimal(str(value))
            except MoneyError:
                raise ValidationError(f"'{value}' is not an amount: write it like 12.50.",
                                      code="invalid") from None
        return super().to_python(value)


class PercentFormField(PlainDecimalFormField):
    """A share as staff say it, a percent (70, or 12.5), handed on as the fraction the
    services keep (0.70). One refusal for a value out of range, in those words (Django's
    range and digits checks would each say theirs)."""

    def __init__(self, *, places: int, **kwargs):
        # ``places``: the fraction's decimal places, two of them before the percent's point.
        super().__init__(max_digits=places + 1, decimal_places=places - 2, **kwargs)

    def validate(self, value):
        super().validate(value)
        if value is not None and not Decimal(0) <= value <= Decimal(100):
            raise ValidationError(f"{value} is not a percent from 0 to 100.", code="range")

    def clean(self, value):
        percent = super().clean(value)
        return None if percent is None else percent / 100


def as_percent(fraction: Decimal | None) -> str:
    """0.70000 -> '70', 0.125 -> '12.5': a stored fraction as a form shows it again."""
    return "" if fraction is None else f"{(fraction * 100).normalize():f}"


CURRENCY_SIGNS = {"USD": "$", "GBP": "£", "EUR": "€", "CAD": "CA$", "AUD": "A$"}


def in_currency(amount: Decimal, currency: str) -> str:
    """An amount as staff read it: '$10,002.80', '£1,250.00', 'CHF 12.00'."""
    sign = CURRENCY_SIGNS.get(currency)
    figure = f"{abs(amount):,.2f}"
    minus = "-" if amount < 0 else ""
    return f"{minus}{sign}{figure}" if sign else f"{minus}{currency} {figure}"
