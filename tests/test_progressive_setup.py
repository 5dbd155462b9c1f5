"""Setting up a meter, as the pages and the API both do it: what progressive_create and
progressive_update refuse beyond their field checks, and which tables a meter may feed
(table_link_progressive): a table of another casino, another currency or another game is
refused by name, and nothing is stored."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from django.core.exceptions import ValidationError

from casino.house.models import Casino
from payouts.jackpots import services as progressives
from payouts.jackpots.models import Progressive
from tables.floor.services import casino_create, table_create, table_link_progressive

pytestmark = pytest.mark.django_db


def meter(supervisor, name="Harbor Meter", **options):
    return progressives.progressive_create(
        actor=supervisor, name=name, seed=D("5000.00"), contribution_rate=D("0.25"),
        **{"currency": "USD", **options})


def refused_with(call) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as refused:
        call()
    return refused.value.message_dict


def test_a_casinos_meter_is_kept_in_the_casinos_currency(supervisor, us_casino):
    problems = refused_with(lambda: meter(supervisor, casino=us_casino, currency="GBP"))

    assert problems == {"currency": ["Test Harbor keeps its books in USD; a meter it keeps is "
                                     "in USD too, not GBP."]}
    assert not Progressive.objects.exists()


def test_two_meters_never_share_a_name(controller, progressive):
    problems = refused_with(lambda: meter(controller, name="Harbor Jackpot"))
    assert problems == {"name": ["There is already a progressive named 'Harbor Jackpot'; "
                                 "choose another name."]}

    other = meter(controller)
    problems = refused_with(lambda: progressives.progressive_update(
        actor=controller, progressive=other, name="Harbor Jackpot"))
    assert problems["name"][0].startswith("There is already a progressive named")


def test_an_update_is_refused_by_the_field_it_would_break(controller, progressive):
    """What the page tries (and undoes) before it asks: the update's own refusal."""
    problems = refused_with(lambda: progressives.progressive_update(
        actor=controller, progressive=progressive, limit=D("9000.00")))
    assert problems == {"limit": ["The limit 9000.00 is below the seed 10000.00."]}
    assert refused_with(lambda: progressives.progressive_update(
        actor=controller, progressive=progressive, amount=D(1))
    )["amount"][0].startswith("This would change")
    progressive.refresh_from_db()
    assert (progressive.limit, progressive.amount) == (None, D("10000.00"))


@pytest.fixture
def mayfair(supervisor):
    return casino_create(actor=supervisor, name="Mayfair", currency="GBP",
                         timezone="Europe/London")


def test_a_table_of_another_casino_another_currency_or_game_is_refused_by_name(
        supervisor, controller, us_casino, mayfair, live_table):
    harbor_meter = meter(supervisor, casino=us_casino)
    second = casino_create(actor=supervisor, name="Harbor Two", currency="USD",
                           timezone="America/New_York")
    there = table_create(actor=supervisor, casino=second, label="CS-9", game="caribbean_stud")
    pounds = table_create(actor=supervisor, casino=mayfair, label="CSP-1",
                          game="caribbean_stud")
    poker = table_create(actor=supervisor, casino=us_casino, label="HE-1", game="holdem")

    cases = [
        (there, harbor_meter, {"progressive": ["Harbor Meter is kept by Test Harbor; CS-9 is at "
                                               "Harbor Two."]}),
        (pounds, meter(controller, name="Group Meter"),
         {"progressive": ["Group Meter is kept in USD; CSP-1 plays in GBP."]}),
        (poker, harbor_meter, {"table": ["HE-1 is a Texas hold'em table; a progressive is fed "
                                         "by stud tables' side wagers."]}),
    ]
    for table, chosen, problems in cases:
        assert refused_with(lambda t=table, c=chosen: table_link_progressive(
            actor=supervisor, table=t, progressive=c)) == problems
        table.refresh_from_db()
        assert table.progressive_id is None

    linked = table_link_progressive(actor=supervisor, table=live_table,
                                    progressive=harbor_meter)
    assert linked.progressive == harbor_meter


def test_a_wide_area_meter_feeds_tables_of_several_casinos_in_its_currency(supervisor,
                                                                              controller,
                                                                              live_table):
    wide = meter(controller, name="Wide Area")
    second = Casino.objects.create(name="Harbor Two", currency="USD",
                                   timezone="America/Chicago")
    there = table_create(actor=supervisor, casino=second, label="CS-9", game="caribbean_stud")

    for table in (live_table, there):
        assert table_link_progressive(actor=supervisor, table=table,
                                      progressive=wide).progressive == wide
