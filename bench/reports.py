"""The accountant's reports over a year of a busy floor.

    bin/bench            (runs every benchmark)
    python -m bench.reports [--seats N] [--hands N] [--tables N] [--days N] [--small]
                            [--reuse] [--repeat N]

A dedicated database (casino_bench_reports, on the PostgreSQL server of DATABASE_URL,
else postgres@127.0.0.1:5432) is dropped, migrated and filled: casino, tables, users,
paytables, collection schedules and the progressive through the services or the ORM,
then a year of stud rounds and seat results, poker hands, voids and the meter's ledger
bulk-loaded with COPY, one transaction per gaming day (``--reuse`` keeps a database that
already holds the data). The year ends two days ago, so every one of its days has ended.

Measured through Django's test client as an accountant, in one run: each report's JSON
for a month before the days are closed, the time to close every day
(``close_ended_days``), each report's JSON for the month and for the year once closed,
the seat CSV export of the month against PostgreSQL's own COPY of the same rows, and the
export's peak memory for the month and the year (a fresh process per measurement).
Results are recorded in docs/benchmarks.md.
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

DATABASE = "casino_bench_reports"
SEED = 20261201
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
JACKPOT_SHARE, VOID_SHARE, SEED_CENTS, CONTRIBUTION_CENTS = 0.10, 0.0005, 1_000_000, 70
ROUND_COLUMNS = ("id, table_id, paytable_id, dealer_id, recorded_at, gaming_day, shift, "
                 "dealer_cards, dealer_category, dealer_qualified, dealer_took_fifth_card, "
                 "void, idempotency_key, idempotency_fingerprint")
SEAT_COLUMNS = ("round_id, seat, ante, decision, category, outcome, ante_result, bet_result, "
                "progressive, progressive_wager, side_wager, irregularity")
HAND_COLUMNS = ("id, table_id, dealer_id, rake_schedule_id, settings_version, stakes, "
                "recorded_at, gaming_day, shift, flop_dealt, pot, rake, bad_beat_drop, mode, "
                "game, kill_hand, next_kill, next_kill_multiplier, board, idempotency_key, "
                "idempotency_fingerprint")
METER_COLUMNS = ("progressive_id, meter, kind, amount, balance_after, wagers, round_id, "
                 "reason, created_at, gaming_day")
REPORTS = ("rake", "jackpots", "stud")


def money(cents: int) -> str:
    sign, cents = ("-", -cents) if cents < 0 else ("", cents)
    return f"{sign}{cents // 100}.{cents % 100:02}"


def server_url() -> str:
    url = os.environ.get("DATABASE_URL", "").strip()
    return url.rsplit("/", 1)[0] if url else "postgres://postgres@127.0.0.1:5432"


def setup_django(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()   # 'testserver' allowed, DEBUG off (no query log)


def fresh_database(server: str, reuse: bool) -> None:
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        if reuse and conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                                  [DATABASE]).fetchone():
            return
        conn.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DATABASE}")


def build_floor(n_tables: int):
    """The casino, its tables and people through the services (the ORM for the users and
    the progressive, whose first ledger entry is loaded with the year)."""
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
        actor=boss, name=name, **spec)) for name, spec in (
        ("10% capped at 5", {"percent": Decimal(10), "cap": Decimal(5), "no_flop_no_drop": True,
                             "bad_beat_drop": Decimal(1), "bad_beat_min_pot": Decimal(20)}),
        ("Fixed drop 3", {"method": "fixed_drop", "fixed_drop": Decimal(3),
                          "no_flop_no_drop": True, "bad_beat_drop": Decimal(1),
                          "bad_beat_min_pot": Decimal(20)}))]
    n_stud = n_tables * 3 // 5
    stud = [floor.table_create(actor=boss, casino=casino, label=f"CS-{n + 1:03}",
                               game="caribbean_stud", status="open", paytable=us,
                               progressive=jackpot).pk for n in range(n_stud)]
    poker = []
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


def seat_pool(rng: random.Random, qualified: bool, size: int = 4096) -> list[tuple]:
    """Seat results, signed from the player's side: two hands in five fold; a raise wins
    the ante when the dealer does not qualify, else wins (at the paytable's odds), pushes
    or loses. The house keeps about 8% of the antes."""
    odds = {"one_pair": 1, "two_pair": 2, "three_of_a_kind": 3, "straight": 4, "flush": 5,
            "full_house": 7, "four_of_a_kind": 20}
    pool = []
    for _ in range(size):
        ante = rng.choices((500, 1000, 2500, 10000), (50, 30, 15, 5))[0]
        category = rng.choices(list(odds), (750, 170, 55, 14, 7, 3, 1))[0]
        draw = rng.random()
        if draw < 0.40:
            play = ("fold", "high_card", "fold", -ante, 0)
        elif not qualified:
            play = ("raise", category, "dealer_not_qualified", ante, 0)
        elif draw < 0.40 + 0.60 * 0.47:
            play = ("raise", category, "win", ante, 2 * ante * odds[category])
        elif draw < 0.40 + 0.60 * 0.49:
            play = ("raise", category, "push", 0, 0)
        else:
            play = ("raise", "high_card", "lose", -ante, -2 * ante)
        pool.append((money(ante), *play[:3], money(play[3]), money(play[4])))
    return pool


def pools(rng: random.Random) -> SimpleNamespace:
    from tables.rules.cards import parse_cards
    from tables.rules.hands import category_name, evaluate
    from tables.rules.stud import qualifier_value

    dealer = []
    for _ in range(2048):
        cards = rng.sample(DECK, 5)
        value = evaluate(parse_cards(cards))
        dealer.append(("{" + ",".join(cards) + "}", category_name(value),
                       value >= qualifier_value("AK")))
    hands = {}
    for method in ("percentage", "fixed_drop"):
        hands[method] = []
        for _ in range(4096):
            flop = rng.random() < 0.85
            pot = max(30, round(rng.lognormvariate(4.0, 0.8))) * 100 if flop else 3000
            rake = (min(pot // 10, 500) if method == "percentage" else 300) if flop else 0
            bad = 100 if flop and pot >= 2000 else 0
            hands[method].append((flop, money(pot), money(rake), money(bad)))
    return SimpleNamespace(dealer=dealer, hands=hands, seats={
        True: seat_pool(rng, True), False: seat_pool(rng, False)})


def clock_of(casino, day: dt.date):
    """The day's first instant (UTC), its length in seconds and when shifts 2 and 3
    begin (14:00 and 22:00 local), in seconds from its start."""
    begin, end = casino.day_bounds(day)
    marks = [(dt.datetime.combine(day, dt.time(hour), tzinfo=casino.zone) - begin)
             .total_seconds() for hour in (14, 22)]
    return begin, (end - begin).total_seconds(), marks


def budget(total: int, cells: int, cell: int) -> int:
    return total // cells + (cell < total % cells)


def load_stud_day(copy_of, rng, floor, spec, state, n: int, day: dt.date) -> list[tuple]:
    """One day's rounds and seats; returns the rounds with jackpot wagers, in time order."""
    begin, length, marks = clock_of(floor.casino, day)
    cells, tables = len(floor.stud) * spec.days, len(floor.stud)
    rounds = []
    for t in range(tables):
        seats = budget(spec.seats, cells, n * tables + t)
        while seats > 0:
            count = min(seats, rng.randint(1, 7))
            rounds.append((rng.random() * length, t, count))
            seats -= count
    rounds.sort()
    paytable, dealers, played = floor.paytables[n >= spec.days // 2], floor.dealers, []
    with copy_of(f"COPY tables_studround ({ROUND_COLUMNS}) FROM STDIN") as copy:
        for offset, t, count in rounds:
            state.round += 1
            shift = 1 + (offset >= marks[0]) + (offset >= marks[1])
            cards, category, qualified = rng.choice(state.pools.dealer)
            at = begin + dt.timedelta(seconds=offset)
            copy.write_row((state.round, floor.stud[t], paytable,
                            dealers[(3 * t + shift + n) % len(dealers)], at.isoformat(), day,
                            shift, cards, category, qualified, False, "", "", ""))
            played.append((state.round, at, count, qualified))
            if rng.random() < VOID_SHARE:
                state.voids["round"].append((state.round, at, n))
    jackpot = []
    with copy_of(f"COPY tables_studseat ({SEAT_COLUMNS}) FROM STDIN") as copy:
        for round_id, at, count, qualified in played:
            results, start, wagers = state.pools.seats[qualified], rng.randint(1, 8 - count), 0
            for seat in range(start, start + count):
                side = rng.random() < JACKPOT_SHARE
                wagers += side
                copy.write_row((round_id, seat, *rng.choice(results), side,
                                "1.00" if side else None, "stands" if side else "", ""))
            if wagers:
                jackpot.append((round_id, at, wagers))
    return jackpot


def load_meter_day(copy_of, floor, state, day: dt.date, jackpot: list, award: bool) -> None:
    """One contribution entry per round with jackpot wagers; on an award day a royal flush
    takes the whole meter halfway through the day and the meter resets to its seed."""
    pk = floor.jackpot.pk
    with copy_of(f"COPY payouts_meterentry ({METER_COLUMNS}) FROM STDIN") as copy:
        if state.meter is None:
            state.meter = SEED_CENTS
            copy.write_row((pk, "meter", "reset", money(SEED_CENTS), money(SEED_CENTS), "0",
                            None, "initial seed", floor.casino.day_bounds(day)[0], day))
        for n, (round_id, at, wagers) in enumerate(jackpot):
            state.meter += wagers * CONTRIBUTION_CENTS
            state.entries += 1
            copy.write_row((pk, "meter", "contribution", money(wagers * CONTRIBUTION_CENTS),
                            money(state.meter), money(wagers * 100), round_id, "", at, day))
            if award and n == len(jackpot) // 2:
                copy.write_row((pk, "meter", "award", money(-state.meter), "0.00", "0",
                                round_id, "seat 1", at, day))
                copy.write_row((pk, "meter", "reset", money(SEED_CENTS), money(SEED_CENTS),
                                "0", round_id, "reset to seed", at, day))
                state.meter, state.entries = SEED_CENTS, state.entries + 2


def load_poker_day(copy_of, rng, floor, spec, state, n: int, day: dt.date) -> None:
    begin, length, marks = clock_of(floor.casino, day)
    tables = len(floor.poker)
    hands = sorted((rng.random() * length, t) for t in range(tables)
                   for _ in range(budget(spec.hands, tables * spec.days, n * tables + t)))
    dealers = floor.dealers
    with copy_of(f"COPY tables_pokerhand ({HAND_COLUMNS}) FROM STDIN") as copy:
        for offset, t in hands:
            state.hand += 1
            table, schedule, version, stakes, method = floor.poker[t]
            shift = 1 + (offset >= marks[0]) + (offset >= marks[1])
            at = begin + dt.timedelta(seconds=offset)
            copy.write_row((state.hand, table, dealers[-1 - (3 * t + shift + n) % len(dealers)],
                            schedule, version, stakes, at.isoformat(), day, shift,
                            *rng.choice(state.pools.hands[method]), "quick", "holdem", False,
                            False, "1.0", "{}", "", ""))
            if rng.random() < VOID_SHARE:
                state.voids["hand"].append((state.hand, at, n))


def load_voids(copy_of, rng, floor, spec, state) -> None:
    """Most voids on the record's own day; one in four a day to three later (an
    adjustment in the report of the later day)."""
    for kind, table in (("round", "tables_studroundvoid"), ("hand", "tables_pokerhandvoid")):
        with copy_of(f"COPY {table} ({kind}_id, reason, voided_by_id, voided_at, gaming_day) "
                     "FROM STDIN") as copy:
            for record, at, n in state.voids[kind]:
                later = min(rng.choice((0, 0, 0, 1, 2, 3)), spec.days - 1 - n)
                day = spec.first + dt.timedelta(days=n + later)
                when = (at + dt.timedelta(minutes=5) if not later
                        else floor.casino.day_bounds(day)[0] + dt.timedelta(hours=2))
                copy.write_row((record, "misdeal recorded as a round", floor.boss, when, day))


def load_year(url: str, floor, spec) -> SimpleNamespace:
    import psycopg

    from payouts.jackpots.models import Progressive

    rng = random.Random(SEED)
    state = SimpleNamespace(round=0, hand=0, meter=None, entries=0, pools=pools(rng),
                            voids={"round": [], "hand": []})
    awards = {spec.days * k // 7 for k in range(1, 7)}
    started = time.perf_counter()
    with psycopg.connect(url) as conn, conn.cursor() as cursor:
        for n in range(spec.days):
            day = spec.first + dt.timedelta(days=n)
            with conn.transaction():
                jackpot = load_stud_day(cursor.copy, rng, floor, spec, state, n, day)
                load_meter_day(cursor.copy, floor, state, day, jackpot, n in awards)
                load_poker_day(cursor.copy, rng, floor, spec, state, n, day)
            if (n + 1) % 30 == 0 or n + 1 == spec.days:
                print(f"  loaded {n + 1}/{spec.days} days, {state.round:,} rounds, "
                      f"{state.hand:,} hands ({time.perf_counter() - started:.0f} s)",
                      flush=True)
        with conn.transaction():
            load_voids(cursor.copy, rng, floor, spec, state)
            for table in ("tables_studround", "tables_pokerhand"):
                cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                               f"(SELECT max(id) FROM {table}))")
    Progressive.objects.filter(pk=floor.jackpot.pk).update(amount=money(state.meter))
    return state


def analyze(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("VACUUM (ANALYZE)")


def median_time(action, repeat: int):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def report_json(client, name: str, span) -> int:
    response = client.get(f"/api/v1/reports/{name}/", {"from": span[0].isoformat(),
                                                       "to": span[1].isoformat()})
    assert response.status_code == 200, response.content[:300]
    return len(response.content)


def service_export(client, span) -> tuple[int, int]:
    response = client.get("/api/v1/reports/stud/seats/", {"from": span[0].isoformat(),
                                                          "to": span[1].isoformat()})
    assert response.status_code == 200, response.content[:300]
    size = lines = 0
    for block in response.streaming_content:
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
    setup_django(f"{server_url()}/{DATABASE}")
    client = accountant_client()
    day = dt.date.fromisoformat(first)
    service_export(client, (day, day))   # imports, first plans, the connection
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    size, rows = service_export(client, (day, dt.date.fromisoformat(last)))
    print(json.dumps({"before_kb": before, "seconds": time.perf_counter() - start,
                      "after_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                      "bytes": size, "rows": rows}))


def memory_of(span) -> dict:
    out = subprocess.run([sys.executable, "-m", "bench.reports", "--memory",
                          span[0].isoformat(), span[1].isoformat()],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure_reports(client, spans: dict, repeat: int, days: str) -> list[tuple]:
    rows = []
    for span, dates in spans.items():
        for name in REPORTS:
            seconds, size = median_time(lambda n=name, d=dates: report_json(client, n, d), repeat)
            target = 2 if span == "month" else 10
            rows.append((f"{name} report JSON, {days} days", span,
                         f"{seconds:.2f} s ({size / 1e3:,.0f} kB)", f"< {target} s",
                         seconds < target))
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
    (size, lines), (copy_size, copy_lines) = runs["service"][0][1], runs["copy"][0][1]
    assert (size, lines) == (copy_size, copy_lines), (size, lines, copy_size, copy_lines)
    service, copy = (statistics.median(t for t, _ in runs[n]) for n in ("service", "copy"))
    made = f"{size / 1e6:,.1f} MB, {lines:,} rows"
    rows = [("seat CSV, service (streamed)", "month",
             f"{service:.2f} s ({size / 1e6 / service:,.0f} MB/s; {made})", "", None),
            ("seat CSV, PostgreSQL COPY", "month",
             f"{copy:.2f} s ({size / 1e6 / copy:,.0f} MB/s)", "", None),
            ("seat CSV, service speed / COPY speed", "month", f"{copy / service:.2f}",
             ">= 0.5", copy / service >= 0.5)]
    for span, dates in (("month", month), ("year", None)):
        got = memory_of(dates or client.year)
        growth = (got["after_kb"] - got["before_kb"]) / 1024
        rows.append(("seat CSV, export's peak RSS growth", span,
                     f"{growth:.1f} MB (peak {got['after_kb'] / 1024:.0f} MB; "
                     f"{got['bytes'] / 1e6:,.0f} MB, {got['rows']:,} rows in "
                     f"{got['seconds']:.1f} s)", "< 200 MB", growth < 200))
    return rows


def close_year(year) -> tuple:
    from tables.reports.closing import close_ended_days

    started = time.perf_counter()

    def progress(books, day):
        if (day - year[0]).days % 30 == 29:
            print(f"  closed through {day} ({time.perf_counter() - started:.0f} s)", flush=True)

    count = close_ended_days(progress=progress)
    seconds = time.perf_counter() - started
    return ("close every gaming day", f"{count} days", f"{seconds:.0f} s "
            f"({seconds / max(count, 1):.2f} s a day)", "", None)


def sizes() -> str:
    from django.db import connection

    tables = ("tables_studround", "tables_studseat", "tables_pokerhand", "payouts_meterentry",
              "tables_studroundvoid", "tables_pokerhandvoid")
    with connection.cursor() as cursor:
        counts = []
        for table in tables:
            cursor.execute(f"SELECT count(*) FROM {table}")
            counts.append(f"{cursor.fetchone()[0]:,} {table}")
        cursor.execute("SELECT count(*) FROM tables_table")
        counts.append(f"{cursor.fetchone()[0]} tables")
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        counts.append(f"database {cursor.fetchone()[0]}")
    return ", ".join(counts)


def print_table(rows: list[tuple]) -> None:
    print("| measure | span | measured | target | met |")
    print("|---|---|---|---|---|")
    for name, span, measured, target, met in rows:
        verdict = "" if met is None else ("yes" if met else "**no**")
        print(f"| {name} | {span} | {measured} | {target} | {verdict} |")


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=10_000_000, help="stud seat results")
    parser.add_argument("--hands", type=int, default=2_000_000, help="poker hands")
    parser.add_argument("--tables", type=int, default=200, help="tables (3/5 stud)")
    parser.add_argument("--days", type=int, default=365, help="gaming days")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing")
    parser.add_argument("--small", action="store_true", help="a quick try: 300k seats, 60k "
                                                             "hands, 20 tables, 62 days")
    parser.add_argument("--reuse", action="store_true",
                        help="keep the database if it already holds the data")
    parser.add_argument("--memory", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.small:
        args.seats, args.hands, args.tables, args.days = 300_000, 60_000, 20, 62
    last = dt.datetime.now(dt.UTC).date() - dt.timedelta(days=2)
    args.first, args.last = last - dt.timedelta(days=args.days - 1), last
    return args


def prepare(args) -> list[tuple]:
    """The database with the year loaded (or reused); the span it holds in args."""
    fresh_database(server_url(), args.reuse)
    setup_django(f"{server_url()}/{DATABASE}")
    from django.core.management import call_command
    from django.db.models import Max, Min

    from tables.stud.models import StudRound

    call_command("migrate", verbosity=0)
    if args.reuse and StudRound.objects.exists():
        span = StudRound.objects.aggregate(first=Min("gaming_day"), last=Max("gaming_day"))
        args.first, args.last = span["first"], span["last"]
        args.days = (args.last - args.first).days + 1
        print(f"reusing {DATABASE}: {args.first} to {args.last}", flush=True)
        return []
    print(f"building {DATABASE}: {args.tables} tables, {args.first} to {args.last}", flush=True)
    started = time.perf_counter()
    floor = build_floor(args.tables)
    state = load_year(os.environ["DATABASE_URL"], floor, args)
    loaded = time.perf_counter()
    analyze(os.environ["DATABASE_URL"])
    done = time.perf_counter()
    return [("load the year (floor + COPY)", f"{args.days} days",
             f"{loaded - started:.0f} s ({args.seats / (loaded - started):,.0f} seats/s; "
             f"{state.entries:,} meter entries)", "", None),
            ("VACUUM ANALYZE after loading", "", f"{done - loaded:.0f} s", "", None)]


def main(argv=None) -> None:
    args = parse(argv)
    if args.memory:
        memory_child(*args.memory)
        return
    rows = prepare(args)
    from django.db import connection

    from tables.reports.models import ClosedDay

    client = accountant_client()
    end = args.last if (args.last + dt.timedelta(days=1)).day == 1 else \
        args.last.replace(day=1) - dt.timedelta(days=1)
    month, client.year = (max(args.first, end.replace(day=1)), end), (args.first, args.last)
    if not ClosedDay.objects.exists():
        rows += measure_reports(client, {"month": month}, args.repeat, "open")
        rows.append(close_year(client.year))
    rows += measure_reports(client, {"month": month, "year": client.year}, args.repeat,
                            "closed")
    rows += measure_export(client, month, args.repeat)
    server = connection.pg_version
    print(f"\n{sizes()}\nmonth {month[0]} to {month[1]}, year {args.first} to {args.last}; "
          f"PostgreSQL {server // 10000}.{server % 10000}, Python "
          f"{platform.python_version()}, {os.cpu_count()} cores; median of {args.repeat}\n")
    print_table(rows)


if __name__ == "__main__":
    main()
