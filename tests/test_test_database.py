"""Between transactional tests the owner empties the tables a test wrote to
(tests/db_roles.emptied_quickly) instead of Django's flush: the next test must find what a
flush would have left, the role tables as a flush leaves them and every other table empty.
"""

import pytest
from django.contrib.auth.models import Group
from django.db import connection

from casino.common.roles import Role
from tests.conftest import make_user
from tests.db_roles import AS_FLUSHED, connected_as, emptied_quickly, written_tables

pytestmark = pytest.mark.django_db(transaction=True)


def written() -> list[str]:
    with connection.cursor() as cursor:
        return written_tables(cursor)


def test_what_a_test_wrote_is_gone_and_the_roles_stay_as_a_flush_leaves_them(stud_table):
    assert "role tables" in AS_FLUSHED, "the owner is a superuser in the tests' databases"
    supervisors = set(Group.objects.get(name=Role.SUPERVISOR).permissions.all())
    with connected_as("owner"):
        assert written()  # the table, its casino, its dealer, their audit events

        assert emptied_quickly()

        assert written() == []
    assert set(Group.objects.get(name=Role.SUPERVISOR).permissions.all()) == supervisors


def test_a_test_that_changed_the_roles_gets_django_s_whole_flush():
    make_user("pat", "supervisor")
    Group.objects.get(name=Role.DEALER).permissions.clear()
    with connected_as("owner"):
        assert not emptied_quickly()
        assert written()  # untouched: the flush after the test empties them
