"""Upgrading a database with records in it. One walk from the oldest migrations a test
needs to today's: at each older migration below, records are written as that release kept
them (tests/old_records.py); then the database is migrated forward, step by step, to
today's. Each test checks what its migration promised on the upgraded database: the
records survive, their links hold, the triggers still guard them, the seals still vouch
for them, and the schema is the one a fresh database gets.

One walk, not one per test: a walk migrates from nothing (half a minute), and records
written at several releases are what a real upgrade meets.
"""

from __future__ import annotations

import contextlib
import importlib
from decimal import Decimal as D
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from tests import old_records
from tests.db_roles import ROLES, connected_as

# Each test runs in a transaction rolled back after it (its own writes go); the walk's
# records stay for the next.
# The walk is the module's: its tests stay on one worker (bin/test, --dist loadgroup).
pytestmark = [pytest.mark.slow, pytest.mark.django_db, pytest.mark.xdist_group("migrations")]

# (the migrations the records are written at, their builder), in the fresh plan's order.
STEPS = [
    ([("tables", "0005_time_collection_void"),
      ("payouts", "0004_remove_progressive_update_update_and_more")],
     old_records.rake_and_side_wagers),
    ([("payouts", "0018_field_names_in_words")], old_records.analyses_before_the_covariance),
    ([("payouts", "0020_meter_correction_bound")], old_records.w2g_in_clear),
    ([("tables", "0024_entries_add_up_and_seals_by_the_database")],
     old_records.account_before_its_trail),
    ([("tables", "0029_count_variance_share_of_the_drop")], old_records.slip_before_its_runner),
    ([("payouts", "0023_names_in_words")], old_records.hits_approved_the_old_way),
]
# The seals (casino 0005) stood beside the releases from tables 0024 on: the fresh plan
# may put them later (it runs the roles' migrations before the moves of decision 0001).
SEALS = ("casino", "0005_seals_and_anchors")
WITH_SEALS = {"account_before_its_trail", "slip_before_its_runner",
              "hits_approved_the_old_way"}
requeue = importlib.import_module(
    "payouts.migrations.0019_analyses_without_the_seat_covariance_queued_again")

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


def released_with(targets, also=(), before=frozenset()) -> tuple[list, frozenset]:
    """The database as it stood when the targets were the newest: what stood at the step
    before, and every migration the targets (and ``also``) need, as each app's last one;
    and that set, for the next step. Forward only, whatever order the fresh plan takes
    (the moves of decision 0001 made it run the roles' migrations late)."""
    graph = MigrationExecutor(connection).loader.graph
    stood = set(before)
    for target in [*targets, *also]:
        stood.update(graph.forwards_plan(target))
    last: dict[str, tuple[str, str]] = {}
    for app, name in sorted(stood):
        last[app] = (app, name)  # each app's migrations are numbered in order
    return list(last.values()), frozenset(stood)


def _first_release(targets) -> frozenset:
    """What apply_initial_migration leaves: the fresh plan up to the targets."""
    from django_test_migrations.plan import truncate_plan

    executor = MigrationExecutor(connection)
    plan = truncate_plan(targets, executor.migration_plan(
        executor.loader.graph.leaf_nodes(), clean_start=True))
    return frozenset((migration.app_label, migration.name) for migration, _ in plan)


def schema() -> dict[str, list[tuple]]:
    with connection.cursor() as cursor:
        shape = {}
        for name, query in SCHEMA_QUERIES.items():
            cursor.execute(query)
            shape[name] = sorted(cursor.fetchall(), key=repr)
    return shape


@pytest.fixture(scope="module")
def upgraded(django_db_setup, django_db_blocker):
    """The walk (as the owner: migrating is his job). Its records stay for the module's
    tests; then the database is emptied and its roles and grants made again, as after a
    transactional test."""
    from django_test_migrations.migrator import Migrator

    owner = connected_as("owner") if "owner" in ROLES else contextlib.nullcontext()
    with django_db_blocker.unblock(), owner:
        fresh = schema()
        migrator = Migrator()
        written = {}
        stood = frozenset()
        for number, (targets, write) in enumerate(STEPS):
            if number == 0:
                state, stood = migrator.apply_initial_migration(targets), _first_release(targets)
            else:
                release, stood = released_with(
                    targets, [SEALS] if write.__name__ in WITH_SEALS else [], stood)
                state = migrator.apply_tested_migration(release)
            written[write.__name__] = write(state.apps)
        migrator.reset()  # `migrate` to today's, as an upgrade runs it (post_migrate too)
        today = MigrationLoader(connection).project_state()
        yield SimpleNamespace(fresh=fresh, apps=today.apps, **written)
        call_command("flush", interactive=False, verbosity=0)


def test_an_old_database_upgrades_with_its_records_and_ends_as_a_fresh_one(upgraded):
    ids, apps = upgraded.rake_and_side_wagers, upgraded.apps
    Schedule = apps.get_model("terms", "RakeSchedule")
    published = Schedule.objects.get(pk=ids["published"])
    assert (published.status, published.family_id, published.cap) == ("published",
                                                                       ids["published"], D(5))
    assert apps.get_model("floor", "Table").objects.get(
        pk=ids["poker"]).rake_schedule_id == ids["published"]
    assert apps.get_model("poker", "PokerHand").objects.get(
        pk=ids["hand"]).rake_schedule_id == ids["published"]
    events = apps.get_model("terms", "RakeScheduleEvent").objects
    assert events.count() == ids["schedule_events"] > 0
    seat = apps.get_model("stud", "StudSeat").objects.get(round_id=ids["round"])
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
    assert schema() == upgraded.fresh


def test_the_migration_queues_only_done_figures_without_the_covariance(upgraded):
    """payouts 0019: figures computed before the seats' covariance are queued again."""
    made = upgraded.analyses_before_the_covariance
    after = {a.ante_key: a for a in upgraded.apps.get_model("analysis", "ParAnalysis")
             .objects.filter(paytable_id=made["paytable"])}
    assert {key: a.status for key, a in after.items()} == {
        "uncapped": "queued", "50.00": "done", "60.00": "failed", "70.00": "running"}
    assert after["uncapped"].requested_at == requeue.LONG_AGO
    assert after["uncapped"].pk == made["uncapped"]
    assert after["50.00"].requested_at > requeue.LONG_AGO


def test_the_migration_encrypts_the_tins_already_stored(upgraded):
    """payouts 0021 (issue 26, point 17): a TIN stored in clear is a token under the
    service's key, and the row keeps no TIN in clear."""
    from payouts.jackpots import fieldcrypt

    pk = upgraded.w2g_in_clear["player"]
    player = upgraded.apps.get_model("jackpots", "W2GPlayer").objects.get(pk=pk)
    assert player.tin_token.startswith(fieldcrypt.TOKEN_PREFIX)
    assert (fieldcrypt.decrypted(player.tin_token), player.tin_last4) == ("234567891", "7891")
    with connection.cursor() as cursor:
        cursor.execute("SELECT row_to_json(p)::text FROM payouts_w2gplayer p WHERE id = %s",
                       [pk])
        assert "234567891" not in cursor.fetchone()[0]


def test_what_stands_joins_the_trail_and_the_old_account_events_stay_sealed(upgraded):
    """tables 0025 (issue 26): the roles, permissions and flags that already stand are
    written down once, and the account events sealed before keep their seals."""
    from casino.common import chains, seals

    ids, apps = upgraded.account_before_its_trail, upgraded.apps
    assert ids["sealed"] == 1  # the account's first event, sealed before the upgrade
    events = apps.get_model("house", "StaffAccountEvent").objects.filter(pgh_obj_id=ids["root"])
    assert [(e.pgh_label, e.is_superuser, e.is_staff) for e in events.order_by("pgh_id")] == [
        ("account opened", None, None), ("account flags recorded", True, True)]
    held = apps.get_model("house", "RoleGrantEvent").objects.get(user_id=ids["root"])
    assert held.pgh_label == "role held"
    given = apps.get_model("house", "PermissionGrantEvent").objects.get(user_id=ids["root"])
    assert (given.pgh_label, given.permission_id) == ("permission held", ids["permission"])
    seals.seal_pending()
    assert [chains.sentence(each) for each in chains.breaks()] == []


def test_an_approval_kept_only_on_the_hit_moves_to_its_record(upgraded):
    """payouts 0024: a jackpot approval kept only on the hit moves to its HitApproval, and
    the hit's audit events keep what they held, so their seals still vouch for them."""
    ids = upgraded.hits_approved_the_old_way
    approvals = upgraded.apps.get_model("jackpots", "HitApproval").objects.filter(
        hit_id__in=[ids["alone"], ids["witnessed"]])
    moved, kept = approvals.get(hit_id=ids["alone"]), approvals.get(hit_id=ids["witnessed"])
    assert (moved.approved_by_id, moved.approved_at, moved.witnessed_by_id) == (
        ids["boss"], old_records.WHEN, None)
    assert (approvals.count(), kept.witnessed_by_id is None) == (2, False)
    with connection.cursor() as cursor:  # the events as they were sealed
        cursor.execute("SELECT count(*) FROM payouts_jackpothitevent WHERE approved_by_id = %s",
                       [ids["boss"]])
        assert cursor.fetchone()[0] == 2


def test_a_slip_issued_before_runners_were_named_keeps_its_seal(upgraded):
    """tables 0030: the runner is null on the slips already issued, and a seal leaves
    nulls out of what it vouches for, so their seals still verify."""
    from casino.common import chains, seals

    ids = upgraded.slip_before_its_runner
    assert ids["sealed"] == 1
    slip = upgraded.apps.get_model("chips", "ChipSlip").objects.get(pk=ids["slip"])
    assert slip.carried_by is None
    seals.seal_pending()
    assert [chains.sentence(each) for each in chains.breaks()] == []
