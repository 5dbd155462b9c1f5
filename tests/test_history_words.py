"""History reads in words (casino.common.trail.entries): fields by their verbose names,
choices by their labels, related rows by name, amounts as money, times on the casino's
clock, the zone named; related rows looked up once per model, among those the viewer may
see."""

import zoneinfo
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.utils import timezone
from pghistory.models import Events

from casino.house import trail
from payouts.terms import services as terms
from tables.floor.models import Table
from tables.floor.services import casino_create, table_create, table_set_poker_settings
from tests.conftest import make_user

pytestmark = pytest.mark.django_db
NEW_YORK = zoneinfo.ZoneInfo("America/New_York")


def schedule(actor, name, **fields):
    """The group's published schedule (``actor``: a group supervisor)."""
    draft = terms.schedule_create(actor=actor, name=name, **fields)
    return terms.schedule_publish(actor=actor, schedule=draft)


@pytest.fixture
def card_room(supervisor, us_casino, controller):
    """HE-1, fixed limit under one schedule, then moved to time collection."""
    ten = schedule(controller, "Ten capped at five", percent=Decimal(10), cap=Decimal(5))
    time = schedule(controller, "Time collection", method="time", percent=Decimal(0),
                    time_fee=Decimal(6))
    table = table_create(actor=supervisor, casino=us_casino, label="HE-1", game="holdem",
                         seats=9)
    table_set_poker_settings(actor=supervisor, table=table, rake_schedule=ten,
                             structure="fixed_limit", small_bet=Decimal(20),
                             big_bet=Decimal(40), small_blind=Decimal(10),
                             big_blind=Decimal(20), reopen_rule="full_bet")
    table_set_poker_settings(actor=supervisor, table=Table.objects.get(pk=table.pk),
                             rake_schedule=time,
                             small_bet=Decimal(2500), big_bet=Decimal(5000),
                             heads_up_uncapped=True)
    return Table.objects.get(pk=table.pk)


def changes_of(table, viewer):
    rows = trail.entries(Events.objects.tracks(table).order_by("pgh_id"), zone=NEW_YORK,
                         viewer=viewer)
    return [line for row in rows for line in row["changes"]]


def test_fields_read_by_their_names_and_choices_by_their_labels(card_room, supervisor):
    lines = changes_of(card_room, supervisor)

    assert "Reopening rule: none → Full bet rule" in lines
    assert "Structure: none → Fixed limit" in lines
    assert "No raise cap heads-up: no → yes" in lines
    assert not [line for line in lines if "_" in line or "reopen_rule" in line]


def test_related_rows_read_by_name_and_version(card_room, supervisor):
    lines = changes_of(card_room, supervisor)

    assert "Rake schedule: none → Ten capped at five v1" in lines
    assert "Rake schedule: Ten capped at five v1 → Time collection v1" in lines


def test_amounts_read_as_money(card_room, supervisor):
    lines = changes_of(card_room, supervisor)

    assert "Big bet: 40.00 → 5,000.00" in lines
    assert "Small bet: 20.00 → 2,500.00" in lines


def test_a_paytables_maximum_payout_and_odds_read_in_words(supervisor, controller):
    paytable = terms.paytable_create(actor=controller, name="House US", variant="us")
    terms.paytable_update(actor=controller, paytable=paytable, max_payout=Decimal(10000),
                          odds={**paytable.odds, "flush": 6})

    rows = trail.entries(Events.objects.tracks(paytable).order_by("-pgh_id")[:1],
                         zone=NEW_YORK, viewer=supervisor)

    assert rows[0]["changes"] == ["Odds, flush: 5 → 6",
                                  "Maximum payout: 5,000.00 → 10,000.00"]
    assert rows[0]["who"] == controller.username


def test_times_are_on_the_casinos_clock(card_room, supervisor):
    event = Events.objects.tracks(card_room).order_by("pgh_id").last()
    row = trail.entries([event], zone=card_room.casino.zone, viewer=supervisor)[0]

    assert row["at"].utcoffset() == event.pgh_created_at.astimezone(NEW_YORK).utcoffset()
    assert row["at"].utcoffset().total_seconds() < 0  # New York is behind UTC all year


def test_the_table_history_page_names_the_casinos_zone_and_its_dealers(client, supervisor,
                                                                        stud_table, dealer):
    client.force_login(supervisor)

    page = client.get(f"/pit/tables/{stud_table.pk}/history/").content.decode()

    created = Events.objects.tracks(stud_table).order_by("pgh_id").first().pgh_created_at
    assert "When (America/New_York)" in page
    assert created.astimezone(NEW_YORK).strftime("%Y-%m-%d %H:%M:%S") in page
    assert f"Dealer: {dealer.username} assigned" in page
    assert page.count("table created") == 2  # the table and its dealer, each once


def test_terms_read_on_the_supervisors_clock_or_say_utc(supervisor, us_casino):
    london = make_user("lou_london", "supervisor", at=[])
    assert trail.zone_of(supervisor) == NEW_YORK
    assert trail.zone_of(london) == zoneinfo.ZoneInfo("UTC")  # no casino: the group's clock
    casino_create(actor=supervisor, name="Albany", currency="USD", timezone="America/New_York")
    assert trail.zone_of(supervisor) == NEW_YORK  # two casinos, one clock
    casino_create(actor=supervisor, name="Zanzibar", currency="GBP", timezone="Europe/London")
    assert trail.zone_of(supervisor) == zoneinfo.ZoneInfo("UTC")  # two clocks: the group's


def test_a_schedule_page_says_which_clock_its_history_is_on(client, supervisor, us_casino,
                                                           controller):
    ten = schedule(controller, "Ten capped at five", percent=Decimal(10), cap=Decimal(5))
    client.force_login(supervisor)

    page = client.get(f"/pit/rake-schedules/{ten.pk}/").content.decode()

    # The group's schedule: on the group's clock for every reader (issue 28, one clock).
    assert "When (UTC)" in page
    assert "Status: Draft → Published" in page
    assert "Published by: none → gina_controller" in page


def test_another_casinos_name_is_not_shown(supervisor, us_casino):
    theirs = casino_create(actor=supervisor, name="Rival Palace", currency="USD",
                           timezone="America/Chicago")
    confined = make_user("carl_confined", "supervisor", at=[us_casino])
    moved = SimpleNamespace(pgh_model="floor.TableEvent", pgh_label="update",
                            pgh_context={"user": supervisor.pk, "reason": "test"},
                            pgh_created_at=timezone.now(), pgh_data={},
                            pgh_diff={"casino_id": [us_casino.pk, theirs.pk]})

    row = trail.entries([moved], zone=NEW_YORK, viewer=confined)[0]

    assert row["changes"] == [f"Casino: Test Harbor → number {theirs.pk}"]


def test_names_are_looked_up_once_per_model_however_long_the_history(
        card_room, supervisor, django_assert_max_num_queries):
    for cap in range(6, 16):
        table = Table.objects.get(pk=card_room.pk)
        table_set_poker_settings(actor=supervisor, table=table, big_bet=Decimal(40 + cap),
                                 small_bet=Decimal(20))
    events = list(Events.objects.tracks(card_room))
    assert len(events) > 12

    # Users (who, and nothing else here) and rake schedules: one query each.
    with django_assert_max_num_queries(2):
        rows = trail.entries(events, zone=NEW_YORK, viewer=supervisor)
    assert len(rows) == len(events)
