"""The accountant's reports over a year of a busy floor.

    bin/bench            (runs every benchmark)
    python -m bench.reports [--seats N] [--hands N] [--tables N] [--days N] [--small] [--reuse]

casino_bench_reports, on the server of DATABASE_URL (else postgres@127.0.0.1:5432), is dropped,
migrated and filled: the floor through the services, then the year ending two days ago bulk-loaded
with COPY, a transaction per gaming day (``--reuse`` keeps a database that holds it). Measured as
an accountant through Django's test client: the reports' JSON for a month of open days, the close
of every day, the reports for the month and the year once closed, the seat CSV export against
PostgreSQL's own COPY, and the export's peak memory (a fresh process each). See docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from decimal import Decimal
from types import SimpleNamespace

DATABASE, SEED = "casino_bench_reports", 20261201
SERVER = os.environ.get("DATABASE_URL", "").strip().rsplit("/", 1)[0] or \
    "postgres://postgres@127.0.0.1:5432"
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
JACKPOT_SHARE, VOID_SHARE, SEED_CENTS, CONTRIBUTION_CENTS = 0.10, 0.0005, 1_000_000, 70
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
    "reason, created_at, gaming_day",
    "tables_studroundvoid": "round_id, reason, voided_by_id, voided_at, gaming_day",
    "tables_pokerhandvoid": "hand_id, reason, voided_by_id, voided_at, gaming_day",
}


def money(cents: int) -> str:
    sign, cents = ("-", -cents) if cents < 0 else ("", cents)
    return f"{sign}{cents // 100}.{cents % 100:02}"


def setup_django() -> None:
    os.environ["DATABASE_URL"] = f"{SERVER}/{DATABASE}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()   # 'testserver' allowed, DEBUG off (no query log)


def build_floor(n_tables: int):
    """The casino, its tables and people through the services (the ORM for the users and the
    progressive, whose first ledger entry is loaded with the year)."""
    from django.contrib.auth.models import Group, User

    from payouts.jackpots.models import US_AWARDS, Progressive
    from payouts.terms import services as terms
    from tables.floor import services as floor
    from tables.poker.kills import stakes_of

    groups = {g.name: g for g in Group.objects.all()}
    boss = User.objects.create_user("bench_boss")
    boss.groups.add(groups["supervisor"])
    User.objects.create_user("bench_accountant").groups.add(groups["accountant"])
    dealers = User.objects.bulk_create(User(username=f"dealer{n:03}", password="!")
                                       for n in range(max(3, n_tables * 3 // 2)))
    User.groups.through.objects.bulk_create(User.groups.through(user=d, group=groups["dealer"])
                                            for d in dealers)
    casino = floor.casino_create(actor=boss, name="Bench Reports", currency="USD",
                                 timezone="America/New_York")
    us = terms.paytable_publish(actor=boss, paytable=terms.paytable_create(
        actor=boss, name="Bench US", variant="us"))
    us2 = terms.paytable_publish(actor=boss, paytable=terms.paytable_new_version(
        actor=boss, paytable=us))
    jackpot = Progressive.objects.create(
        name="Bench Jackpot", currency="USD", casino=casino, seed=money(SEED_CENTS),
        amount=money(SEED_CENTS), contribution_rate=Decimal("0.70"), awards=US_AWARDS)
    schedules = [terms.schedule_publish(actor=boss, schedule=terms.schedule_create(
        actor=boss, name=name, no_flop_no_drop=True, bad_beat_drop=Decimal(1),
        bad_beat_min_pot=Decimal(20), **spec)) for name, spec in (
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


def seat_pool(rng: random.Random, qualified: bool) -> list[tuple]:
    """Seat results signed from the player's side: two hands in five fold; a raise wins the ante
    if the dealer does not qualify, else wins at the odds, pushes or loses. House: ~8% of antes."""
    odds = {"one_pair": 1, "two_pair": 2, "three_of_a_kind": 3, "straight": 4, "flush": 5,
            "full_house": 7, "four_of_a_kind": 20}
    pool = []
    for _ in range(4096):
        ante = rng.choices((500, 1000, 2500, 10000), (50, 30, 15, 5))[0]
        category, draw = rng.choices(list(odds), (750, 170, 55, 14, 7, 3, 1))[0], rng.random()
        if draw < 0.40:
            play = ("fold", "high_card", "fold", -ante, 0)
        elif not qualified:
            play = ("raise", category, "dealer_not_qualified", ante, 0)
        elif draw < 0.40 + 0.60 * 0.47:
            play = ("raise", category, "win", ante, 2 * ante * odds[category])
        else:
            play = ("raise", category, "push", 0, 0) if draw < 0.40 + 0.60 * 0.49 else \
                ("raise", "high_card", "lose", -ante, -2 * ante)
        pool.append((money(ante), *play[:3], money(play[3]), money(play[4])))
    return pool


def pools(rng: random.Random) -> SimpleNamespace:
    """Dealer hands (cards, category and qualifier by the project's evaluator), seat results and
    poker collections to draw the rows from."""
    from tables.rules.cards import parse_cards
    from tables.rules.hands import category_name, evaluate
    from tables.rules.stud import qualifier_value

    dealer, hands = [], {"percentage": [], "fixed_drop": []}
    for cards in (rng.sample(DECK, 5) for _ in range(2048)):
        value = evaluate(parse_cards(cards))
        dealer.append((f"{{{','.join(cards)}}}", category_name(value),
                       value >= qualifier_value("AK")))
    for method, pool in hands.items():
        for flop in (rng.random() < 0.85 for _ in range(4096)):
            pot = max(30, round(rng.lognormvariate(4.0, 0.8))) * 100 if flop else 3000
            rake = (min(pot // 10, 500) if method == "percentage" else 300) if flop else 0
            pool.append((flop, money(pot), money(rake), money(100 * (flop and pot >= 2000))))
    return SimpleNamespace(dealer=dealer, hands=hands,
                           seats={True: seat_pool(rng, True), False: seat_pool(rng, False)})


def clock_of(casino, day: dt.date):
    """The day's first instant, its length in seconds and when shifts 2 and 3 begin (14:00 and
    22:00 local) in seconds from its start."""
    begin, end = casino.day_bounds(day)
    return begin, (end - begin).total_seconds(), [
        (dt.datetime.combine(day, dt.time(h), tzinfo=casino.zone) - begin).total_seconds()
        for h in (14, 22)]


def budget(total: int, cells: int, cell: int) -> int:
    return total // cells + (cell < total % cells)


def load_stud_day(copy, rng, floor, spec, state, n: int, day: dt.date) -> list[tuple]:
    """One day's rounds and seats; returns the rounds with jackpot wagers, in time order."""
    begin, length, marks = clock_of(floor.casino, day)
    tables, rounds, played, jackpot = len(floor.stud), [], [], []
    for t in range(tables):
        seats = budget(spec.seats, tables * spec.days, n * tables + t)
        while seats > 0:
            count = min(seats, rng.randint(1, 7))
            rounds.append((rng.random() * length, t, count))
            seats -= count
    paytable, dealers = floor.paytables[n >= spec.days // 2], floor.dealers
    with copy("tables_studround") as rows:
        for offset, t, count in sorted(rounds):
            state.round += 1
            shift, at = 1 + (offset >= marks[0]) + (offset >= marks[1]), \
                begin + dt.timedelta(seconds=offset)
            cards, category, qualified = rng.choice(state.pools.dealer)
            rows.write_row((state.round, floor.stud[t], paytable,
                            dealers[(3 * t + shift + n) % len(dealers)], at.isoformat(), day,
                            shift, cards, category, qualified, False, "", "", ""))
            played.append((state.round, at, count, qualified))
            if rng.random() < VOID_SHARE:
                state.voids["tables_studroundvoid"].append((state.round, at, n))
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


def load_meter_day(copy, floor, state, day: dt.date, jackpot: list, award: bool) -> None:
    """A contribution entry per round with jackpot wagers; on an award day a royal flush takes
    the whole meter halfway through the day and the meter resets to its seed."""
    pk, seed = floor.jackpot.pk, money(SEED_CENTS)
    with copy("payouts_meterentry") as rows:
        if state.meter is None:
            state.meter = SEED_CENTS
            rows.write_row((pk, "meter", "reset", seed, seed, "0", None, "initial seed",
                            floor.casino.day_bounds(day)[0], day))
        for n, (round_id, at, wagers) in enumerate(jackpot):
            state.meter, state.entries = state.meter + wagers * CONTRIBUTION_CENTS, state.entries + 1
            rows.write_row((pk, "meter", "contribution", money(wagers * CONTRIBUTION_CENTS),
                            money(state.meter), money(wagers * 100), round_id, "", at, day))
            if award and n == len(jackpot) // 2:
                rows.write_row((pk, "meter", "award", money(-state.meter), "0.00", "0", round_id,
                                "seat 1", at, day))
                rows.write_row((pk, "meter", "reset", seed, seed, "0", round_id, "reset to seed",
                                at, day))
                state.meter, state.entries = SEED_CENTS, state.entries + 2


def load_poker_day(copy, rng, floor, spec, state, n: int, day: dt.date) -> None:
    begin, length, marks = clock_of(floor.casino, day)
    tables, dealers = len(floor.poker), floor.dealers
    hands = sorted((rng.random() * length, t) for t in range(tables)
                   for _ in range(budget(spec.hands, tables * spec.days, n * tables + t)))
    with copy("tables_pokerhand") as rows:
        for offset, t in hands:
            state.hand += 1
            table, schedule, version, stakes, method = floor.poker[t]
            shift, at = 1 + (offset >= marks[0]) + (offset >= marks[1]), \
                begin + dt.timedelta(seconds=offset)
            rows.write_row((state.hand, table, dealers[-1 - (3 * t + shift + n) % len(dealers)],
                            schedule, version, stakes, at.isoformat(), day, shift,
                            *rng.choice(state.pools.hands[method]), "quick", "holdem", False,
                            False, "1.0", "{}", "", ""))
            if rng.random() < VOID_SHARE:
                state.voids["tables_pokerhandvoid"].append((state.hand, at, n))


def load_year(floor, spec) -> SimpleNamespace:
    """The year, a transaction a day; then the voids (one in four lands a day to three later:
    an adjustment in the later day's report) and the identity sequences moved past the ids."""
    import psycopg

    rng, awards, started = random.Random(SEED), {spec.days * k // 7 for k in range(1, 7)}, \
        time.perf_counter()
    state = SimpleNamespace(round=0, hand=0, meter=None, entries=0, pools=pools(rng), voids={
        "tables_studroundvoid": [], "tables_pokerhandvoid": []})
    with psycopg.connect(os.environ["DATABASE_URL"]) as conn, conn.cursor() as cursor:
        def copy(table):
            return cursor.copy(f"COPY {table} ({COLUMNS[table]}) FROM STDIN")

        for n in range(spec.days):
            day = spec.first + dt.timedelta(days=n)
            with conn.transaction():
                jackpot = load_stud_day(copy, rng, floor, spec, state, n, day)
                load_meter_day(copy, floor, state, day, jackpot, n in awards)
                load_poker_day(copy, rng, floor, spec, state, n, day)
            if (n + 1) % 30 == 0 or n + 1 == spec.days:
                print(f"  loaded {n + 1}/{spec.days} days: {state.round:,} rounds, {state.hand:,} "
                      f"hands ({time.perf_counter() - started:.0f} s)", flush=True)
        with conn.transaction():
            for table, voids in state.voids.items():
                with copy(table) as rows:
                    for record, at, n in voids:
                        later = min(rng.choice((0, 0, 0, 1, 2, 3)), spec.days - 1 - n)
                        day = spec.first + dt.timedelta(days=n + later)
                        when = floor.casino.day_bounds(day)[0] + dt.timedelta(hours=2) if later \
                            else at + dt.timedelta(minutes=5)
                        rows.write_row((record, "misdeal", floor.boss, when, day))
            for table in ("tables_studround", "tables_pokerhand"):
                cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                               f"(SELECT max(id) FROM {table}))")
    floor.jackpot.__class__.objects.filter(pk=floor.jackpot.pk).update(amount=money(state.meter))
    return state


def get(client, path: str, span):
    response = client.get(path, {"from": span[0].isoformat(), "to": span[1].isoformat()})
    assert response.status_code == 200, response.content[:300]
    return response


def service_export(client, span) -> tuple[int, int]:
    size = lines = 0
    for block in get(client, "/api/v1/reports/stud/seats/", span).streaming_content:
        size, lines = size + len(block), lines + block.count(b"\n")
    return size, lines - 1


def copy_export(span) -> tuple[int, int]:
    from django.db import connection

    from tables.reports.seat_export import copy_sql
    from tables.reports.selection import Selection

    sql, params = copy_sql(Selection(first=span[0], last=span[1]))
    connection.ensure_connection()
    size = lines = 0
    with connection.connection.cursor() as cursor, cursor.copy(sql, params) as copy:
        for block in copy:   # one row a block: COPY sends a message per row
            size, lines = size + len(block), lines + 1
    return size, lines - 1


def accountant_client():
    from django.contrib.auth.models import User
    from django.test import Client

    client = Client()
    client.force_login(User.objects.get(username="bench_accountant"))
    return client


def memory_child(first: str, last: str) -> None:
    """In a fresh process: the peak RSS before and after one service export."""
    setup_django()
    client, span = accountant_client(), (dt.date.fromisoformat(first), dt.date.fromisoformat(last))
    service_export(client, (span[0], span[0]))   # imports, first plans, the connection
    before, start = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, time.perf_counter()
    size, rows = service_export(client, span)
    print(json.dumps({"before_kb": before, "seconds": time.perf_counter() - start, "bytes": size,
                      "after_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "rows": rows}))


def measure_reports(client, spans: dict, repeat: int, days: str) -> list[tuple]:
    rows = []
    for (span, dates), name in ((s, n) for s in spans.items() for n in ("rake", "jackpots", "stud")):
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            size = len(get(client, f"/api/v1/reports/{name}/", dates).content)
            times.append(time.perf_counter() - start)
        seconds, target = statistics.median(times), 2 if span == "month" else 10
        rows.append((f"{name} report JSON, {days} days", span,
                     f"{seconds:.2f} s ({size / 1e3:,.0f} kB)", f"< {target} s", seconds < target))
    return rows


def measure_export(client, month, repeat: int) -> list[tuple]:
    """The service's CSV of the month and the database's COPY of it, interleaved."""
    runs = {"service": [], "copy": []}
    for _ in range(repeat):
        for name, action in (("service", lambda: service_export(client, month)),
                             ("copy", lambda: copy_export(month))):
            start = time.perf_counter()
            result = action()
            runs[name].append((time.perf_counter() - start, result))
    (size, lines), copied = runs["service"][0][1], runs["copy"][0][1]
    assert (size, lines) == copied, ((size, lines), copied)
    service, copy = (statistics.median(t for t, _ in runs[n]) for n in ("service", "copy"))
    return [("seat CSV, service (streamed)", "month", f"{service:.2f} s ({size / 1e6 / service:,.0f}"
             f" MB/s; {size / 1e6:,.1f} MB, {lines:,} rows)", "", None),
            ("seat CSV, PostgreSQL COPY", "month", f"{copy:.2f} s ({size / 1e6 / copy:,.0f} MB/s)",
             "", None),
            ("seat CSV, service speed / COPY speed", "month", f"{copy / service:.2f}", ">= 0.5",
             copy / service >= 0.5)]


def measure_memory(spans: dict) -> list[tuple]:
    rows = []
    for span, (first, last) in spans.items():
        out = subprocess.run([sys.executable, "-m", "bench.reports", "--memory", first.isoformat(),
                              last.isoformat()], capture_output=True, text=True, check=True)
        got = json.loads(out.stdout.strip().splitlines()[-1])
        growth = (got["after_kb"] - got["before_kb"]) / 1024
        rows.append(("seat CSV, export's peak RSS growth", span, f"{growth:.1f} MB (peak "
                     f"{got['after_kb'] / 1024:.0f} MB; {got['bytes'] / 1e6:,.0f} MB, "
                     f"{got['rows']:,} rows in {got['seconds']:.1f} s)", "< 200 MB", growth < 200))
    return rows


def close_year(first: dt.date) -> tuple:
    from tables.reports.closing import close_ended_days

    started = time.perf_counter()

    def progress(books, day):
        if (day - first).days % 30 == 29:
            print(f"  closed through {day} ({time.perf_counter() - started:.0f} s)", flush=True)

    count = close_ended_days(progress=progress)
    seconds = time.perf_counter() - started
    return ("close every gaming day", f"{count} days",
            f"{seconds:.0f} s ({seconds / max(count, 1):.2f} s a day)", "", None)


def describe() -> str:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(f"(SELECT count(*) FROM {t})" for t in COLUMNS)
                       + ", pg_size_pretty(pg_database_size(current_database())), "
                       + ", ".join(f"current_setting('{s}')" for s in (
                           "server_version", "jit", "work_mem", "shared_buffers")))
        *counts, size, version, jit, work_mem, buffers = cursor.fetchone()
    return (", ".join(f"{n:,} {t}" for n, t in zip(counts, COLUMNS, strict=False)) + f"; database "
            f"{size}\nPostgreSQL {version} (jit {jit}, work_mem {work_mem}, shared_buffers "
            f"{buffers}), Python {platform.python_version()}, {os.cpu_count()} cores")


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for flag, default, words in (("--seats", 10_000_000, "stud seat results"),
                                 ("--hands", 2_000_000, "poker hands"),
                                 ("--tables", 200, "tables, 3/5 of them stud"),
                                 ("--days", 365, "gaming days"),
                                 ("--repeat", 3, "runs of each timing (the median)")):
        parser.add_argument(flag, type=int, default=default, help=words)
    parser.add_argument("--small", action="store_true",
                        help="a quick try: 300k seats, 60k hands, 20 tables, 62 days")
    parser.add_argument("--reuse", action="store_true",
                        help="keep the database if it already holds the data")
    parser.add_argument("--memory", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.small:
        args.seats, args.hands, args.tables, args.days = 300_000, 60_000, 20, 62
    args.last = dt.datetime.now(dt.UTC).date() - dt.timedelta(days=2)
    args.first = args.last - dt.timedelta(days=args.days - 1)
    return args


def prepare(args) -> list[tuple]:
    """The database with the year loaded (or reused); the span it holds in args."""
    import psycopg

    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        if not (args.reuse and conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                                            [DATABASE]).fetchone()):
            conn.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {DATABASE}")
    setup_django()
    from django.core.management import call_command
    from django.db.models import Max, Min

    from tables.stud.models import StudRound

    call_command("migrate", verbosity=0)
    if args.reuse and StudRound.objects.exists():
        span = StudRound.objects.aggregate(first=Min("gaming_day"), last=Max("gaming_day"))
        args.first, args.last = span["first"], span["last"]
        print(f"reusing {DATABASE}: {args.first} to {args.last}", flush=True)
        return []
    print(f"building {DATABASE}: {args.tables} tables, {args.first} to {args.last}", flush=True)
    started = time.perf_counter()
    state = load_year(build_floor(args.tables), args)
    loaded = time.perf_counter()
    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("VACUUM (ANALYZE)")   # as autovacuum would leave it; hint bits set
    return [("load the year (floor + COPY)", f"{args.days} days", f"{loaded - started:.0f} s "
             f"({args.seats / (loaded - started):,.0f} seats/s; {state.entries:,} meter entries)",
             "", None),
            ("VACUUM ANALYZE after loading", "", f"{time.perf_counter() - loaded:.0f} s", "", None)]


def main(argv=None) -> None:
    args = parse(argv)
    if args.memory:
        memory_child(*args.memory)
        return
    rows = prepare(args)
    from tables.reports.models import ClosedDay

    client, year = accountant_client(), (args.first, args.last)
    end = args.last if (args.last + dt.timedelta(days=1)).day == 1 else \
        args.last.replace(day=1) - dt.timedelta(days=1)
    month = (max(args.first, end.replace(day=1)), end)
    if not ClosedDay.objects.exists():
        rows += measure_reports(client, {"month": month}, args.repeat, "open")
        rows.append(close_year(args.first))
    rows += measure_reports(client, {"month": month, "year": year}, args.repeat, "closed")
    rows += measure_export(client, month, args.repeat)
    rows += measure_memory({"month": month, "year": year})
    print(f"\n{describe()}\nmonth {month[0]} to {month[1]}, year {year[0]} to {year[1]}; "
          f"median of {args.repeat} runs\n\n| measure | span | measured | target | met |\n"
          "|---|---|---|---|---|")
    for name, span, measured, target, met in rows:
        verdict = "" if met is None else ("yes" if met else "**no**")
        print(f"| {name} | {span} | {measured} | {target} | {verdict} |")


if __name__ == "__main__":
    main()
