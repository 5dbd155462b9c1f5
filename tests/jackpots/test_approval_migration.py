"""Migration payouts 0024 keeps a jackpot approval once, on its HitApproval: one that
was kept only on the hit (before approvals had a witness) moves there, and the hit's
audit events keep what they held, so their seals still vouch for them."""

import datetime as dt
from decimal import Decimal as D

import pytest
from django.db import connection, transaction

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("connected_as_owner")]

WHEN = dt.datetime(2026, 6, 1, 18, 30, tzinfo=dt.UTC)


def _hits_approved_the_old_way(apps) -> tuple[int, int, int]:
    """Two paid royals at one table: one approved before witnesses (on the hit only), one
    with its witness (on both). Returns the two hits' ids and the approver's."""
    def new(model, **fields):
        return apps.get_model(*model.split(".")).objects.create(**fields)

    boss, second = new("auth.User", username="ada_boss"), new("auth.User", username="bo_second")
    harbor = new("tables.Casino", name="Bay", currency="USD", timezone="America/Chicago")
    terms = new("payouts.Paytable", name="US 2", variant="us", odds={"flush": 5},
                max_payout=D(2000), min_ante=D(1), max_ante=D(50), created_by=boss,
                status="published", currency="USD")
    with transaction.atomic():
        meter = new("payouts.Progressive", name="Bay jackpot", currency="USD", seed=D(500),
                    amount=D(500), contribution_rate=D("0.5"), correction_bound=D(9000),
                    awards={"royal_flush": {"percent": "100"}})
        new("payouts.MeterEntry", progressive=meter, kind="reset", amount=D(500),
            balance_after=D(500), gaming_day=WHEN.date(), created_at=WHEN)
    table = new("tables.Table", casino=harbor, label="CS-9", game="caribbean_stud",
                status="open", seats=7, paytable=terms)
    hits = []
    for number in (1, 2):
        played = new("tables.StudRound", table=table, paytable=terms, dealer=boss, shift=2,
                     recorded_at=WHEN, gaming_day=WHEN.date(), idempotency_key=f"old-{number}",
                     dealer_cards=["2c", "3d", "4h", "5s", "7c"])
        hits.append(new("payouts.JackpotHit", progressive=meter, round=played, seat=number,
                        category="royal_flush", status="paid", wager=D(1), amount=D(500),
                        recorded_at=WHEN, approved_by=boss, approved_at=WHEN))
    new("payouts.HitApproval", hit=hits[1], approved_by=boss, approved_at=WHEN,
        witnessed_by=second, witnessed_at=WHEN)
    return hits[0].pk, hits[1].pk, boss.pk


def test_an_approval_kept_only_on_the_hit_moves_to_its_record(migrator):
    old = migrator.apply_initial_migration([("payouts", "0023_names_in_words")])
    alone, witnessed, boss = _hits_approved_the_old_way(old.apps)

    new = migrator.apply_tested_migration(
        [("payouts", "0024_approvals_kept_once_on_their_record")])

    approvals = new.apps.get_model("payouts", "HitApproval").objects
    moved, kept = approvals.get(hit_id=alone), approvals.get(hit_id=witnessed)
    assert (moved.approved_by_id, moved.approved_at, moved.witnessed_by_id) == (boss, WHEN, None)
    assert (approvals.count(), kept.witnessed_by_id is None) == (2, False)
    with connection.cursor() as cursor:  # the events as they were sealed
        cursor.execute("SELECT count(*) FROM payouts_jackpothitevent WHERE approved_by_id = %s",
                       [boss])
        assert cursor.fetchone()[0] == 2
    migrator.reset()
