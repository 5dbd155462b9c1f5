"""Balances follow their ledgers: a meter's amount, reserve or overflow and a bad-beat
fund's balance cannot be committed apart from the ledger entry that explains them, by
the code or by plain SQL."""

from decimal import Decimal as D

import pytest
from django.db import DatabaseError, connection, transaction

from payouts.jackpots import services as progressives
from payouts.jackpots.models import MeterEntry, Progressive

pytestmark = pytest.mark.django_db


def commit_now():
    """What COMMIT would check, inside the test's transaction."""
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def commit_sql(sql: str, params: list) -> None:
    """Run plain SQL as an attacker with the application's login would, and commit."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)
        commit_now()


@pytest.mark.parametrize("column", ["amount", "reserve", "overflow"])
def test_plain_sql_cannot_move_a_meter_without_its_entry(progressive, column):
    with pytest.raises(DatabaseError, match="its ledger ends at"):
        commit_sql(f"UPDATE payouts_progressive SET {column} = {column} + 5000 WHERE id = %s",
                   [progressive.pk])
    progressive.refresh_from_db()
    assert progressive.amount == D("10000.00")


def test_a_correction_with_its_entry_commits(controller, progressive):
    progressives.progressive_correct(actor=controller, progressive=progressive, meter="meter",
                                     new_balance=D("10500.00"), reason="count adjustment")
    commit_now()
    progressive.refresh_from_db()
    assert progressive.amount == MeterEntry.objects.filter(
        progressive=progressive, meter="meter").latest("id").balance_after == D("10500.00")


def test_a_round_that_feeds_the_meter_and_its_royal_commit(dealer, jackpot_table):
    from payouts.jackpots.settlement import settle_pending_hits
    from tables.stud.services import stud_round_record
    from tests.helpers import DEALER, ROYAL

    stud_round_record(actor=dealer, table=jackpot_table, dealer_cards=DEALER, seats=[ROYAL])
    commit_now()
    settle_pending_hits(jackpot_table.progressive_id)  # the royal: award, then the reset
    commit_now()
    meter = Progressive.objects.get()
    assert meter.amount == meter.seed


def test_plain_sql_cannot_move_a_bad_beat_fund_without_its_entry(us_casino):
    from tables.poker.models import BadBeatFund

    fund = BadBeatFund.objects.create(casino=us_casino)
    commit_now()
    with pytest.raises(DatabaseError, match="its ledger ends at"):
        commit_sql("UPDATE tables_badbeatfund SET balance = 250 WHERE id = %s", [fund.pk])
