"""Upgrading a database with records in it: from the migrations main had before the
rake schedules moved to payouts (and before seats kept their side wager) to
today's, the records survive, their links hold, the triggers still guard them, and the
schema is the one a fresh database gets.

django-test-migrations rebuilds the test database at the old migrations, the test fills
it through the models as they were then, and migrates it forward.
"""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.migrations.loader import MigrationLoader

# Migrating is the owner's job (the application role can create no table).
pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("connected_as_owner")]

D = Decimal
BEFORE = [("tables", "0005_time_collection_void"),
          ("payouts", "0004_remove_progressive_update_update_and_more")]
NOW = dt.datetime(2026, 11, 30, 20, 0, tzinfo=dt.UTC)

SCHEMA_QUERIES = {
    "columns": """SELECT table_name, column_name, data_type, is_nullable, column_default
                  FROM information_schema.columns WHERE table_schema = 'public'""",
    "constraints": """SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid)
                      FROM pg_constraint WHERE connamespace = 'public'::regnamespace""",
    "indexes": "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'",
    "triggers": """SELECT tgrelid::regclass::text, tgname, pg_get_triggerdef(oid)
                   FROM pg_trigger WHERE NOT tgisinternal""",
    "functions": """SELECT proname, prosrc FROM pg_proc
                    WHERE pronamespace = 'public'::regnamespace""",
}


def schema() -> dict[str, list[tuple]]:
    with connection.cursor() as cursor:
        shape = {}
        for name, query in SCHEMA_QUERIES.items():
            cursor.execute(query)
            shape[name] = sorted(cursor.fetchall(), key=repr)
    return shape


def fill_old_database(apps) -> dict[str, int]:
    """A casino as main recorded it: a poker table raked by a published schedule with a
    draft successor, a hand, and a stud round with a jackpot side wager."""
    user = apps.get_model("auth", "User").objects.create(username="old_boss")
    casino = apps.get_model("tables", "Casino").objects.create(
        name="Old Harbor", currency="USD", timezone="America/New_York")
    Schedule = apps.get_model("tables", "RakeSchedule")
    published = Schedule.objects.create(name="Ten", percent=D(10), cap=D(5), created_by=user)
    Schedule.objects.filter(pk=published.pk).update(family=published)
    Schedule.objects.filter(pk=published.pk).update(status="published", published_at=NOW)
    draft = Schedule.objects.create(name="Ten", percent=D(10), cap=D(4), version=2,
                                    family_id=published.pk, created_by=user)
    Table = apps.get_model("tables", "Table")
    poker = Table.objects.create(casino=casino, label="HE-1", game="holdem", status="open",
                                 seats=9, rake_schedule=published, structure="no_limit",
                                 big_blind=D(2), poker_settings_version=1)
    hand = apps.get_model("tables", "PokerHand").objects.create(
        table=poker, dealer=user, recorded_at=NOW, gaming_day=NOW.date(), mode="quick",
        game="holdem", rake_schedule=published, settings_version=1, stakes={}, flop_dealt=True,
        pot=D(85), rake=D(5))
    paytable = apps.get_model("payouts", "Paytable").objects.create(
        name="US", variant="us", odds={"one_pair": 1}, max_payout=D(5000), min_ante=D(5),
        max_ante=D(100), created_by=user, status="published")
    meter = apps.get_model("payouts", "Progressive").objects.create(
        name="Old jackpot", currency="USD", seed=D(1000), amount=D("1000.70"),
        contribution_rate=D("0.7"), awards={"royal_flush": {"percent": "100"}})
    stud = Table.objects.create(casino=casino, label="CS-1", game="caribbean_stud",
                                status="open", seats=7, paytable=paytable, progressive=meter)
    round_ = apps.get_model("tables", "StudRound").objects.create(
        table=stud, paytable=paytable, dealer=user, recorded_at=NOW, gaming_day=NOW.date(),
        dealer_cards=["As", "Kd", "7c", "4h", "2s"], idempotency_key="tablet-1")
    apps.get_model("tables", "StudSeat").objects.create(
        round=round_, seat=1, ante=D(10), decision="fold", progressive=True, side_wager="stands",
        outcome="fold", ante_result=D(-10), bet_result=D(0))
    apps.get_model("payouts", "MeterEntry").objects.create(
        progressive=meter, kind="contribution", amount=D("0.70"), balance_after=D("1000.70"),
        wagers=D(1), round=round_)
    return {"published": published.pk, "draft": draft.pk, "poker": poker.pk, "hand": hand.pk,
            "round": round_.pk}


def test_an_old_database_upgrades_with_its_records_and_ends_as_a_fresh_one(migrator):
    fresh = schema()
    old = migrator.apply_initial_migration(BEFORE)
    ids = fill_old_database(old.apps)
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM tables_rakescheduleevent")
        (events_before,) = cursor.fetchone()

    new = migrator.apply_tested_migration(MigrationLoader(connection).graph.leaf_nodes())

    Schedule = new.apps.get_model("payouts", "RakeSchedule")
    published = Schedule.objects.get(pk=ids["published"])
    assert (published.status, published.family_id, published.cap) == ("published",
                                                                       ids["published"], D(5))
    assert new.apps.get_model("tables", "Table").objects.get(
        pk=ids["poker"]).rake_schedule_id == ids["published"]
    assert new.apps.get_model("tables", "PokerHand").objects.get(
        pk=ids["hand"]).rake_schedule_id == ids["published"]
    events = new.apps.get_model("payouts", "RakeScheduleEvent").objects
    assert events.count() == events_before > 0
    seat = new.apps.get_model("tables", "StudSeat").objects.get(round_id=ids["round"])
    assert seat.progressive_wager == D("1.00")  # backfilled from the contribution entry

    # The triggers came back under the new app: a published schedule stays frozen, a
    # draft's edit is audited in the moved event table.
    with pytest.raises(DatabaseError, match="Cannot update rows"), transaction.atomic():
        Schedule.objects.filter(pk=ids["published"]).update(cap=D(9))
    Schedule.objects.filter(pk=ids["draft"]).update(cap=D(3))
    assert events.filter(pgh_obj_id=ids["draft"], pgh_label="update").count() == 1
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass('tables_rakeschedule'), "
                       "to_regclass('tables_rakescheduleevent')")
        assert cursor.fetchone() == (None, None)

    migrator.reset()
    assert schema() == fresh
