import datetime as dt
from decimal import Decimal

import pytest

from casino.house.models import Casino
from tables.rules.money import MoneyError, has_exact_cents, read_amount, round_to_step, unit

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


def test_money_is_rounded_to_the_currency_unit_by_the_named_mode():
    assert round_to_step(Decimal("10.019"), unit("USD"), rounding="down") == Decimal("10.01")
    assert round_to_step(Decimal("1000.9"), unit("JPY"), rounding="down") == Decimal("1000")
    assert round_to_step(Decimal("2.345"), unit("GBP"), rounding="half_up") == Decimal("2.35")


def test_money_refuses_what_is_not_an_amount():
    with pytest.raises(MoneyError, match="'ten' is not an amount"):
        read_amount("ten")
    with pytest.raises(MoneyError, match="unknown currency 'XXX'"):
        unit("XXX")
    with pytest.raises(MoneyError):
        read_amount("NaN")


def test_exact_cents_are_recognised():
    assert has_exact_cents(Decimal("10.50"), "USD")
    assert not has_exact_cents(Decimal("10.505"), "USD")


def test_the_day_start_default_passes_djangos_check_at_six_in_the_morning(time_machine):
    """A fixed time as default made `check --deploy` warn (fields.W161) when run within
    ten seconds of 06:00 UTC: CI failed once that way."""
    time_machine.move_to(dt.datetime(2026, 12, 2, 6, 0, 3, tzinfo=dt.UTC), tick=False)

    assert Casino._meta.get_field("gaming_day_start").check() == []
    assert Casino().gaming_day_start == dt.time(6, 0)
