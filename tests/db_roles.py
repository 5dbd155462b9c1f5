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
    """Transactional tests end with a flush (TRUNCATE), which only the owner may do."""
    from django.test import testcases

    teardown = testcases.TransactionTestCase._fixture_teardown
    if getattr(teardown, "as_owner", False):
        return

    def teardown_as_owner(self):
        if "owner" not in ROLES:
            return teardown(self)
        with connected_as("owner"):
            return teardown(self)

    teardown_as_owner.as_owner = True
    testcases.TransactionTestCase._fixture_teardown = teardown_as_owner


def ensure_app_role(cursor, role: str) -> bool:
    from casino.common.db_roles import create_role, may_create_roles, role_exists

    if role_exists(cursor, role):
        return True
    if not may_create_roles(cursor):
        return False
    create_role(cursor, role)
    return True
