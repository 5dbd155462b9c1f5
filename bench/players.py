"""Rated play (issue 29): a heavy player's year rated, and a month's player activity report
for a 200-table floor. ``python -m bench.players [--tables N] [--repeat N]``.

casino_bench_players, on the server of DATABASE_URL (else postgres@127.0.0.1:5432), is
dropped, migrated and filled: the floor through the services; then, by COPY, a heavy
player's year (250 visits of 40 rounds at one seat, with his cards and the dealer's up card,
settled by the project's rules: 10,000 rated rounds) and a month of a 200-table floor's
closed ratings (8 a table a day, 48,000) with their figures as they stood and the comps
they earned. Measured:

- the heavy player's year: every one of his 250 ratings worked out from its rounds
  (rating_figures: hands, action, actual and theoretical win, strategy cost), as the
  player's page and the API do; the strategy's counts built before (they are built once
  per process: bench.strategy measures that), the paytable's figures already stored;
  baseline in the same run: PostgreSQL alone summing the same 10,000 seats' antes;
- the month's player activity report as an accountant reads it (JSON through Django's
  test client); baseline: the same sums as one SQL statement.

Results are recorded in docs/benchmarks.md."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import statistics
import time
from decimal import Decimal

import psycopg

from bench.database import fresh_database
from bench.seals import seal

DATABASE, SEED = "casino_bench_players", 20261205
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
DAYS, ROUNDS_A_VISIT, MONTH_DAYS, RATINGS_A_DAY = 250, 40, 30, 8


def build(n_tables: int):
    from django.contrib.auth.models import Group, User

    from payouts.analysis.selectors import HouseEdges
    from payouts.terms import services as terms
    from tables.floor import services as floor
    from tables.players.models import Player

    boss, accountant = User.objects.create_user("bench_boss"), User.objects.create_user(
        "bench_accountant")
    Group.objects.get(name="supervisor").user_set.add(boss)
    Group.objects.get(name="accountant").user_set.add(accountant)
    casino = floor.casino_create(actor=boss, name="Bench Players", currency="USD",
                                 timezone="America/New_York")
    casino.staff.add(accountant)
    us = terms.paytable_publish(actor=boss, paytable=terms.paytable_create(
        actor=boss, name="Bench US", variant="us", casino=casino))
    tables = [floor.table_create(actor=boss, casino=casino, label=f"CS-{n + 1:03}",
                                 status="open", game="caribbean_stud", paytable=us).pk
              for n in range(n_tables)]
    from casino.celery import app
    app.conf.task_always_eager = True   # the paytable's figures worked out here, stored
    edges = HouseEdges()
    for ante in ("5.00", "10.00", "25.00"):
        edges.of(us, Decimal(ante))
    players = Player.objects.bulk_create(
        Player(card=f"B{n:06}", name=f"Bench Player {n}", first_name="Bench",
               tier=("member", "silver", "gold", "platinum")[n % 4]) for n in range(2000))
    return casino, boss, accountant, us, tables, [p.pk for p in players]


def settled_rounds(rng: random.Random, us_terms):
    """A visit's rounds: the dealer's cards, the up card, seat 1's cards, decision and
    result, settled by tables.rules.stud."""
    from tables.rules.cards import parse_cards
    from tables.rules.stud import Decision, SeatPlay, settle_round

    while True:
        cards = rng.sample(DECK, 10)
        ante = Decimal(rng.choice(("5.00", "10.00", "10.00", "25.00")))
        decision = Decision.RAISE if rng.random() < 0.6 else Decision.FOLD
        play = SeatPlay(seat=1, ante=ante, decision=decision,
                        cards=tuple(parse_cards(cards[5:])))
        result = settle_round(us_terms, parse_cards(cards[:5]), [play])
        yield cards, ante, decision, result


def load_heavy_year(casino, boss, paytable, table: int, player: int) -> None:
    from tables.rules.stud import US_TERMS

    draws = settled_rounds(random.Random(SEED), US_TERMS)
    first = dt.datetime.now(dt.UTC).date() - dt.timedelta(days=DAYS + 40)
    with psycopg.connect(os.environ["DATABASE_URL"]) as conn, conn.cursor() as cursor:
        cursor.execute("ALTER TABLE tables_studround DISABLE TRIGGER tables_studround_seal")
        round_id = cursor.execute("SELECT coalesce(max(id), 0) FROM tables_studround"
                                  ).fetchone()[0]
        visits, rounds, seats = [], [], []
        for n in range(DAYS):
            day = first + dt.timedelta(days=n)
            start = dt.datetime.combine(day, dt.time(12), tzinfo=casino.zone)
            visits.append((day, start, start + dt.timedelta(minutes=3 * ROUNDS_A_VISIT)))
            for k in range(ROUNDS_A_VISIT):
                cards, ante, decision, result = next(draws)
                seat = result.seats[0]
                round_id += 1
                rounds.append((round_id, table, paytable, boss, start + dt.timedelta(
                    minutes=3 * k + 1), day, 1, "{" + ",".join(cards[:5]) + "}",
                    result.dealer_category, result.dealer_qualified, cards[0], False, "", "",
                    ""))
                seats.append((round_id, 1, ante, decision.value,
                              "{" + ",".join(cards[5:]) + "}", seat.category or "",
                              seat.outcome.value, seat.ante_result, seat.bet_result, False,
                              "", ""))
        with cursor.copy("COPY tables_studround (id, table_id, paytable_id, dealer_id, "
                         "recorded_at, gaming_day, shift, dealer_cards, dealer_category, "
                         "dealer_qualified, up_card, dealer_took_fifth_card, void, "
                         "idempotency_key, idempotency_fingerprint) FROM STDIN") as out:
            for row in rounds:
                out.write_row(row)
        with cursor.copy("COPY tables_studseat (round_id, seat, ante, decision, cards, "
                         "category, outcome, ante_result, bet_result, progressive, "
                         "irregularity, side_wager) FROM STDIN") as out:
            for row in seats:
                out.write_row(row)
        cursor.execute("SELECT setval(pg_get_serial_sequence('tables_studround', 'id'), %s)",
                       [round_id])
        with cursor.copy("COPY tables_rating (id, player_id, table_id, seat, gaming_day, "
                         "started_at, started_by_id) FROM STDIN") as ratings:
            for n, (day, start, _) in enumerate(visits):
                ratings.write_row((1_000_000 + n, player, table, 1, day, start, boss))
        with cursor.copy("COPY tables_ratingchange (rating_id, step, at, by_id) FROM STDIN"
                         ) as changes:
            for n, (_, _, end) in enumerate(visits):
                changes.write_row((1_000_000 + n, "closed", end, boss))
        conn.commit()
        seal(conn, cursor)   # the rounds' seals in one pass, the trigger on again


def load_month(casino, boss, tables: list[int], players: list[int]) -> tuple[dt.date, dt.date]:
    """A month of closed ratings with their figures as they stood and the comps earned."""
    rng = random.Random(SEED + 1)
    last = dt.datetime.now(dt.UTC).date() - dt.timedelta(days=2)
    first = last - dt.timedelta(days=MONTH_DAYS - 1)
    rating_id = 2_000_000
    with psycopg.connect(os.environ["DATABASE_URL"]) as conn, conn.cursor() as cursor:
        rows = []
        for n in range(MONTH_DAYS):
            day = first + dt.timedelta(days=n)
            start = dt.datetime.combine(day, dt.time(10), tzinfo=casino.zone)
            for t, table in enumerate(tables):
                for k in range(RATINGS_A_DAY):
                    rating_id += 1
                    hands = rng.randint(10, 120)
                    ante = Decimal(rng.choice(("5.00", "10.00", "25.00")))
                    theoretical = (ante * hands * Decimal("0.0522")).quantize(Decimal("0.01"))
                    rows.append((rating_id, players[(t * RATINGS_A_DAY + k + n) % len(players)],
                                 table, 1 + k % 7, day, start + dt.timedelta(minutes=40 * k),
                                 hands, ante, theoretical))
        with cursor.copy("COPY tables_rating (id, player_id, table_id, seat, gaming_day, "
                         "started_at, started_by_id) FROM STDIN") as out:
            for r in rows:
                out.write_row((*r[:6], boss))
        with cursor.copy("COPY tables_ratingchange (rating_id, step, at, by_id) FROM STDIN"
                         ) as out:
            for r in rows:
                out.write_row((r[0], "closed", r[5] + dt.timedelta(minutes=38), boss))
        with cursor.copy("COPY tables_ratingfigures (id, rating_id, revision, standing, at, "
                         "seconds_played, hands, wagered, antes, average_bet, actual_win, "
                         "theoretical_win, decisions_off_strategy, strategy_cost) FROM STDIN"
                         ) as out:
            for r in rows:
                rid, hands, ante, theoretical = r[0], r[6], r[7], r[8]
                out.write_row((rid, rid, 1, "closed", r[5] + dt.timedelta(minutes=38), 2280,
                               hands, ante * hands * 2, ante * hands, ante,
                               Decimal(rng.randint(-40, 60)) * ante / 5, theoretical,
                               hands // 20, Decimal(hands // 20) * Decimal("0.35")))
        _load_comps(cursor, casino, rows, players)
        conn.commit()
        cursor.execute("ANALYZE")   # what autovacuum does after a load this size
    return first, last


def _load_comps(cursor, casino, rows: list[tuple], players: list[int]) -> None:
    """Each rating's comps earned (a quarter of its theoretical win), an account per
    player whose balance is its ledger's last entry (checked by the database at commit)."""
    balances: dict[int, Decimal] = {}
    accounts = {}
    with cursor.copy("COPY tables_compaccount (id, player_id, casino_id, balance) "
                     "FROM STDIN") as out:
        for player in players:
            accounts[player] = len(accounts) + 1
            balances[player] = Decimal(0)
        # balances are written after the entries: the deferred check reads them at commit
        for r in rows:
            balances[r[1]] += (r[8] * Decimal("0.25")).quantize(Decimal("0.01"))
        for player, account in accounts.items():
            out.write_row((account, player, casino.pk, balances[player]))
    running = dict.fromkeys(players, Decimal(0))
    with cursor.copy("COPY tables_compentry (account_id, kind, amount, balance_after, "
                     "gaming_day, figures_id, basis, rate, multiplier, created_at) "
                     "FROM STDIN") as out:
        for r in rows:
            earned = (r[8] * Decimal("0.25")).quantize(Decimal("0.01"))
            running[r[1]] += earned
            out.write_row((accounts[r[1]], "earned", earned, running[r[1]], r[4], r[0],
                           r[8], "0.25", "1.0000", r[5]))


def measure_year(player: int, repeat: int) -> tuple[list[float], float, int]:
    from django.db import connection

    from tables.players.figures import ratings_figures
    from tables.players.models import Rating
    from tables.rules.cards import parse_card, parse_cards
    from tables.rules.stud import US_ODDS
    from tables.rules.stud_strategy import decision

    decision(US_ODDS, Decimal(5000), "AK", Decimal(10), parse_cards(DECK[:5]),
             parse_card(DECK[5]), raised=True)   # the counts, built once per process
    runs, hands = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        ratings = (Rating.objects.filter(player=player).select_related("table__casino")
                   .prefetch_related("changes"))
        hands = sum(f["hands"] for f in ratings_figures(list(ratings)).values())
        runs.append(time.perf_counter() - start)
    start = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*), sum(s.ante) FROM tables_studseat s JOIN "
                       "tables_studround r ON r.id = s.round_id JOIN tables_rating g ON "
                       "g.table_id = r.table_id AND g.seat = s.seat WHERE g.player_id = %s "
                       "AND r.recorded_at >= g.started_at AND r.recorded_at < g.started_at "
                       "+ interval '2 hours'", [player])
        cursor.fetchone()
    return runs, time.perf_counter() - start, hands


def measure_month(accountant, first, last, repeat: int) -> tuple[list[float], float, int]:
    from django.db import connection
    from django.test import Client

    client = Client()
    client.force_login(accountant)
    address = f"/api/v1/reports/players/?from={first}&to={last}"
    runs, rows = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        answer = client.get(address)
        runs.append(time.perf_counter() - start)
        assert answer.status_code == 200, answer.content[:300]
        rows = len(answer.json()["rows"])
    start = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("SELECT g.player_id, g.gaming_day, sum(f.hands), sum(f.wagered), "
                       "sum(f.theoretical_win) FROM tables_ratingfigures f JOIN tables_rating "
                       "g ON g.id = f.rating_id WHERE g.gaming_day BETWEEN %s AND %s GROUP BY "
                       "1, 2", [first, last])
        cursor.fetchall()
    return runs, time.perf_counter() - start, rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    fresh_database(DATABASE, reuse=False)
    started = time.perf_counter()
    casino, boss, accountant, us, tables, players = build(args.tables)
    load_heavy_year(casino, boss.pk, us.pk, tables[0], players[0])
    first, last = load_month(casino, boss.pk, tables, players[1:])
    print(f"  loaded in {time.perf_counter() - started:.0f} s", flush=True)
    year, year_sql, hands = measure_year(players[0], args.repeat)
    month, month_sql, rows = measure_month(accountant, first, last, args.repeat)
    print(f"Rated play ({platform.machine()}, {platform.python_version()}, "
          f"{args.repeat} runs, median):")
    print(f"  a heavy player's year: {hands:,} rated rounds in {DAYS} ratings  "
          f"{statistics.median(year):6.3f} s   (baseline: PostgreSQL summing his seats "
          f"{year_sql:.3f} s)")
    print(f"  the month's player activity report, {args.tables} tables, "
          f"{args.tables * MONTH_DAYS * RATINGS_A_DAY:,} ratings, {rows:,} rows  "
          f"{statistics.median(month):6.3f} s   (baseline: the sums in one SQL statement "
          f"{month_sql:.3f} s)")


if __name__ == "__main__":
    main()
