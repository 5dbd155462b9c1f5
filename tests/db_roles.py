"""The tests' two database roles (see django_db_setup in conftest): reconnecting as the
owner or the application role, and the owner's flush after a transactional test."""

from __future__ import annotations

import contextlib

ROLES: dict[str, tuple[str, str]] = {}


@contextlib.contextmanager
def connected_as(who: str):
    """Reconnect the default database as "owner" or "app" for the block."""
    from django.db import connection

    user, password = ROLES[who]
    before = connection.settings_dict["USER"], connection.settings_dict.get("PASSWORD", "")
    connection.close()
    connection.settings_dict.update(USER=user, PASSWORD=password)
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.update(USER=before[0], PASSWORD=before[1])


def flush_as_owner():
    """Transactional tests end with emptying the tables, which only the owner may do."""
    from django.test import testcases

    teardown = testcases.TransactionTestCase._fixture_teardown
    if getattr(teardown, "as_owner", False):
        return

    def teardown_as_owner(self):
        if "owner" not in ROLES:
            return teardown(self)
        with connected_as("owner"):
            if not emptied_quickly():
                return teardown(self)

    teardown_as_owner.as_owner = True
    testcases.TransactionTestCase._fixture_teardown = teardown_as_owner


# What post_migrate fills after a flush (content types, permissions, the role groups and
# what they may do), by natural key: the same after every flush, whatever the row ids.
ROLE_TABLES = ("django_content_type", "auth_permission", "auth_group",
               "auth_group_permissions")
ROLE_TABLES_FINGERPRINT = """
    SELECT md5(coalesce(string_agg(entry, ',' ORDER BY entry), '')) FROM (
      SELECT 'type ' || app_label || '.' || model AS entry FROM django_content_type
      UNION ALL
      SELECT 'may ' || t.app_label || '.' || p.codename || ' ' || p.name
        FROM auth_permission p JOIN django_content_type t ON t.id = p.content_type_id
      UNION ALL SELECT 'group ' || name FROM auth_group
      UNION ALL
      SELECT 'grant ' || g.name || ' ' || t.app_label || '.' || p.codename
        FROM auth_group_permissions gp JOIN auth_group g ON g.id = gp.group_id
        JOIN auth_permission p ON p.id = gp.permission_id
        JOIN django_content_type t ON t.id = p.content_type_id) AS entries"""
AS_FLUSHED: dict[str, str] = {}


def start_as_flushed() -> None:
    """Called as the owner once the test database is migrated: empty it as Django's flush
    does (which also drops the content types and permissions the data migrations made for
    models since gone) and remember its role tables."""
    from django.core.management import call_command
    from django.db import connection

    call_command("flush", verbosity=0, interactive=False)
    with connection.cursor() as cursor:
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        if cursor.fetchone()[0]:
            cursor.execute(ROLE_TABLES_FINGERPRINT)
            AS_FLUSHED["role tables"] = cursor.fetchone()[0]


def emptied_quickly() -> bool:
    """Empty, as Django's flush would, only the tables a test wrote to, and leave the role
    tables when they are as a flush leaves them: a DELETE of a few rows with the triggers
    off (session_replication_role, a superuser's) instead of a TRUNCATE of every table,
    which makes new files for each, and post_migrate's 300 queries to fill the role tables
    again; about 1.2 s less for each of the 133 transactional tests. False (Django's flush
    does it) when the owner is not a superuser or a test changed the role tables."""
    from django.db import connection, transaction

    if "role tables" not in AS_FLUSHED:
        return False
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(ROLE_TABLES_FINGERPRINT)
        if cursor.fetchone()[0] != AS_FLUSHED["role tables"]:
            return False
        written = written_tables(cursor)
        cursor.execute("SET LOCAL session_replication_role = replica")
        for table in written:
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")
    return True


def written_tables(cursor) -> list[str]:
    """The tables, besides the role tables, that hold a row: one statement for all."""
    from django.db import connection

    quote = connection.ops.quote_name
    tables = [table for table in connection.introspection.django_table_names(
        only_existing=True, include_views=False) if table not in ROLE_TABLES]
    cursor.execute(" UNION ALL ".join(
        f"SELECT '{table}' WHERE EXISTS (SELECT FROM {quote(table)})" for table in tables))
    return [table for (table,) in cursor.fetchall()]


def ensure_app_role(cursor, role: str) -> bool:
    from casino.common.db_roles import create_role, may_create_roles, role_exists

    if role_exists(cursor, role):
        return True
    if not may_create_roles(cursor):
        return False
    create_role(cursor, role)
    return True
