"""The one rounding path (tables.rules.money): every mode named, none by default."""

from decimal import Decimal

import pytest

from tables.rules.money import has_exact_cents, round_to_step, unit

D = Decimal


@pytest.mark.parametrize(("amount", "step", "rounding", "expected"), [
    ("2.345", "0.01", "half_up", "2.35"),   # banker's rounding would give 2.34
    ("2.345", "0.01", "down", "2.34"),
    ("2.341", "0.01", "up", "2.35"),
    ("100000.3", "1", "down", "100000"),
    ("8.74", "0.50", "down", "8.50"),       # a rake increment, not a power of ten
    ("1E+3", "0.01", "down", "1000.00"),    # always in the step's exponent, never 1E+3
])
def test_round_to_step(amount, step, rounding, expected):
    result = round_to_step(D(amount), D(step), rounding=rounding)
    assert str(result) == expected


def test_money_knows_the_currency_unit():
    assert unit("JPY") == D(1)
    assert unit("USD") == D("0.01")
    assert round_to_step(D("100000.30"), unit("JPY"), rounding="down") == D(100000)
    assert has_exact_cents(D(10), "JPY")
    assert not has_exact_cents(D("10.50"), "JPY")
