"""The floor and the year of bench/accounting.py: the casino, its people and tables through
the services, then each gaming day's accounting records loaded with COPY, a transaction a
day: every banked table's shifts (opener, rounds and seats, fills and credits on the
casino's numbered slips, a void now and then, closer, box count, a variance where the count
was off), every poker table's hands and box.

The day's COPY runs with the session's triggers off (``session_replication_role =
replica``: the append-only guards, which refuse no insert, and the records' seals, which
the database writes at commit one record at a time); the seals are then written in one
pass per table over the records in id order by the project's own ``tables_seal``, the same
chain the triggers would have left. The figures agree with each other as the services
would leave them: an opener holds its table's last closer chip for chip, a closer is the
opener plus the fills and the house's win, less the credits and the chips sold for the
drop, so the counted win is the recorded win except on the shifts counted $100 over."""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import time
from types import SimpleNamespace

import psycopg

from bench.draws import pools
from bench.reports import COLUMNS as RECORD_COLUMNS

SEED, STUD_TABLES, POKER_TABLES, PITS = 20261202, 40, 8, 4
ROUNDS, HANDS = 8, 10          # per banked shift, per poker shift
TRAY = 2_000_000               # the tray a banked table keeps: $20,000, in cents
OFF_EVERY, VOID_EVERY = 60, 150  # a box counted $100 over; a slip issued in error, voided
COLUMNS = {
    **{t: RECORD_COLUMNS[t] for t in ("tables_studround", "tables_studseat",
                                      "tables_pokerhand")},
    "tables_inventoryslip": "id, table_id, gaming_day, shift, kind, chips, total, "
    "recorded_by_id, recorded_at, last_closer_id",
    "tables_inventorysignature": "slip_id, role, signed_by_id, signed_at",
    "tables_chiprequest": "id, table_id, gaming_day, shift, kind, chips, total, requested_by_id, "
    "requested_at",
    "tables_chipslip": "id, request_id, casino_id, number, issued_by_id, issued_at",
    "tables_chipslipsignature": "slip_id, role, signed_by_id, signed_at",
    "tables_chipslipvoid": "slip_id, reason, voided_by_id, witnessed_by_id, voided_at",
    "tables_boxcount": "id, table_id, gaming_day, shift, cash, cash_total, chips, chips_total, "
    "markers, promotional, drop, counted_by_id, witnessed_by_id, counted_at",
    "tables_variance": "table_id, gaming_day, shift, kind, count_id, recorded, counted, "
    "difference, threshold, opened_at"}
SEALED = {"tables_studround": "stud_round", "tables_pokerhand": "poker_hand"}


def cents(amount: str) -> int:
    whole, _, part = amount.lstrip("-").partition(".")
    value = int(whole) * 100 + int((part + "00")[:2])
    return -value if amount.startswith("-") else value


def money(value: int) -> str:
    return f"{'-' if value < 0 else ''}{abs(value) // 100}.{abs(value) % 100:02}"


def chips_of(value: int, denominations=(10000, 2500, 500, 100)) -> str:
    """Whole dollars as chips, the largest first: {'100': 3, '25': 1} (as_stored's form)."""
    out = {}
    for d in denominations:
        out[str(d // 100)], value = divmod(value, d)
    return json.dumps({k: n for k, n in sorted(out.items(), key=lambda i: float(i[0])) if n})


def build_floor():
    """Casino, people and tables through the services; the paytable's game math computed."""
    from django.contrib.auth.models import Group, User

    from payouts.analysis.services import request_analysis
    from payouts.terms import services as terms
    from tables.floor import services as floor
    from tables.poker.kills import stakes_of
    people = {name: User.objects.create_user(f"bench_{name}") for name in
              ("boss", "cage", "count1", "count2", "accountant")}
    dealers = [User.objects.create_user(f"dealer{n:03}") for n in range(STUD_TABLES + 20)]
    for role, users in (("supervisor", [people["boss"]]), ("dealer", dealers),
                        ("cage", [people["cage"]]), ("count", [people["count1"],
                                                               people["count2"]]),
                        ("accountant", [people["accountant"]])):
        Group.objects.get(name=role).user_set.add(*users)
    boss = people["boss"]
    casino = floor.casino_create(actor=boss, name="Bench Accounting", currency="USD",
                                 timezone="America/New_York")
    casino.staff.add(*people.values(), *dealers)   # each reads and writes only his casinos
    paytable = terms.paytable_publish(actor=boss, paytable=terms.paytable_create(
        actor=boss, name="Bench US", variant="us", casino=casino))
    # computed here: tasks run eagerly without REDIS_URL
    request_analysis(actor=None, paytable=paytable)
    schedule = terms.schedule_publish(actor=boss, schedule=terms.schedule_create(
        actor=boss, name="10% capped at 5", percent=10, cap=5, no_flop_no_drop=True,
        bad_beat_drop=1, bad_beat_min_pot=20, casino=casino))
    stud = [floor.table_create(actor=boss, casino=casino, label=f"CS-{n + 1:03}", status="open",
                               game="caribbean_stud", paytable=paytable, pit=f"Pit {n % PITS + 1}",
                               dealers=dealers[n:n + 2]) for n in range(STUD_TABLES)]
    poker = []
    for n in range(POKER_TABLES):
        table = floor.table_create(
            actor=boss, casino=casino, label=f"HE-{n + 1:03}", game="holdem", status="open",
            rake_schedule=schedule, structure="fixed_limit", small_bet=20, big_bet=40,
            small_blind=10, big_blind=20, pit="Poker room", dealers=dealers[STUD_TABLES + n:][:2])
        poker.append((table.pk, schedule.pk, table.poker_settings_version,
                      json.dumps(stakes_of(table)), schedule.method))
    return SimpleNamespace(casino=casino, people={k: u.pk for k, u in people.items()},
                           dealers=[d.pk for d in dealers], paytable=paytable.pk,
                           stud=[t.pk for t in stud], poker=poker)


def new_state(rng: random.Random) -> SimpleNamespace:
    drawn = pools(rng)
    seats = {q: [(row, -cents(row[4]) - cents(row[5])) for row in pool]
             for q, pool in drawn.seats.items()}
    return SimpleNamespace(pools=drawn, seats=seats, closers={}, slips=[],
                           ids=dict.fromkeys(("round", "hand", "inventory", "request", "slip",
                                              "count", "number"), 0))


def next_id(state, name: str) -> int:
    state.ids[name] += 1
    return state.ids[name]


def play_rounds(w, rng, floor, state, table, day, shift, begin, length) -> int:
    """The shift's rounds and seats; the house's win on them, in cents."""
    won, dealer = 0, floor.dealers[floor.stud.index(table)]
    for offset in sorted(rng.random() * length for _ in range(ROUNDS)):
        round_id = next_id(state, "round")
        cards, category, qualified = rng.choice(state.pools.dealer)
        w["tables_studround"].write_row((
            round_id, table, floor.paytable, dealer, begin + offset, day, shift, cards,
            category, qualified, False, "", "", ""))
        count = rng.randint(1, 7)
        for seat in range(1, count + 1):
            row, house = rng.choice(state.seats[qualified])
            won += house
            w["tables_studseat"].write_row((round_id, seat, *row, False, None, "", ""))
    return won


def slip(w, floor, state, table, day, shift, kind, total, at, *, void=False) -> int:
    """A request, its numbered slip and two signatures (or, in error, its void)."""
    people, dealer = floor.people, floor.dealers[floor.stud.index(table)]
    request = next_id(state, "request")
    w["tables_chiprequest"].write_row((request, table, day, shift, kind, chips_of(total),
                                       money(total), people["boss"], at))
    state.slips.append((at, request, void, dealer))
    return total if not void else 0


def banked_shift(w, rng, floor, state, table, day, shift) -> None:
    """Opener, rounds, fill or credit, closer and the box counted."""
    begin, end = floor.casino.shift_bounds(day, shift)
    length, people = end - begin, floor.people
    previous = state.closers.get(table)
    opener_total = previous[1] if previous else TRAY
    opener = next_id(state, "inventory")
    w["tables_inventoryslip"].write_row((opener, table, day, shift, "opener",
                                         chips_of(opener_total), money(opener_total),
                                         people["boss"], begin + length * 0.001,
                                         previous[0] if previous else None))
    won = play_rounds(w, rng, floor, state, table, day, shift, begin, length)
    drop = rng.randint(20, 150) * 4000   # notes of $20 and $100
    counted_drop = drop + (10000 if rng.randrange(OFF_EVERY) == 0 else 0)
    need = TRAY - (opener_total + won - drop)   # what brings the tray back to $20,000
    fills = credits = 0
    if rng.randrange(VOID_EVERY) == 0:
        slip(w, floor, state, table, day, shift, "fill", 50000, begin + length * 0.3, void=True)
    if need > 0:
        fills = slip(w, floor, state, table, day, shift, "fill", -(-need // 2500) * 2500,
                     begin + length * 0.5)
    elif need < -2500:
        credits = slip(w, floor, state, table, day, shift, "credit", -need // 2500 * 2500,
                       begin + length * 0.5)
    closer_total = opener_total + won - drop + fills - credits
    closer = next_id(state, "inventory")
    w["tables_inventoryslip"].write_row((closer, table, day, shift, "closer",
                                         chips_of(closer_total), money(closer_total),
                                         people["boss"], end - length * 0.001, None))
    for slip_id, at in ((opener, begin), (closer, end)):
        for role, who in (("supervisor", people["boss"]),
                          ("dealer", floor.dealers[floor.stud.index(table)])):
            w["tables_inventorysignature"].write_row((slip_id, role, who, at))
    state.closers[table] = (closer, closer_total)
    box(w, floor, state, table, day, shift, end, counted_drop, recorded=won,
        off=counted_drop - drop)


def box(w, floor, state, table, day, shift, end, drop, *, recorded=None, off=0) -> None:
    """The box counted by the two of the count team; a banked table's variance when the
    count is more than the casino's $25 off the records."""
    count, people = next_id(state, "count"), floor.people
    cash = ({"100": drop // 10000, "20": drop % 10000 // 2000} if recorded is not None
            else {"1": drop // 100, "0.10": drop % 100 // 10})
    counted_at = end + dt.timedelta(hours=1)
    w["tables_boxcount"].write_row((
        count, table, day, shift, json.dumps({k: n for k, n in cash.items() if n}),
        money(drop), "{}", "0.00", "0.00", "0.00", money(drop), people["count1"],
        people["count2"], counted_at))
    if recorded is not None and abs(off) > 2500:
        w["tables_variance"].write_row((table, day, shift, "win", count, money(recorded),
                                        money(recorded + off), money(off), "25.00",
                                        counted_at))


def poker_shift(w, rng, floor, state, t, day, shift) -> None:
    table, schedule, version, stakes, method = floor.poker[t]
    begin, end = floor.casino.shift_bounds(day, shift)
    took, dealer = 0, floor.dealers[STUD_TABLES + t]
    for offset in sorted(rng.random() * (end - begin) for _ in range(HANDS)):
        flop, pot, rake, bad_beat = rng.choice(state.pools.hands[method])
        took += cents(rake) + cents(bad_beat)
        w["tables_pokerhand"].write_row((
            next_id(state, "hand"), table, dealer, schedule, version, stakes, begin + offset,
            day, shift, flop, pot, rake, bad_beat, "quick", "holdem", False, False, "1.0", "{}",
            "", ""))
    box(w, floor, state, table, day, shift, end, took)


def issue_day(w, floor, state) -> None:
    """The day's slips numbered in the order the cage issued them; each signed by the
    table's dealer and the supervisor, or voided by the cage with the supervisor."""
    people = floor.people
    for at, request, void, dealer in sorted(state.slips, key=lambda s: (s[0], s[1])):
        slip_id, number = next_id(state, "slip"), next_id(state, "number")
        w["tables_chipslip"].write_row((slip_id, request, floor.casino.pk, number,
                                        people["cage"], at))
        if void:
            w["tables_chipslipvoid"].write_row((slip_id, "issued for the wrong table",
                                                people["cage"], people["boss"], at))
            continue
        for role, who in (("dealer", dealer), ("supervisor", people["boss"])):
            w["tables_chipslipsignature"].write_row((slip_id, role, who, at))
    state.slips = []


class Rows(dict):
    """Each table's rows of the day, kept until its COPY (one COPY at a time a connection)."""

    def __missing__(self, table):
        rows = self[table] = SimpleNamespace(rows=[])
        rows.write_row = rows.rows.append
        return rows


def load_days(floor, args) -> SimpleNamespace:
    """The days, a transaction each with the triggers off; then the sequences, the slip
    series and the records' seals."""
    rng, started = random.Random(SEED), time.perf_counter()
    state = new_state(rng)
    with psycopg.connect(os.environ["DATABASE_URL"]) as conn, conn.cursor() as cursor:
        for n in range(args.days):
            day, w = args.first + dt.timedelta(days=n), Rows()
            for shift in (1, 2, 3):
                for table in floor.stud:
                    banked_shift(w, rng, floor, state, table, day, shift)
                for t in range(len(floor.poker)):
                    poker_shift(w, rng, floor, state, t, day, shift)
            issue_day(w, floor, state)
            with conn.transaction():
                cursor.execute("SET LOCAL session_replication_role = replica")
                for table, columns in COLUMNS.items():
                    with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                        for row in w[table].rows:
                            copy.write_row(row)
            if (n + 1) % 30 == 0 or n + 1 == args.days:
                print(f"  loaded {n + 1}/{args.days} days: {state.ids['round']:,} rounds, "
                      f"{state.ids['number']:,} slips ({time.perf_counter() - started:.0f} s)",
                      flush=True)
        finish(conn, cursor, floor, state)
    return state


def finish(conn, cursor, floor, state) -> None:
    with conn.transaction():
        for table in COLUMNS:
            cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                           f"coalesce((SELECT max(id) FROM {table}), 1))")
        cursor.execute("INSERT INTO tables_slipseries (casino_id, last_number) VALUES (%s, %s)",
                       [floor.casino.pk, state.ids["number"]])
    started, conn.autocommit = time.perf_counter(), True
    cursor.execute("ANALYZE")   # the seals read each record's seats down their index
    with conn.transaction():
        # The previous seal of a table down its (table, id) index: planned while the
        # seals were none, the latest would be found by a scan of them all, every time.
        cursor.execute("SET LOCAL enable_seqscan = off")
        for table, kind in SEALED.items():
            cursor.execute(f"DO $$ DECLARE r record; BEGIN FOR r IN SELECT id, table_id FROM "
                           f"{table} ORDER BY id LOOP PERFORM tables_seal('{kind}', r.id, "
                           f"r.table_id); END LOOP; END $$")
    print(f"  sealed {state.ids['round'] + state.ids['hand']:,} records "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
