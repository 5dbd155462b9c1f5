"""The public board bench's steps (bench/public_board.py), in a Django process against the
bench's own stack: Bench Room (bench/room_steps.py) and, in the same casino, a stud table
whose dealer records the rounds that are timed."""

from __future__ import annotations

import datetime as dt
import json
import sys

import django


def setup(games: int, waiting: int) -> dict:
    from django.contrib.auth.models import Group, User
    from django.utils import timezone
    from knox.models import AuthToken

    from bench.room_steps import setup as room_setup
    from casino.house.models import Casino
    from payouts.terms import services as terms
    from tables.floor.services import table_create
    from tables.pit.models import DealerMove, MoveKind

    room = room_setup(games, waiting)
    casino = Casino.objects.get(pk=room["casino"])
    boss = User.objects.get(username="bench_brush")
    dealer = User.objects.create_user("bench_dealer")
    dealer.groups.add(Group.objects.get(name="dealer"))
    casino.staff.add(dealer)
    paytable = terms.paytable_publish(actor=boss, paytable=terms.paytable_create(
        actor=boss, name="US", variant="us", casino=casino))
    table = table_create(actor=boss, casino=casino, label="CS-1", game="caribbean_stud",
                         status="open", paytable=paytable, dealers=[dealer])
    now = timezone.now()
    DealerMove.objects.bulk_create([
        DealerMove(casino=casino, dealer=dealer, kind=MoveKind.CLOCK_IN, by=boss,
                   at=now - dt.timedelta(minutes=30)),
        DealerMove(casino=casino, dealer=dealer, kind=MoveKind.TABLE, table=table, by=boss,
                   at=now - dt.timedelta(minutes=20))])
    return {**room, "table": table.pk, "dealer_token": AuthToken.objects.create(dealer)[1]}


if __name__ == "__main__":
    django.setup()
    name, *args = sys.argv[1:]
    found = {"setup": lambda: setup(int(args[0]), int(args[1]))}[name]()
    print(json.dumps(found, default=str))
