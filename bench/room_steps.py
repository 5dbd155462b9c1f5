"""The card room board bench's steps (bench/room.py), each in a Django process against
the bench's own stack: the room built."""

from __future__ import annotations

import itertools
import json
import sys
from decimal import Decimal

import django


def setup(games: int, waiting: int) -> dict:
    """Bench Room: ``games`` lists (three games, four structures, several stakes), a table
    running for every fourth, ``waiting`` players spread over them; a supervisor's token
    for the kiosk's joins. The probe list is the first."""
    from django.contrib.auth.models import Group, User
    from knox.models import AuthToken

    from payouts.terms import services as terms
    from tables.cardroom import services
    from tables.cardroom.models import game_label
    from tables.floor.services import casino_create, table_create

    boss = User.objects.create_user("bench_brush")
    boss.groups.add(Group.objects.get(name="supervisor"))
    casino = casino_create(actor=boss, name="Bench Room", currency="USD",
                           timezone="America/New_York")
    schedule = terms.schedule_publish(actor=boss, schedule=terms.schedule_create(
        actor=boss, name="Ten capped at 5", percent=Decimal(10), cap=Decimal(5),
        casino=casino))
    kinds = itertools.product(["holdem", "omaha", "omaha_hi_lo"],
                              ["no_limit", "pot_limit", "fixed_limit", "spread_limit"],
                              [(1, 2), (2, 5), (5, 10), (10, 20)])
    lists = []
    for n, (game, structure, (small, big)) in enumerate(itertools.islice(kinds, games)):
        lists.append(services.waitlist_open(actor=boss, casino=casino, game=game,
                                            structure=structure, small=Decimal(small),
                                            big=Decimal(big)))
        if n % 4 == 0:
            stakes = ({"small_bet": Decimal(small), "big_bet": Decimal(big)}
                      if structure == "fixed_limit" else
                      {"min_bet": Decimal(small), "max_bet": Decimal(big)}
                      if structure == "spread_limit" else {})
            table_create(actor=boss, casino=casino, label=f"P-{n:02}", game=game,
                         status="open", rake_schedule=schedule, structure=structure,
                         small_blind=Decimal(small), big_blind=Decimal(big), **stakes)
    for n in range(waiting):
        services.entry_join(actor=boss, waitlist=lists[n % len(lists)],
                            name=f"Player {n:03} Q")
    probe = lists[0]
    return {"casino": casino.pk, "probe": probe.pk, "token": AuthToken.objects.create(boss)[1],
            "probe_key": "".join(c for c in game_label(probe.game, probe.structure,
                                                        probe.small, probe.big)
                                 if c.isalnum())}


if __name__ == "__main__":
    django.setup()
    name, *args = sys.argv[1:]
    found = {"setup": lambda: setup(int(args[0]), int(args[1]))}[name]()
    print(json.dumps(found, default=str))
