"""Migration payouts 0021 encrypts the TINs a database already holds (issue 26, point 17):
a W-2G stored in clear before it is a token after it, under the service's key, and the
row keeps no TIN in clear."""

import datetime as dt
from decimal import Decimal as D

import pytest
from django.db import connection, transaction

from payouts.jackpots import fieldcrypt

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("connected_as_owner")]

BEFORE = [("payouts", "0020_meter_correction_bound")]
AFTER = [("payouts", "0021_w2g_tin_encrypted")]
NOW = dt.datetime(2026, 11, 30, 20, 0, tzinfo=dt.UTC)


def w2g_in_clear(apps, tin: str) -> int:
    """An approved royal with its W-2G details as 0020 kept them: the TIN in clear."""
    users = apps.get_model("auth", "User").objects
    boss, witness = users.create(username="old_boss"), users.create(username="old_witness")
    casino = apps.get_model("tables", "Casino").objects.create(
        name="Old Harbor", currency="USD", timezone="America/New_York")
    paytable = apps.get_model("payouts", "Paytable").objects.create(
        name="US", variant="us", odds={"one_pair": 1}, max_payout=D(5000), min_ante=D(5),
        max_ante=D(100), created_by=boss, status="published", currency="USD")
    with transaction.atomic():  # a meter commits only with its ledger's first entry
        meter = apps.get_model("payouts", "Progressive").objects.create(
            name="Old jackpot", currency="USD", seed=D(1000), amount=D(1000),
            contribution_rate=D("0.7"), awards={"royal_flush": {"percent": "100"}},
            correction_bound=D(100000))
        apps.get_model("payouts", "MeterEntry").objects.create(
            progressive=meter, kind="reset", amount=D(1000), balance_after=D(1000),
            gaming_day=NOW.date(), created_at=NOW)
    table = apps.get_model("tables", "Table").objects.create(
        casino=casino, label="CS-1", game="caribbean_stud", status="open", seats=7,
        paytable=paytable)
    round_ = apps.get_model("tables", "StudRound").objects.create(
        table=table, paytable=paytable, dealer=boss, recorded_at=NOW, gaming_day=NOW.date(),
        shift=1, dealer_cards=["As", "Kd", "7c", "4h", "2s"], idempotency_key="tablet-1")
    hit = apps.get_model("payouts", "JackpotHit").objects.create(
        progressive=meter, round=round_, seat=1, category="royal_flush", status="paid",
        wager=D(1), amount=D(1000), recorded_at=NOW, w2g=True)
    approval = apps.get_model("payouts", "HitApproval").objects.create(
        hit=hit, approved_by=boss, approved_at=NOW, witnessed_by=witness, witnessed_at=NOW)
    return apps.get_model("payouts", "W2GPlayer").objects.create(
        approval=approval, full_name="Pat Q. Player", street="3570 Las Vegas Blvd S",
        city="Las Vegas", region="NV", postal_code="89109", country="United States",
        tin_kind="ssn", tin=tin, id_kind="passport", id_number="X0000000",
        date_of_birth=dt.date(1970, 5, 31)).pk


def test_the_migration_encrypts_the_tins_already_stored(migrator):
    old = migrator.apply_initial_migration(BEFORE)
    pk = w2g_in_clear(old.apps, "234567891")

    new = migrator.apply_tested_migration(AFTER)

    player = new.apps.get_model("payouts", "W2GPlayer").objects.get(pk=pk)
    assert player.tin_token.startswith(fieldcrypt.TOKEN_PREFIX)
    assert (fieldcrypt.decrypted(player.tin_token), player.tin_last4) == ("234567891", "7891")
    with connection.cursor() as cursor:
        cursor.execute("SELECT row_to_json(p)::text FROM payouts_w2gplayer p")
        assert "234567891" not in cursor.fetchone()[0]
    migrator.reset()
