"""The floor bench's steps that run inside Django, against the bench stack's database as
the application role (bench/floor.py starts them):

    python -m bench.floor_steps setup N     the floor, as JSON: dealers, tokens, sessions
    python -m bench.floor_steps probe S T   rounds at table T for S seconds, each timed
                                            from the meter's UPDATE to the end of COMMIT
    python -m bench.floor_steps planning N T  N rounds at table T, each statement's
                                            planning time (EXPLAIN SUMMARY) summed
    python -m bench.floor_steps check       every meter against its ledger; the chains
    python -m bench.floor_steps preload N   N entries on the shared meter's ledgers (the
                                            steady state, bench/floor_steady.py)
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from decimal import Decimal

import django


def setup(count: int) -> dict:
    from django.contrib.auth.models import Group, User
    from django.db import connection
    from django.test import Client
    from knox.models import AuthToken

    from payouts.jackpots.services import progressive_create
    from payouts.terms import services as terms
    from tables.floor.services import casino_create, table_create, table_set_poker_settings

    boss = User.objects.create_user("bench_boss")
    boss.groups.add(Group.objects.get(name="supervisor"))
    casino = casino_create(actor=boss, name="Bench", currency="USD",
                           timezone="America/New_York")
    paytable = terms.paytable_publish(actor=boss, paytable=terms.paytable_create(
        actor=boss, name="US", variant="us", casino=casino))
    schedule = terms.schedule_publish(actor=boss, schedule=terms.schedule_create(
        actor=boss, name="Ten capped at 5", percent=Decimal(10), cap=Decimal(5),
        casino=casino))

    def meter(name):
        return progressive_create(actor=boss, name=name, currency="USD", casino=casino,
                                  seed=Decimal(10000), contribution_rate=Decimal("0.2"),
                                  wager=Decimal(1))

    def dealer_at(label, **settings):
        user = User.objects.create_user(f"dealer_{label}")
        user.groups.add(Group.objects.get(name="dealer"))
        casino.staff.add(user)
        table = table_create(actor=boss, casino=casino, label=label, status="open",
                             dealers=[user], **settings)
        browser = Client()
        browser.force_login(user)
        return {"table": table.pk, "token": AuthToken.objects.create(user)[1],
                "session": browser.cookies["sessionid"].value}

    shared = meter("Shared")
    stud = {"game": "caribbean_stud", "paytable": paytable}
    floor = {
        "shared": [dealer_at(f"CS-{n:02}", progressive=shared, **stud) for n in range(count)],
        "own": [dealer_at(f"OM-{n:02}", progressive=meter(f"Own {n}"), **stud)
                for n in range(count)],
        "probe_table": dealer_at("CS-PROBE", progressive=shared, **stud)["table"],
        "poker": [],
    }
    for n in range(4):
        seat = dealer_at(f"HE-{n}", game="holdem")
        table_set_poker_settings(actor=boss, table=_table(seat["table"]),
                                 rake_schedule=schedule, structure="fixed_limit",
                                 small_bet=Decimal(20), big_bet=Decimal(40),
                                 small_blind=Decimal(10), big_blind=Decimal(20))
        floor["poker"].append({**seat, "poker": True})
    server = connection.pg_version
    return {**floor, "server": f"{server // 10000}.{server % 10000}"}


def _table(pk):
    from tables.floor.models import Table

    return Table.objects.get(pk=pk)


def probe(seconds: float, table_id: int) -> dict:
    """Rounds recorded through the service at one table of the shared meter, each timed
    from the moment its UPDATE of the meter returns (the row is then locked) to the moment
    its COMMIT returns (the lock is released): what every round costs the meter."""
    from django.contrib.auth.models import User
    from django.db import connection, transaction

    from bench.load import stud_round
    from tables.floor.models import Table
    from tables.stud.services import stud_round_record

    table = Table.objects.get(pk=table_id)
    actor = User.objects.get(dealt_tables=table)
    rng, held, locked = random.Random(7), [], []

    def note_the_lock(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        # The statement that takes the meter's row: the feed (or, before issue 15, the
        # meter's SELECT ... FOR UPDATE at the start of the round).
        if not locked and ('UPDATE "payouts_progressive"' in sql
                           or "UPDATE payouts_progressive" in sql
                           or 'FOR UPDATE OF "payouts_progressive"' in sql):
            locked.append(time.perf_counter())
        return result

    stop = time.monotonic() + seconds
    with connection.execute_wrapper(note_the_lock):
        while time.monotonic() < stop:
            body = stud_round(rng)
            locked.clear()
            with transaction.atomic():
                stud_round_record(actor=actor, table=table, seats=body["seats"],
                                  dealer_cards=body["dealer_cards"])
            held.append((time.perf_counter() - locked[0]) * 1000)
            time.sleep(0.02)
    held.sort()
    return {"rounds": len(held), "p50": round(statistics.median(held), 2),
            "p99": round(held[int(len(held) * 0.99)], 2), "max": round(held[-1], 2)}


def planning(rounds: int, table_id: int) -> dict:
    """What planning costs a round: each statement a 7-seat jackpot round sends, planned
    again by EXPLAIN (SUMMARY) (planned, not run), its planning time summed per round.
    What server-side prepared statements would save, at most (docs/benchmarks.md)."""
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bench.load import stud_round
    from tables.floor.models import Table
    from tables.stud.services import stud_round_record

    table = Table.objects.get(pk=table_id)
    actor = User.objects.get(dealt_tables=table)
    rng, per_round, statements = random.Random(11), [], 0
    for _ in range(rounds):
        body = stud_round(rng)
        with CaptureQueriesContext(connection) as sent:
            stud_round_record(actor=actor, table=table, seats=body["seats"],
                              dealer_cards=body["dealer_cards"])
        planned = 0.0
        with connection.cursor() as cursor:
            for query in sent.captured_queries:
                sql = query["sql"]
                if sql.split(" ", 1)[0].upper() not in ("SELECT", "INSERT", "UPDATE",
                                                         "DELETE", "WITH"):
                    continue
                statements += 1
                cursor.execute("EXPLAIN (SUMMARY ON, FORMAT JSON) " + sql)
                planned += cursor.fetchone()[0][0]["Planning Time"]
        per_round.append(planned)
    per_round.sort()
    return {"rounds": rounds, "statements_per_round": round(statements / rounds, 1),
            "planning_ms_p50": round(statistics.median(per_round), 3),
            "planning_ms_mean": round(statistics.fmean(per_round), 3)}


# Entries as a day's rounds leave them on a meter: alternately its meter and its reserve,
# each adding up to the one before it, written by plain SQL as the application role with
# every trigger on (the chain trigger checks and chains each one).
PRELOAD = """
INSERT INTO payouts_meterentry (progressive_id, meter, kind, amount, balance_after, wagers,
                                reason, created_at, gaming_day, prev_hash, row_hash)
SELECT %(id)s, CASE WHEN i %% 2 = 0 THEN 'meter' ELSE 'reserve' END, 'contribution', 0.20,
       CASE WHEN i %% 2 = 0 THEN %(meter)s ELSE %(reserve)s END + 0.20 * ((i + 1) / 2), 1.00,
       '', now(), %(day)s, '', ''
  FROM generate_series(1, %(count)s) AS i ORDER BY i
"""
PRELOAD_BATCH = 5000


def preload(count: int) -> dict:
    """``count`` entries on the shared meter's ledgers, in committed batches (one
    transaction a batch, as rounds commit), the meter's row moved with each batch."""
    from django.db import connection, transaction
    from django.utils import timezone

    from payouts.jackpots.models import Progressive

    shared = Progressive.objects.get(name="Shared")
    started, written = time.monotonic(), 0
    while written < count:
        batch = min(PRELOAD_BATCH, count - written)
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT amount, reserve FROM payouts_progressive WHERE id = %s "
                           "FOR UPDATE", [shared.pk])
            meter, reserve = cursor.fetchone()
            cursor.execute(PRELOAD, {"id": shared.pk, "meter": meter, "reserve": reserve,
                                     "count": batch, "day": shared.books_day(timezone.now())})
            cursor.execute("UPDATE payouts_progressive SET amount = amount + 0.20 * %s, "
                           "reserve = reserve + 0.20 * %s WHERE id = %s",
                           [batch // 2, (batch + 1) // 2, shared.pk])
        written += batch
    return {"entries": written, "seconds": round(time.monotonic() - started, 1)}


def check() -> dict:
    from casino.common.chains import breaks
    from payouts.jackpots.models import HitStatus, JackpotHit, MeterEntry, Progressive
    from tables.stud.models import StudRound

    unequal = []
    for progressive in Progressive.objects.all():
        for meter, shown in (("meter", progressive.amount), ("reserve", progressive.reserve),
                             ("overflow", progressive.overflow)):
            last = MeterEntry.objects.filter(progressive=progressive, meter=meter).last()
            if (last.balance_after if last else Decimal(0)) != shown:
                unequal.append(f"{progressive.name} {meter}")
    return {"rounds": StudRound.objects.count(), "meters_equal_ledgers": not unequal,
            "unequal": unequal, "hits": JackpotHit.objects.count(),
            "hits_pending": JackpotHit.objects.filter(status=HitStatus.PENDING).count(),
            "chain_breaks": breaks()}


if __name__ == "__main__":
    django.setup()
    name, *args = sys.argv[1:]
    found = {"setup": lambda: setup(int(args[0])),
             "probe": lambda: probe(float(args[0]), int(args[1])),
             "planning": lambda: planning(int(args[0]), int(args[1])),
             "check": check, "preload": lambda: preload(int(args[0]))}[name]()
    print(json.dumps(found, default=str))
