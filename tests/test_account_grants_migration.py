"""Upgrading a database with accounts in it to the trail of their privileges (migration
tables 0025, issue 26): the roles, permissions and flags that already stand are written
down once, and the account events sealed before keep their seals."""

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

# Migrating is the owner's job (the application role can create no table).
pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("connected_as_owner")]

BEFORE = [("tables", "0024_entries_add_up_and_seals_by_the_database")]


def test_what_stands_joins_the_trail_and_the_old_account_events_stay_sealed(migrator):
    from casino.common import chains, seals

    old = migrator.apply_initial_migration(BEFORE)
    User = old.apps.get_model("auth", "User")
    root = User.objects.create(username="old_root", is_superuser=True, is_staff=True)
    root.groups.add(old.apps.get_model("auth", "Group").objects.get(name="supervisor"))
    permission = old.apps.get_model("auth", "Permission").objects.get(codename="view_casino")
    root.user_permissions.add(permission)
    with connection.cursor() as cursor:  # the account's first event, sealed as the beat would
        cursor.execute("SELECT casino_seal_pending('tables_staffaccountevent', 'pgh_id')")
        assert cursor.fetchone() == (1,)

    new = migrator.apply_tested_migration(MigrationLoader(connection).graph.leaf_nodes())

    events = new.apps.get_model("tables", "StaffAccountEvent").objects.filter(pgh_obj_id=root.pk)
    assert [(e.pgh_label, e.is_superuser, e.is_staff) for e in events.order_by("pgh_id")] == [
        ("account opened", None, None), ("account flags recorded", True, True)]
    held = new.apps.get_model("tables", "RoleGrantEvent").objects.get(user_id=root.pk)
    assert held.pgh_label == "role held"
    given = new.apps.get_model("tables", "PermissionGrantEvent").objects.get(user_id=root.pk)
    assert (given.pgh_label, given.permission_id) == ("permission held", permission.pk)
    seals.seal_pending()
    assert chains.breaks() == []
    migrator.reset()
