"""The dealers' rotation proposal (issue 31): a casino group's floor of 200 tables and 250
dealers, beside one pit's 20 tables and 25 dealers and beside the naive way (each due
table in turn takes the first free dealer who may deal its game), in the same run.

    python -m bench.rotation [--floors N] [--database]

With ``--database``, the same floor is also built in casino_bench_rotation (on the server
of DATABASE_URL, else postgres@127.0.0.1:5432: dropped, migrated, filled through the
services, its three hours of moves bulk-written) and the proposal measured as the
rotation page reads it: the floor read from the moves and the rules per pit, then the
rules; and the whole page's read (tables.pit.rotation_page), beside the rules alone.

Each floor is random (seeded): 4 games, each dealer allowed one to three, a third of the
tables due or overdue, a tenth empty, dealers on breaks coming back over the next half
hour, some due their meal. The figures are the median and the slowest of N proposals,
and how many tables in need each way found a relief for. Results: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import random
import statistics
import time

from tables.rules.rotation import (
    Dealer,
    RotationRules,
    Table,
    can_take,
    free_reliefs,
    needs,
    propose,
)

NOW = dt.datetime(2026, 12, 5, 22, 0, tzinfo=dt.UTC)
GAMES = ["caribbean_stud", "holdem", "omaha", "seven_card_stud"]
RULES = RotationRules()


def floor(tables: int, dealers: int, seed: int) -> tuple[list[Table], list[Dealer]]:
    rng = random.Random(seed)
    table_list = [Table(n, rng.choice(GAMES), rng.random() > 0.05) for n in range(tables)]
    dealer_list = []
    staffed = [t for t in table_list if t.open and rng.random() > 0.1]
    for n in range(dealers):
        games = frozenset(rng.sample(GAMES, rng.randint(1, 3)))
        clocked = NOW - dt.timedelta(minutes=rng.randint(0, 420))
        had_meal = rng.random() < 0.5
        if n < len(staffed):
            table = staffed[n]
            games = games | {table.game} if rng.random() > 0.02 else games
            since = NOW - dt.timedelta(minutes=rng.randint(0, 90))
            dealer_list.append(Dealer(n, games, clocked, had_meal, table=table.id,
                                      since=max(since, clocked)))
        else:
            back = rng.choice([None, NOW + dt.timedelta(minutes=rng.randint(1, 30))])
            dealer_list.append(Dealer(n, games, clocked, had_meal, on_break_until=back))
    return table_list, dealer_list


def first_free(tables, dealers) -> int:
    """The naive sheet: each table in need, most urgent first, takes the first free
    dealer who may deal its game and is back in time (no look at who else needs whom)."""
    free = free_reliefs(dealers, RULES.horizon, NOW)
    served = 0
    for need in needs(tables, dealers, RULES, NOW):
        found = next((d for d in free if can_take(d, need, NOW)), None)
        if found is not None:
            free.remove(found)
            served += 1
    return served


def measure(tables: int, dealers: int, floors: int) -> dict:
    times, reliefs, naive = [], [], []
    for seed in range(floors):
        table_list, dealer_list = floor(tables, dealers, seed)
        started = time.perf_counter()
        proposal = propose(table_list, dealer_list, RULES, NOW)
        times.append(time.perf_counter() - started)
        reliefs.append(len(proposal.reliefs))
        naive.append(first_free(table_list, dealer_list))
    return {"median_ms": statistics.median(times) * 1000, "max_ms": max(times) * 1000,
            "reliefs": statistics.mean(reliefs), "naive": statistics.mean(naive)}


def on_the_database(tables: int, dealers: int, repeat: int) -> None:
    """The floor of ``floor(tables, dealers, 0)`` in PostgreSQL, in 10 pits, and the page's
    reads of it timed."""
    from bench.database import fresh_database

    fresh_database("casino_bench_rotation", reuse=False)
    from django.contrib.auth.models import Group, User

    from tables.floor import services as floor_services
    from tables.pit import rotation_page, selectors
    from tables.pit.models import DealerGames, DealerMove, MoveKind

    table_list, dealer_list = floor(tables, dealers, 0)
    boss = User.objects.create_user("bench_boss")
    Group.objects.get(name="supervisor").user_set.add(boss)
    casino = floor_services.casino_create(actor=boss, name="Bench Rotation", currency="USD",
                                          timezone="UTC")
    made = {t.id: floor_services.table_create(
        actor=boss, casino=casino, label=f"T-{t.id:03}", game=t.game, pit=f"Pit {t.id % 10}",
        status="open" if t.open else "closed") for t in table_list}
    people = User.objects.bulk_create(User(username=f"bench_dealer_{d.id:03}")
                                      for d in dealer_list)
    Group.objects.get(name="dealer").user_set.add(*people)
    casino.staff.add(*people)
    pk = {d.id: user.pk for d, user in zip(dealer_list, people, strict=True)}
    DealerGames.objects.bulk_create(DealerGames(casino=casino, dealer_id=pk[d.id],
                                                games=sorted(d.games)) for d in dealer_list)
    moves = []
    for d in dealer_list:
        moves.append(DealerMove(casino=casino, dealer_id=pk[d.id], kind=MoveKind.CLOCK_IN,
                                at=d.clocked_in, by=boss))
        if d.table is not None:
            moves.append(DealerMove(casino=casino, dealer_id=pk[d.id], kind=MoveKind.TABLE,
                                    table=made[d.table], at=d.since, by=boss))
        elif d.on_break_until is not None:
            moves.append(DealerMove(casino=casino, dealer_id=pk[d.id], kind=MoveKind.BREAK,
                                    at=d.on_break_until - RULES.break_length,
                                    until=d.on_break_until, by=boss))
    DealerMove.objects.bulk_create(moves)
    timed = {"rules alone (the floor in memory)": lambda: propose(table_list, dealer_list,
                                                                   RULES, NOW),
             "the proposal, read from the database (10 pits)": lambda: selectors.proposal(
                 casino, NOW),
             "the rotation page's whole read (tables.pit.rotation_page)":
                 lambda: rotation_page.rotation_page(casino, NOW)}
    print(f"\n{tables} tables, {dealers} dealers, {len(moves)} moves in PostgreSQL; "
          f"median and slowest of {repeat}:\n")
    print("| read | median ms | slowest ms |")
    print("|---|---:|---:|")
    for name, run in timed.items():
        spent = []
        for _ in range(repeat):
            started = time.perf_counter()
            run()
            spent.append((time.perf_counter() - started) * 1000)
        print(f"| {name} | {statistics.median(spent):.1f} | {max(spent):.1f} |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--floors", type=int, default=50)
    parser.add_argument("--database", action="store_true",
                        help="also the proposal read from a floor in PostgreSQL")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()}, {args.floors} random floors each\n")
    print("| floor | median ms | slowest ms | tables relieved (mean) | first free dealer "
          "instead (mean) |")
    print("|---|---:|---:|---:|---:|")
    for tables, dealers in ((20, 25), (200, 250)):
        found = measure(tables, dealers, args.floors)
        print(f"| {tables} tables, {dealers} dealers | {found['median_ms']:.1f} | "
              f"{found['max_ms']:.1f} | {found['reliefs']:.1f} | {found['naive']:.1f} |")
    if args.database:
        on_the_database(200, 250, repeat=10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
