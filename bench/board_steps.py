"""The live board bench's steps (bench/board.py), each run in a Django process against
the bench's own stack: the floor built, and the board's read timed."""

from __future__ import annotations

import datetime as dt
import json
import random
import statistics
import sys
import time
from decimal import Decimal

import django

PITS, PER_PIT, FREE_DEALERS = 10, 20, 50
RATE = 30  # rounds a second, as the floor records them during the bench
FOLD = {"decision": "fold", "outcome": "fold", "bet_result": Decimal("0.00")}


def setup(history_minutes: int) -> dict:
    """Bench Floor: 200 stud tables in 10 pits, each with its dealer (and his token) on it
    since 0 to 90 minutes ago, 50 more dealers clocked in and free; the last
    ``history_minutes`` of rounds at RATE a second already recorded (three folding seats
    each, written in bulk), so the board reads a busy hour's records; a supervisor's
    session for the screens."""
    from django.contrib.auth.models import Group, User
    from django.test import Client
    from django.utils import timezone
    from knox.models import AuthToken

    from payouts.terms import services as terms
    from tables.floor.services import casino_create, table_create
    from tables.pit.models import DealerMove, MoveKind

    now, rng = timezone.now(), random.Random(31)
    boss = User.objects.create_user("bench_boss")
    boss.groups.add(Group.objects.get(name="supervisor"))
    casino = casino_create(actor=boss, name="Bench Floor", currency="USD",
                           timezone="America/New_York")
    paytable = terms.paytable_publish(actor=boss, paytable=terms.paytable_create(
        actor=boss, name="US", variant="us", casino=casino))
    dealers = User.objects.bulk_create(User(username=f"dealer_{n:03}")
                                       for n in range(PITS * PER_PIT + FREE_DEALERS))
    Group.objects.get(name="dealer").user_set.add(*dealers)
    casino.staff.add(*dealers)
    tables, moves = [], []
    for n in range(PITS * PER_PIT):
        tables.append(table_create(actor=boss, casino=casino, label=f"T-{n:03}",
                                   game="caribbean_stud", pit=f"Pit {n // PER_PIT + 1}",
                                   status="open", paytable=paytable, dealers=[dealers[n]]))
    for n, dealer in enumerate(dealers):
        clocked = now - dt.timedelta(minutes=rng.randint(100, 400))
        moves.append(DealerMove(casino=casino, dealer=dealer, kind=MoveKind.CLOCK_IN,
                                at=clocked, by=boss))
        if n < len(tables):
            moves.append(DealerMove(casino=casino, dealer=dealer, kind=MoveKind.TABLE,
                                    table=tables[n], by=boss,
                                    at=now - dt.timedelta(minutes=rng.randint(0, 90))))
    DealerMove.objects.bulk_create(moves)
    history(casino, tables, dealers, paytable, now, history_minutes)
    screen = Client()
    screen.force_login(boss)
    return {"casino": casino.pk, "tables": [t.pk for t in tables],
            "tokens": [AuthToken.objects.create(d)[1] for d in dealers[:len(tables)]],
            "session": screen.cookies["sessionid"].value}


def history(casino, tables, dealers, paytable, now, minutes: int) -> int:
    """RATE rounds a second over the last ``minutes``, round robin over the tables."""
    from tables.stud.models import StudRound, StudSeat

    count, made = minutes * 60 * RATE, 0
    for start in range(0, count, 3000):
        rounds = []
        for n in range(start, min(count, start + 3000)):
            at = now - dt.timedelta(seconds=(count - n) / RATE)
            table = n % len(tables)
            rounds.append(StudRound(
                table=tables[table], paytable=paytable, dealer=dealers[table], recorded_at=at,
                gaming_day=casino.gaming_day(at), shift=casino.shift(at),
                dealer_cards=["2c", "3d", "7c", "4h", "9s"], dealer_category="high card",
                dealer_qualified=False))
        rounds = StudRound.objects.bulk_create(rounds)
        StudSeat.objects.bulk_create(
            StudSeat(round=r, seat=seat, ante=Decimal(10), ante_result=Decimal(-10), **FOLD)
            for r in rounds for seat in (1, 2, 3))
        made += len(rounds)
    return made


def read(casino_id: int, repeat: int) -> dict:
    """The board's read and render (tables.board.live.state) as a stream's read runs it,
    the process keeping the whole minutes over (reports.so_far.Minutes); beside it, the
    same read with none kept (every hour not kept read from the records each time):
    median and slowest of ``repeat``, the statements, the HTML's size."""
    from django.db import connection
    from django.template.loader import render_to_string
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from casino.house.models import Casino
    from tables.board import live
    from tables.board.read import board_of

    casino = Casino.objects.get(pk=casino_id)

    def none_kept():
        board = board_of(casino, timezone.now())
        return {"html": render_to_string(live.TEMPLATE, {"board": board})}

    found = {}
    for name, run in (("kept", lambda: live.state(casino)), ("none_kept", none_kept)):
        spent = []
        for _ in range(repeat):
            started = time.perf_counter()
            with CaptureQueriesContext(connection) as captured:
                state = run()
            spent.append((time.perf_counter() - started) * 1000)
        found[name] = {"median_ms": round(statistics.median(spent), 1),
                       "max_ms": round(max(spent), 1),
                       "statements": len(captured.captured_queries),
                       "bytes": len(state["html"])}
    return found


if __name__ == "__main__":
    django.setup()
    name, *args = sys.argv[1:]
    found = {"setup": lambda: setup(int(args[0])),
             "read": lambda: read(int(args[0]), int(args[1]))}[name]()
    print(json.dumps(found, default=str))
