"""Records as older migrations kept them, for tests/test_migrations.py: each builder writes
through the models of its migration's state (``apps``) and returns what the checks after
the upgrade need. Their names differ (users, casinos, meters, paytables), as in one
database that several releases have written to."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal as D

from django.db import connection, transaction

NOW = dt.datetime(2026, 11, 30, 20, 0, tzinfo=dt.UTC)
WHEN = dt.datetime(2026, 6, 1, 18, 30, tzinfo=dt.UTC)


def rake_and_side_wagers(apps) -> dict[str, int]:
    """(tables 0005, payouts 0004) A casino as main recorded it: a poker table raked by a
    published schedule with a draft successor, a hand, and a stud round with a jackpot
    side wager."""
    user = apps.get_model("auth", "User").objects.create(username="old_boss")
    casino = apps.get_model("tables", "Casino").objects.create(
        name="Old Harbor", currency="USD", timezone="America/New_York")
    Schedule = apps.get_model("tables", "RakeSchedule")
    published = Schedule.objects.create(name="Ten", percent=D(10), cap=D(5), created_by=user)
    Schedule.objects.filter(pk=published.pk).update(family=published)
    Schedule.objects.filter(pk=published.pk).update(status="published", published_at=NOW)
    draft = Schedule.objects.create(name="Ten", percent=D(10), cap=D(4), version=2,
                                    family_id=published.pk, created_by=user)
    Table = apps.get_model("tables", "Table")
    poker = Table.objects.create(casino=casino, label="HE-1", game="holdem", status="open",
                                 seats=9, rake_schedule=published, structure="no_limit",
                                 big_blind=D(2), poker_settings_version=1)
    hand = apps.get_model("tables", "PokerHand").objects.create(
        table=poker, dealer=user, recorded_at=NOW, gaming_day=NOW.date(), mode="quick",
        game="holdem", rake_schedule=published, settings_version=1, stakes={}, flop_dealt=True,
        pot=D(85), rake=D(5))
    paytable = apps.get_model("payouts", "Paytable").objects.create(
        name="US", variant="us", odds={"one_pair": 1}, max_payout=D(5000), min_ante=D(5),
        max_ante=D(100), created_by=user, status="published")
    meter = apps.get_model("payouts", "Progressive").objects.create(
        name="Old jackpot", currency="USD", seed=D(1000), amount=D("1000.70"),
        contribution_rate=D("0.7"), awards={"royal_flush": {"percent": "100"}})
    stud = Table.objects.create(casino=casino, label="CS-1", game="caribbean_stud",
                                status="open", seats=7, paytable=paytable, progressive=meter)
    round_ = apps.get_model("tables", "StudRound").objects.create(
        table=stud, paytable=paytable, dealer=user, recorded_at=NOW, gaming_day=NOW.date(),
        dealer_cards=["As", "Kd", "7c", "4h", "2s"], idempotency_key="tablet-1")
    apps.get_model("tables", "StudSeat").objects.create(
        round=round_, seat=1, ante=D(10), decision="fold", progressive=True, side_wager="stands",
        outcome="fold", ante_result=D(-10), bet_result=D(0))
    entries = apps.get_model("payouts", "MeterEntry").objects  # the seed, then a wager's part
    entries.create(progressive=meter, kind="reset", amount=D(1000), balance_after=D(1000))
    entries.create(progressive=meter, kind="contribution", amount=D("0.70"),
                   balance_after=D("1000.70"), wagers=D(1), round=round_)
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM tables_rakescheduleevent")
        (events,) = cursor.fetchone()
    return {"published": published.pk, "draft": draft.pk, "poker": poker.pk, "hand": hand.pk,
            "round": round_.pk, "schedule_events": events}


def analyses_before_the_covariance(apps) -> dict[str, int]:
    """(payouts 0018) Figures of one paytable: done with and without the seats' covariance,
    failed, running."""
    user = apps.get_model("auth", "User").objects.create(username="math_boss")
    paytable = apps.get_model("payouts", "Paytable").objects.create(
        name="US analysed", variant="us", odds={"one_pair": 1}, max_payout=D(5000),
        min_ante=D(5), max_ante=D(100), created_by=user, currency="USD")
    Analysis = apps.get_model("payouts", "ParAnalysis")
    made = {"paytable": paytable.pk}
    for key, status, result in [("uncapped", "done", {"house_edge": "0.05"}),
                                ("50.00", "done", {"seat_covariance": "0.55"}),
                                ("60.00", "failed", None), ("70.00", "running", None)]:
        made[key] = Analysis.objects.create(
            paytable=paytable, terms={}, terms_checksum="c" * 64, ante_key=key,
            ante=D(5), status=status, result=result).pk
    return made


def w2g_in_clear(apps, tin: str = "234567891") -> dict[str, int]:
    """(payouts 0020) An approved royal with its W-2G details as 0020 kept them: the TIN in
    clear."""
    users = apps.get_model("auth", "User").objects
    boss, witness = users.create(username="w2g_boss"), users.create(username="w2g_witness")
    casino = apps.get_model("tables", "Casino").objects.create(
        name="Tin Harbor", currency="USD", timezone="America/New_York")
    paytable = apps.get_model("payouts", "Paytable").objects.create(
        name="US royal", variant="us", odds={"one_pair": 1}, max_payout=D(5000),
        min_ante=D(5), max_ante=D(100), created_by=boss, status="published", currency="USD")
    with transaction.atomic():  # a meter commits only with its ledger's first entry
        meter = apps.get_model("payouts", "Progressive").objects.create(
            name="Tin jackpot", currency="USD", seed=D(1000), amount=D(1000),
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
    return {"player": apps.get_model("payouts", "W2GPlayer").objects.create(
        approval=approval, full_name="Pat Q. Player", street="3570 Las Vegas Blvd S",
        city="Las Vegas", region="NV", postal_code="89109", country="United States",
        tin_kind="ssn", tin=tin, id_kind="passport", id_number="X0000000",
        date_of_birth=dt.date(1970, 5, 31)).pk}


def account_before_its_trail(apps) -> dict[str, int]:
    """(tables 0024) A superuser and supervisor with a permission of his own, his account's
    first event sealed as the beat would (every event before it sealed first)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT casino_seal_pending('tables_staffaccountevent', 'pgh_id')")
    User = apps.get_model("auth", "User")
    root = User.objects.create(username="old_root", is_superuser=True, is_staff=True)
    root.groups.add(apps.get_model("auth", "Group").objects.get(name="supervisor"))
    permission = apps.get_model("auth", "Permission").objects.get(codename="view_casino")
    root.user_permissions.add(permission)
    with connection.cursor() as cursor:
        cursor.execute("SELECT casino_seal_pending('tables_staffaccountevent', 'pgh_id')")
        (sealed,) = cursor.fetchone()
    return {"root": root.pk, "permission": permission.pk, "sealed": sealed}


def hits_approved_the_old_way(apps) -> dict[str, int]:
    """(payouts 0023) Two paid royals at one table: one approved before witnesses (on the
    hit only), one with its witness (on both)."""
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
    return {"alone": hits[0].pk, "witnessed": hits[1].pk, "boss": boss.pk}


def slip_before_its_runner(apps) -> dict[str, int]:
    """(tables 0029) A fill slip issued before the cage named its runner, sealed as the beat
    would (every slip before it sealed first)."""
    def new(model, **fields):
        return apps.get_model(*model.split(".")).objects.create(**fields)

    with connection.cursor() as cursor:
        cursor.execute("SELECT casino_seal_pending('tables_chipslip', 'id')")
    cashier = new("auth.User", username="cy_cashier")
    dock = new("tables.Casino", name="Dock", currency="USD", timezone="America/Denver")
    table = new("tables.Table", casino=dock, label="CS-8", game="caribbean_stud",
                status="open", seats=7)
    request = new("tables.ChipRequest", table=table, gaming_day=WHEN.date(), shift=2,
                  kind="fill", chips={"100": 10}, total=D(1000), requested_by=cashier,
                  requested_at=WHEN)
    slip = new("tables.ChipSlip", request=request, casino=dock, number=1, issued_by=cashier,
               issued_at=WHEN)
    with connection.cursor() as cursor:
        cursor.execute("SELECT casino_seal_pending('tables_chipslip', 'id')")
        (sealed,) = cursor.fetchone()
    return {"slip": slip.pk, "sealed": sealed}
