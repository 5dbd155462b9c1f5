"""The queries compiled once (casino.common.frozen): the table a round is recorded at and
a poker table's last hand give what the ORM's own query gives, with the same scope and
refusals, and the ORM builds each shape once."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from casino.common.frozen import FrozenQuery
from tables.floor import books, shifts
from tables.floor.models import Table
from tables.floor.recording import lock_for_recording
from tables.poker.models import PokerHand
from tables.poker.selectors import last_hand
from tests.card_room import poker_table
from tests.conftest import make_user

STUD = ("casino", "paytable", "progressive")


def orm_table(table, related):
    """The same read the way the ORM would make it each time."""
    return (Table.objects.select_related(*related)
            .annotate(books_closed_to=books.closed_to_of(),
                      keeps_inventory=shifts.keeps_inventory_of()).get(pk=table.pk))


def same_row(a, b) -> None:
    assert type(a) is type(b)
    fields = [f.attname for f in a._meta.concrete_fields]
    assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]


def test_the_locked_table_is_the_orms_table_with_its_terms(dealer, jackpot_table):
    with transaction.atomic():
        locked = lock_for_recording(dealer, jackpot_table, records="rounds", related=STUD)
    expected = orm_table(jackpot_table, STUD)
    same_row(locked, expected)
    for related in STUD:
        assert related in locked._state.fields_cache  # joined, not read again
        same_row(getattr(locked, related), getattr(expected, related))
    assert locked.actor_deals_here is True
    assert (locked.books_closed_to, locked.keeps_inventory) == (
        expected.books_closed_to, expected.keeps_inventory)


def test_a_table_without_a_meter_joins_none(dealer, live_table):
    with transaction.atomic():
        locked = lock_for_recording(dealer, live_table, records="rounds", related=STUD)
    assert locked.progressive is None
    assert locked.paytable == live_table.paytable


def test_the_same_statement_is_sent_each_time_with_the_calls_ids(
        dealer, other_dealer, jackpot_table):
    with transaction.atomic(), CaptureQueriesContext(connection) as sent:
        lock_for_recording(dealer, jackpot_table, records="rounds", related=STUD)
        lock_for_recording(dealer, jackpot_table, records="rounds", related=STUD)
        with pytest.raises(PermissionDenied, match="otto_dealer is not assigned to deal"):
            lock_for_recording(other_dealer, jackpot_table, records="rounds", related=STUD)
    texts = [q["sql"] for q in sent.captured_queries if "FOR UPDATE" in q["sql"]]
    assert len(texts) == 3
    assert texts[0] == texts[1]
    assert f'"tables_table"."id" = {jackpot_table.pk}' in texts[0]
    assert str(-(2**31) + 1000) not in texts[0]  # no stand-in id is ever sent


def test_a_dealer_of_no_casino_finds_no_table(jackpot_table):
    stranger = make_user("sid_stranger", "dealer", at=[])
    with transaction.atomic(), pytest.raises(Table.DoesNotExist):
        lock_for_recording(stranger, jackpot_table, records="rounds", related=STUD)


def test_a_superuser_has_a_shape_of_its_own(dealer, jackpot_table):
    dealer.is_superuser = True  # his scope is every casino: another statement, same answer
    with transaction.atomic():
        locked = lock_for_recording(dealer, jackpot_table, records="rounds", related=STUD)
    assert locked.pk == jackpot_table.pk
    assert locked.actor_deals_here


@pytest.mark.django_db(transaction=True)
def test_the_lock_is_refused_outside_a_transaction(dealer, jackpot_table):
    with pytest.raises(TransactionManagementError):
        lock_for_recording(dealer, jackpot_table, records="rounds", related=STUD)


def test_each_shape_is_built_once(jackpot_table):
    built = []

    def build(shape, *, table):
        built.append(shape)
        return Table.objects.select_related(*shape).filter(pk=table)

    frozen = FrozenQuery(build, "table")
    for _ in range(3):
        assert frozen.get(("casino",), table=jackpot_table.pk).casino == jackpot_table.casino
    assert frozen.first((), table=jackpot_table.pk + 10**6) is None
    with pytest.raises(Table.DoesNotExist):
        frozen.get((), table=jackpot_table.pk + 10**6)
    assert built == [("casino",), ()]


def test_a_value_baked_into_the_sql_cannot_be_frozen(jackpot_table):
    frozen = FrozenQuery(lambda shape, *, table: Table.objects.filter(pk__gt=0), "table")
    with pytest.raises(ImproperlyConfigured, match="does not send table as a parameter"):
        frozen.get(None, table=jackpot_table.pk)


def test_the_last_hand_is_the_latest_that_counts(api, supervisor, dealer, us_casino, schedule):
    from tables.poker.services import poker_hand_void

    table = poker_table(supervisor, dealer, us_casino, schedule)
    assert last_hand(table) is None
    as_dealer = api.as_user(dealer)
    for n in range(3):
        response = as_dealer.post(f"/api/v1/tables/{table.pk}/poker-hands/",
                                  {"pot": "40.00", "flop_dealt": True}, format="json",
                                  HTTP_IDEMPOTENCY_KEY=f"frozen-{n}")
        assert response.status_code == 201, response.content
    hands = list(PokerHand.objects.filter(table=table).order_by("id"))
    same_row(last_hand(table), hands[-1])
    poker_hand_void(actor=supervisor, hand=hands[-1], reason="misdeal")
    same_row(last_hand(table), hands[-2])
