"""A paytable or rake schedule retired at the moment it is given to a table: one of
the two is refused, and no table is left on retired terms.

These tests commit for real (transactional database) so the row locks behave as in
production: the retire runs in one connection and stays open while another assigns.
"""

import threading
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction

from payouts.terms import services as payouts
from payouts.terms import services as terms
from tables.floor.models import Table
from tables.floor.services import (
    casino_create,
    table_assign_paytable,
    table_create,
    table_set_poker_settings,
)
from tests.conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def retire_while_assigning(retire, assign) -> dict:
    """Retire in a transaction that stays open until the assignment has finished (or for
    a second, if the assignment waits for the retire's lock); say how the assignment went."""
    retired, assigned = threading.Event(), threading.Event()
    outcome: dict = {}

    def retirer():
        try:
            with transaction.atomic():
                retire()
                retired.set()
                assigned.wait(timeout=1.0)
        finally:
            connection.close()

    def assigner():
        retired.wait(timeout=10)
        try:
            assign()
            outcome["assigned"] = True
        except ValidationError as refusal:
            outcome["refused"] = refusal.message_dict
        finally:
            assigned.set()
            connection.close()

    threads = [threading.Thread(target=retirer), threading.Thread(target=assigner)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcome


def test_a_paytable_retired_while_it_is_assigned_is_not_left_on_the_table():
    boss = make_user("terms_boss", "supervisor")
    casino = casino_create(actor=boss, name="Race", currency="USD",
                                    timezone="America/New_York")
    table = table_create(actor=boss, casino=casino, label="CS-R",
                                  game="caribbean_stud", status="open")
    paytable = payouts.paytable_publish(
        actor=boss, paytable=payouts.paytable_create(actor=boss, name="US", variant="us",
                                                      casino=casino))

    outcome = retire_while_assigning(
        lambda: payouts.paytable_retire(actor=boss, paytable=paytable),
        lambda: table_assign_paytable(actor=boss, table=table, paytable=paytable))

    assert "is not published" in outcome["refused"]["paytable"][0]
    table = Table.objects.select_related("paytable").get(pk=table.pk)
    assert table.paytable is None


def test_a_schedule_retired_while_it_is_assigned_is_not_left_on_the_table():
    boss = make_user("terms_boss", "supervisor")
    casino = casino_create(actor=boss, name="Race", currency="USD",
                                    timezone="America/New_York")
    table = table_create(actor=boss, casino=casino, label="HE-R", game="holdem",
                                  status="open")
    schedule = terms.schedule_publish(actor=boss, schedule=terms.
                                               schedule_create(actor=boss, name="Ten",
                                                               percent=Decimal(10),
                                                               casino=casino))

    outcome = retire_while_assigning(
        lambda: terms.schedule_retire(actor=boss, schedule=schedule),
        lambda: table_set_poker_settings(
            actor=boss, table=table, rake_schedule=schedule, structure="no_limit",
            big_blind=Decimal(2)))

    assert "is not published" in outcome["refused"]["rake_schedule"][0]
    assert Table.objects.get(pk=table.pk).rake_schedule is None
