import datetime as dt
from decimal import Decimal

import pytest

from tables.floor.models import Casino
from tables.rules.money import MoneyError, has_exact_cents, to_money

NY = dt.timezone(dt.timedelta(hours=-5))


@pytest.mark.parametrize(("local_time", "gaming_day"), [
    (dt.datetime(2026, 3, 2, 5, 59, tzinfo=NY), dt.date(2026, 3, 1)),
    (dt.datetime(2026, 3, 2, 6, 0, tzinfo=NY), dt.date(2026, 3, 2)),
    (dt.datetime(2026, 3, 2, 23, 59, tzinfo=NY), dt.date(2026, 3, 2)),
    (dt.datetime(2026, 3, 3, 10, 30, tzinfo=dt.UTC), dt.date(2026, 3, 2)),
])
def test_the_gaming_day_starts_at_the_casinos_hour(local_time, gaming_day):
    casino = Casino(name="x", currency="USD", timezone="America/New_York",
                    gaming_day_start=dt.time(6, 0))

    assert casino.gaming_day(local_time) == gaming_day


def test_money_is_quantized_down_to_the_currency_unit():
    assert to_money("10.019", "USD") == Decimal("10.01")
    assert to_money("1000.9", "JPY") == Decimal("1000")
    assert to_money("2.345", "GBP", rounding="half_up") == Decimal("2.35")


def test_money_refuses_what_is_not_an_amount():
    with pytest.raises(MoneyError, match="'ten' is not an amount"):
        to_money("ten", "USD")
    with pytest.raises(MoneyError, match="unknown currency 'XXX'"):
        to_money("1", "XXX")
    with pytest.raises(MoneyError):
        to_money("NaN", "USD")


def test_exact_cents_are_recognised():
    assert has_exact_cents(Decimal("10.50"), "USD")
    assert not has_exact_cents(Decimal("10.505"), "USD")


def test_the_day_start_default_passes_djangos_check_at_six_in_the_morning(time_machine):
    """A fixed time as default made `check --deploy` warn (fields.W161) when run within
    ten seconds of 06:00 UTC: CI failed once that way."""
    time_machine.move_to(dt.datetime(2026, 12, 2, 6, 0, 3, tzinfo=dt.UTC), tick=False)

    assert Casino._meta.get_field("gaming_day_start").check() == []
    assert Casino().gaming_day_start == dt.time(6, 0)
