"""The accountant's reports over a year of a busy floor: ``bin/bench``, or ``python -m
bench.reports [--seats N] [--hands N] [--tables N] [--days N] [--repeat N] [--small] [--reuse]``;
``--pdfs``: the signed PDFs of the demo's three weeks instead (bench/report_pdfs.py).

casino_bench_reports, on the server of DATABASE_URL (else postgres@127.0.0.1:5432), is dropped,
migrated and filled: the floor through the services, then the year ending two days ago bulk-loaded
with COPY, a transaction per gaming day (``--reuse`` keeps a database that holds it). Measured as
an accountant through Django's test client: the reports' JSON for a month of open days, the close
of every day, the reports for the month and the year once closed, the seat CSV export against
PostgreSQL's own COPY, and its peak memory (a fresh process each). See docs/benchmarks.md."""

import argparse
import datetime as dt
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from decimal import Decimal
from types import SimpleNamespace

import psycopg

from bench.database import fresh_database, use_database
from bench.draws import money, pools
from bench.seals import SEALS, seal

DATABASE, SEED, REPORTS = "casino_bench_reports", 20261201, ("rake", "jackpots", "stud")
JACKPOT_SHARE, SEED_CENTS, CONTRIBUTION, VOID_EVERY = 0.10, 1_000_000, 70, 2000
COLUMNS = {
    "tables_studround": "id, table_id, paytable_id, dealer_id, recorded_at, gaming_day, shift, "
    "dealer_cards, dealer_category, dealer_qualified, dealer_took_fifth_card, void, "
    "idempotency_key, idempotency_fingerprint",
    "tables_studseat": "round_id, seat, ante, decision, category, outcome, ante_result, "
    "bet_result, progressive, progressive_wager, side_wager, irregularity",
    "tables_pokerhand": "id, table_id, dealer_id, rake_schedule_id, settings_version, stakes, "
    "recorded_at, gaming_day, shift, flop_dealt, pot, rake, bad_beat_drop, mode, game, kill_hand, "
    "next_kill, next_kill_multiplier, board, idempotency_key, idempotency_fingerprint",
    "payouts_meterentry": "progressive_id, meter, kind, amount, balance_after, wagers, round_id, "
    "reason, created_at, gaming_day"}


def peak_kb() -> int:
    with open("/proc/self/status") as status:   # VmHWM: the peak RSS of this program image
        return int(next(line for line in status if line.startswith("VmHWM")).split()[1])


def build_floor(n_tables: int, first: dt.date):
    """The casino, tables and people through the services (the ORM for the users and for the
    progressive, whose first ledger entry is loaded with the year)."""
    from django.contrib.auth.models import Group, User
    from django.db import transaction

    from payouts.jackpots.models import US_AWARDS, MeterEntry, Progressive
    from payouts.terms import services as terms
    from tables.floor import services as floor
    from tables.poker.kills import stakes_of
    boss, dealers = User.objects.create_user("bench_boss"), [
        User.objects.create_user(f"dealer{n:03}") for n in range(max(3, n_tables * 3 // 2))]
    accountant = User.objects.create_user("bench_accountant")
    for role, users in (("supervisor", [boss]), ("dealer", dealers),
                        ("accountant", [accountant])):
        Group.objects.get(name=role).user_set.add(*users)
    casino = floor.casino_create(actor=boss, name="Bench Reports", currency="USD",
                                 timezone="America/New_York")
    casino.staff.add(accountant)   # a user reads only the casinos he is on the staff of
    us = terms.paytable_publish(actor=boss, paytable=terms.paytable_create(
        actor=boss, name="Bench US", variant="us", casino=casino))
    us2 = terms.paytable_publish(actor=boss, paytable=terms.paytable_new_version(
        actor=boss, paytable=us))
    begin = casino.day_bounds(first)[0]
    with transaction.atomic():   # the meter commits only with its ledger's first entry,
        jackpot = Progressive.objects.create(   # dated on the year's first day
            name="Bench Jackpot", currency="USD", casino=casino, seed=money(SEED_CENTS),
            amount=money(SEED_CENTS), contribution_rate=Decimal("0.70"), awards=US_AWARDS,
            correction_bound=money(SEED_CENTS) * 100)
        MeterEntry.objects.create(progressive=jackpot, kind="reset", amount=money(SEED_CENTS),
                                  balance_after=money(SEED_CENTS), reason="initial seed",
                                  created_by=boss, created_at=begin, gaming_day=first)
    schedules = [terms.schedule_publish(actor=boss, schedule=terms.schedule_create(
        actor=boss, name=name, no_flop_no_drop=True, bad_beat_drop=Decimal(1),
        bad_beat_min_pot=Decimal(20), casino=casino, **spec)) for name, spec in (
        ("10% capped at 5", {"percent": Decimal(10), "cap": Decimal(5)}),
        ("Fixed drop 3", {"method": "fixed_drop", "fixed_drop": Decimal(3)}))]
    n_stud, poker = n_tables * 3 // 5, []
    stud = [floor.table_create(actor=boss, casino=casino, label=f"CS-{n + 1:03}", status="open",
                               game="caribbean_stud", paytable=us, progressive=jackpot).pk
            for n in range(n_stud)]
    for n in range(n_tables - n_stud):
        schedule = schedules[n % 4 == 3]   # one table in four on the fixed drop
        table = floor.table_create(
            actor=boss, casino=casino, label=f"HE-{n + 1:03}", game="holdem", status="open",
            rake_schedule=schedule, structure="fixed_limit", small_bet=Decimal(20),
            big_bet=Decimal(40), small_blind=Decimal(10), big_blind=Decimal(20))
        poker.append((table.pk, schedule.pk, table.poker_settings_version,
                      json.dumps(stakes_of(table)), schedule.method))
    return SimpleNamespace(casino=casino, boss=boss.pk, dealers=[d.pk for d in dealers],
                           paytables=(us.pk, us2.pk), jackpot=jackpot, stud=stud, poker=poker)


def day_of(floor, spec, n: int) -> SimpleNamespace:
    """Day n of the year: its first instant, its length in seconds, each table's share of the
    rows, and (shift, instant) at an offset (shifts 2 and 3 begin at 14:00 and 22:00 local)."""
    day = spec.first + dt.timedelta(days=n)
    begin, end = floor.casino.day_bounds(day)
    marks = [(dt.datetime.combine(day, dt.time(h), tzinfo=floor.casino.zone) - begin)
             .total_seconds() for h in (14, 22)]
    return SimpleNamespace(
        n=n, day=day, begin=begin, length=(end - begin).total_seconds(),
        share=lambda total, k: [total // (k * spec.days) + (n * k + t < total % (k * spec.days))
                                for t in range(k)],
        at=lambda offset: (1 + (offset >= marks[0]) + (offset >= marks[1]),
                           begin + dt.timedelta(seconds=offset)))


def load_stud_day(copy, rng, floor, spec, state, day) -> list[tuple]:
    """One day's rounds and seats; returns the rounds with side wagers, in time order."""
    rounds, played, jackpot, dealers = [], [], [], floor.dealers
    for t, seats in enumerate(day.share(spec.seats, len(floor.stud))):
        while seats > 0:
            count = min(seats, rng.randint(1, 7))
            rounds.append((rng.random() * day.length, t, count))
            seats -= count
    with copy("tables_studround") as rows:
        for offset, t, count in sorted(rounds):
            state.round, (shift, at) = state.round + 1, day.at(offset)
            cards, category, qualified = rng.choice(state.pools.dealer)
            rows.write_row((state.round, floor.stud[t], floor.paytables[day.n >= spec.days // 2],
                            dealers[(3 * t + shift + day.n) % len(dealers)], at.isoformat(),
                            day.day, shift, cards, category, qualified, False, "", "", ""))
            played.append((state.round, at, count, qualified))
    with copy("tables_studseat") as rows:
        for round_id, at, count, qualified in played:
            results, start, wagers = state.pools.seats[qualified], rng.randint(1, 8 - count), 0
            for seat in range(start, start + count):
                side = rng.random() < JACKPOT_SHARE
                wagers += side
                rows.write_row((round_id, seat, *rng.choice(results), side,
                                "1.00" if side else None, "stands" if side else "", ""))
            if wagers:
                jackpot.append((round_id, at, wagers))
    return jackpot


def load_meter_day(copy, floor, state, day, jackpot: list, award: bool) -> None:
    """A contribution entry per round with side wagers (the first, the seed, is written
    with the meter); on an award day a royal flush takes
    the whole meter halfway through the day and the meter resets to its seed."""
    pk, seed, on = floor.jackpot.pk, money(SEED_CENTS), day.day
    with copy("payouts_meterentry") as rows:
        for n, (round_id, at, wagers) in enumerate(jackpot):
            state.meter, state.entries = state.meter + CONTRIBUTION * wagers, state.entries + 1
            rows.write_row((pk, "meter", "contribution", money(wagers * CONTRIBUTION),
                            money(state.meter), money(wagers * 100), round_id, "", at, on))
            if award and n == len(jackpot) // 2:
                rows.write_row((pk, "meter", "award", money(-state.meter), "0.00", "0", round_id,
                                "seat 1", at, on))
                rows.write_row((pk, "meter", "reset", seed, seed, "0", round_id, "reset to seed",
                                at, on))
                state.meter, state.entries = SEED_CENTS, state.entries + 2


def load_year(floor, spec) -> SimpleNamespace:
    """The year, a transaction a day (the poker hands here); then a void of one record in
    VOID_EVERY (two in five land a day or two later: an adjustment in that day's report)."""
    rng, started, dealers = random.Random(SEED), time.perf_counter(), floor.dealers
    state = SimpleNamespace(round=0, hand=0, meter=SEED_CENTS, entries=1, pools=pools(rng))
    with psycopg.connect(os.environ["DATABASE_URL"]) as conn, conn.cursor() as cursor:
        def copy(table):
            return cursor.copy(f"COPY {table} ({COLUMNS[table]}) FROM STDIN")
        with conn.transaction():
            cursor.execute("".join(f"ALTER TABLE {table} DISABLE TRIGGER {table}_seal; "
                                   for table, _, _ in SEALS))
        for day in (day_of(floor, spec, n) for n in range(spec.days)):
            with conn.transaction():
                jackpot = load_stud_day(copy, rng, floor, spec, state, day)
                load_meter_day(copy, floor, state, day, jackpot,
                               day.n in {spec.days * k // 7 for k in range(1, 7)})
                with copy("tables_pokerhand") as rows:
                    for offset, t in sorted((rng.random() * day.length, t) for t, count in
                                            enumerate(day.share(spec.hands, len(floor.poker)))
                                            for _ in range(count)):
                        table, schedule, version, stakes, method = floor.poker[t]
                        state.hand, (shift, at) = state.hand + 1, day.at(offset)
                        rows.write_row((state.hand, table, dealers[~(3 * t + shift + day.n) % len(
                            dealers)], schedule, version, stakes, at.isoformat(), day.day, shift,
                            *rng.choice(state.pools.hands[method]), "quick", "holdem", False,
                            False, "1.0", "{}", "", ""))
            if (day.n + 1) % 30 == 0 or day.n + 1 == spec.days:
                print(f"  loaded {day.n + 1}/{spec.days} days: {state.round:,} rounds, "
                      f"{state.hand:,} hands ({time.perf_counter() - started:.0f} s)", flush=True)
        for table, link in (("tables_studround", "round_id"), ("tables_pokerhand", "hand_id")):
            cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT "
                           f"max(id) FROM {table})); INSERT INTO {table}void ({link}, reason, "
                           f"voided_by_id, voided_at, gaming_day) SELECT id, 'misdeal', "
                           f"{floor.boss}, recorded_at + later * interval '1 day', least("
                           f"gaming_day + later, '{spec.last}'::date) FROM {table}, greatest(id "
                           f"::int / {VOID_EVERY} % 5 - 2, 0) AS later WHERE id % {VOID_EVERY} = 7")
        conn.commit()
        seal(conn, cursor)
    type(floor.jackpot).objects.filter(pk=floor.jackpot.pk).update(amount=money(state.meter))
    return state


def export(client, span, *, service: bool = True) -> tuple[int, int]:
    """Bytes and rows of the seat CSV: the service's, streamed, or its COPY's run by psycopg."""
    from django.db import connection

    from casino.house.models import Casino
    from tables.reports.seat_export import copy_sql
    from tables.reports.selection import Selection
    size = lines = 0
    if service:
        response = client.get("/api/v1/reports/stud/seats/", {"from": span[0], "to": span[1]})
        assert response.status_code == 200, response.content[:300]
        for block in response.streaming_content:
            size, lines = size + len(block), lines + block.count(b"\n")
        return size, lines - 1
    connection.ensure_connection()
    with connection.connection.cursor() as cursor, cursor.copy(*copy_sql(
            Selection(*span, within=tuple(Casino.objects.all())))) as rows:
        for block in rows:   # a row a block: COPY sends a message per row
            size, lines = size + len(block), lines + 1
    return size, lines - 1


def measure_reports(client, spans: dict, repeat: int, days: str) -> list[tuple]:
    rows = []
    for (span, dates), name in ((item, n) for item in spans.items() for n in REPORTS):
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            response = client.get(f"/api/v1/reports/{name}/", {"from": dates[0], "to": dates[1]})
            assert response.status_code == 200, response.content[:300]
            times.append(time.perf_counter() - start)
        seconds, target = statistics.median(times), 2 if span == "month" else 10
        lines = len(response.json()["rows"])   # an empty report would measure nothing
        rows.append((f"{name} report JSON, {days} days", span, f"{seconds:.2f} s ("
                     f"{len(response.content) / 1e3:,.0f} kB, {lines:,} rows)", f"< {target} s",
                     seconds < target and lines > 0))
    return rows


def measure_export(client, month, repeat: int) -> list[tuple]:
    """The service's CSV of the month and the database's COPY of it, interleaved; then the
    export's peak memory for the month and the year, each in a fresh process."""
    runs = {"service": [], "copy": []}
    for _ in range(repeat):
        for name, action in (("service", lambda: export(client, month)),
                             ("copy", lambda: export(client, month, service=False))):
            start = time.perf_counter()
            result = action()
            runs[name].append((time.perf_counter() - start, result))
    (size, lines), copied = runs["service"][0][1], runs["copy"][0][1]
    assert (size, lines) == copied, ((size, lines), copied)
    service, copy = (statistics.median(t for t, _ in runs[n]) for n in ("service", "copy"))
    rows = [(f"seat CSV, {name}", "month", f"{took:.2f} s ({size / 1e6 / took:,.0f} MB/s; "
             f"{size / 1e6:,.1f} MB, {lines:,} rows)", "", None) for name, took in (
                 ("service (streamed)", service), ("PostgreSQL COPY", copy))]
    rows.append(("seat CSV, service speed / COPY speed", "month", f"{copy / service:.2f}",
                 ">= 0.5", copy / service >= 0.5))
    for span, (first, last) in (("month", month), ("year", client.year)):
        got = json.loads(subprocess.run(
            [sys.executable, "-m", "bench.reports", "--memory", first.isoformat(),
             last.isoformat()], capture_output=True, text=True, check=True).stdout.split("\n")[-2])
        growth = (got["after_kb"] - got["before_kb"]) / 1024
        rows.append(("seat CSV, export's peak RSS growth", span, f"{growth:.1f} MB (peak "
                     f"{got['after_kb'] / 1024:.0f} MB; {got['bytes'] / 1e6:,.0f} MB, "
                     f"{got['rows']:,} rows in {got['seconds']:.1f} s)", "< 200 MB", growth < 200))
    return rows


def describe() -> str:
    from django.db import connection
    tables = [*COLUMNS, "tables_studroundvoid", "tables_pokerhandvoid"]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {', '.join(f'(SELECT count(*) FROM {t})' for t in tables)}, "
                       "pg_size_pretty(pg_database_size(current_database())), version()")
        *counts, size, version = cursor.fetchone()
    return (", ".join(f"{n:,} {t}" for n, t in zip(counts, tables, strict=True)) + f"; {size}\n"
            f"{version.split(' (')[0]}, Python {platform.python_version()}, {os.cpu_count()} cores")


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for flag, default in (("--seats", 10_000_000), ("--hands", 2_000_000), ("--tables", 200),
                          ("--days", 365), ("--repeat", 3)):
        parser.add_argument(flag, type=int, default=default)
    parser.add_argument("--small", action="store_true", help="300k seats, 20 tables, 62 days")
    parser.add_argument("--reuse", action="store_true", help="keep a database holding the data")
    parser.add_argument("--memory", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--pdfs", action="store_true",
                        help="the signed PDFs of the demo's three weeks (bench/report_pdfs.py)")
    args = parser.parse_args(argv)
    if args.small:
        args.seats, args.hands, args.tables, args.days = 300_000, 60_000, 20, 62
    args.last = dt.datetime.now(dt.UTC).date() - dt.timedelta(days=2)
    args.first = args.last - dt.timedelta(days=args.days - 1)
    return args


def prepare(args) -> list[tuple]:
    """The database with the year loaded (or reused); the span it holds in args."""
    fresh_database(DATABASE, reuse=args.reuse)
    from django.db.models import Max, Min

    from tables.stud.models import StudRound
    if args.reuse and StudRound.objects.exists():
        span = StudRound.objects.aggregate(first=Min("gaming_day"), last=Max("gaming_day"))
        args.first, args.last = span["first"], span["last"]
        print(f"reusing {DATABASE}: {args.first} to {args.last}", flush=True)
        return []
    print(f"building {DATABASE}: {args.tables} tables, {args.first} to {args.last}", flush=True)
    started = time.perf_counter()
    state = load_year(build_floor(args.tables, args.first), args)
    loaded = time.perf_counter()
    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("VACUUM (ANALYZE)")   # as autovacuum would leave it; hint bits set
    return [("load the year (floor + COPY), then VACUUM ANALYZE", f"{args.days} days",
             f"{loaded - started:.0f} s ({args.seats / (loaded - started):,.0f} seats/s; "
             f"{state.entries:,} meter entries), {time.perf_counter() - loaded:.0f} s", "", None)]


def main(argv=None) -> None:
    args = parse(argv)
    if args.pdfs:
        from bench import report_pdfs
        return report_pdfs.main(["--repeat", str(args.repeat)] + (["--reuse"] * args.reuse))
    rows = prepare(args) if not args.memory else use_database(DATABASE) or []
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client

    from tables.reports.closing import close_ended_days
    from tables.reports.models import ClosedDay
    client = Client()
    client.force_login(User.objects.get(username="bench_accountant"))
    if args.memory:   # a fresh process: its peak RSS before and after one service export
        before, start = peak_kb(), time.perf_counter()   # (ru_maxrss keeps the parent's peak)
        size, lines = export(client, [dt.date.fromisoformat(d) for d in args.memory])
        return print(json.dumps({"before_kb": before, "seconds": time.perf_counter() - start,
                                 "after_kb": peak_kb(), "bytes": size, "rows": lines}))
    client.year, end = (args.first, args.last), args.last if (
        args.last + dt.timedelta(days=1)).day == 1 else args.last.replace(day=1) - dt.timedelta(1)
    month = (max(args.first, end.replace(day=1)), end)
    if not ClosedDay.objects.exists():
        rows += measure_reports(client, {"month": month}, args.repeat, "open")
        started = time.perf_counter()
        count = close_ended_days(progress=lambda books, day: day.day != 1 or print(
            f"  closed through {day} ({time.perf_counter() - started:.0f} s)", flush=True))
        seconds = time.perf_counter() - started
        connection.cursor().execute("ANALYZE")   # the figures, as autovacuum would (off here)
        rows.append(("close every gaming day", f"{count} days",
                     f"{seconds:.0f} s ({seconds / max(count, 1):.2f} s a day)", "", None))
    rows += measure_reports(client, {"month": month, "year": client.year}, args.repeat, "closed")
    rows += measure_export(client, month, args.repeat)
    print(f"\n{describe()}\nmonth {month[0]} to {month[1]}, year {args.first} to {args.last}; "
          f"median of {args.repeat} runs\n\n| measure | span | measured | target | met |\n"
          "|---|---|---|---|---|")
    for name, span, measured, target, met in rows:
        print(f"| {name} | {span} | {measured} | {target} | "
              f"{'' if met is None else 'yes' if met else '**no**'} |")


if __name__ == "__main__":
    main()
