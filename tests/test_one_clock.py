"""One clock: every time a person reads is on the clock of whoever owns what it
concerns (a casino's terms, meter and books on the casino's; the group's on the
group's, TIME_ZONE), and the page says which."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal as D

import pytest

from payouts.terms import services as terms
from tests.played import at

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode()


def test_a_casinos_paytable_and_its_history_are_on_the_casinos_clock(
        client, supervisor, us_casino, travel):
    travel(at(2026, 12, 3, 20, 30))  # 01:30 the next morning in UTC
    paytable = terms.paytable_publish(actor=supervisor, paytable=terms.paytable_create(
        actor=supervisor, name="Harbor US", variant="us", currency="USD", casino=us_casino))
    client.force_login(supervisor)

    page = text(client.get(f"/pit/paytables/{paytable.pk}/"))

    assert "Published 2026-12-03 20:30 (America/New_York)." in page
    assert "<th scope=\"col\">When (America/New_York)</th>" in page


def test_the_groups_paytable_is_on_the_groups_clock(client, supervisor, us_paytable):
    client.force_login(supervisor)
    page = text(client.get(f"/pit/paytables/{us_paytable.pk}/"))
    assert "(UTC)." in page
    assert "When (UTC)" in page
    assert "the two disagree" not in page  # published now: both clocks read the same


def test_a_publishing_backdated_against_its_history_is_said(client, supervisor, us_casino,
                                                            travel):
    """The service's clock set back (as the demo sets it to record its weeks of history):
    the history's time is the database's own, so the page names the difference."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT now()")
        written = cursor.fetchone()[0]
    travel(at(2026, 11, 11, 9, 0))
    paytable = terms.paytable_publish(actor=supervisor, paytable=terms.paytable_create(
        actor=supervisor, name="Harbor US", variant="us", currency="USD", casino=us_casino))
    client.force_login(supervisor)

    page = " ".join(text(client.get(f"/pit/paytables/{paytable.pk}/")).split())

    zone = us_casino.zone
    assert (f"Published 2026-11-11 09:00 (America/New_York). Its history shows the "
            f"publishing written {written.astimezone(zone):%Y-%m-%d} ") in page
    assert "which the service cannot set, and the two disagree" in page


def test_a_casinos_meter_names_the_clock_of_its_hits(client, supervisor, us_casino):
    from payouts.jackpots.services import progressive_create

    meter = progressive_create(actor=supervisor, name="Harbor", currency="USD",
                               seed=D("1000.00"), contribution_rate=D("0.5"), casino=us_casino)
    client.force_login(supervisor)
    page = text(client.get(f"/pit/progressives/{meter.pk}/"))
    assert "<th>Date and time (America/New_York)</th>" in page
    assert "When (America/New_York)" in page


def test_a_closed_day_says_when_it_closed_on_its_books_clock(client, accountant, us_casino):
    from tables.reports.models import ClosedDay

    ClosedDay.objects.create(casino=us_casino, gaming_day=dt.date(2026, 12, 2),
                             closed_at=at(2026, 12, 3, 6, 15), checksum="0" * 64)
    client.force_login(accountant)
    page = text(client.get("/accounting/closed-days/"))
    assert "<td>2026-12-03 06:15 (America/New_York)</td>" in page
