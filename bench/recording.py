"""How long a dealer waits: recording a hand end to end, poker beside stud.

    bin/bench            (runs every benchmark)
    python -m bench.recording [--hands N]

Each request goes through Django's test client exactly as the dealer's browser form
would send it (session login, CSRF off, the view, the serializer, the service with its
row locks and inserts, then the page the redirect leads to: what the dealer waits
for), against a throwaway test database on the configured PostgreSQL (DATABASE_URL;
bin/bench starts the embedded one when it is unset). Four kinds of request, the same
number of each, interleaved so the machine's noise hits all alike:

- poker, quick form: one line ("85 w3");
- poker, full form: three seats, a side pot, cards and a board;
- poker, API quick hand: ``POST /api/v1/tables/{id}/poker-hands/`` with a token;
- stud, round form: four seats with cards (the baseline the stud pages already meet).

Figures are milliseconds per request (median and 95th percentile) and requests per
second on one connection. Results are recorded in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from decimal import Decimal


def setup_django():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    import django

    django.setup()
    from django.test.utils import setup_databases, setup_test_environment

    setup_test_environment()
    return setup_databases(verbosity=0, interactive=False)


def build_floor():
    from django.contrib.auth.models import Group, User

    from payouts.terms import services as payouts
    from payouts.terms import services as terms
    from tables.floor.services import (
        casino_create,
        table_assign_paytable,
        table_create,
        table_set_poker_settings,
    )

    boss = User.objects.create_user("bench_boss")
    boss.groups.add(Group.objects.get(name="supervisor"))
    dealer = User.objects.create_user("bench_dealer", password="bench-dealer-1")
    dealer.groups.add(Group.objects.get(name="dealer"))
    casino = casino_create(actor=boss, name="Bench", currency="USD",
                                    timezone="America/New_York")
    casino.staff.add(dealer)
    poker = table_create(actor=boss, casino=casino, label="HE-B", game="holdem",
                                  status="open", dealers=[dealer])
    schedule = terms.schedule_publish(actor=boss, schedule=terms.
                                               schedule_create(actor=boss, name="Ten",
                                                               percent=Decimal(10),
                                                               cap=Decimal(5),
                                                               bad_beat_drop=Decimal(1),
                                                               casino=casino))
    table_set_poker_settings(
        actor=boss, table=poker, rake_schedule=schedule, structure="fixed_limit",
        small_bet=Decimal(20), big_bet=Decimal(40), small_blind=Decimal(10),
        big_blind=Decimal(20), kill="full", kill_trigger="pot_size")
    stud = table_create(actor=boss, casino=casino, label="CS-B",
                                 game="caribbean_stud", status="open", dealers=[dealer])
    paytable = payouts.paytable_publish(
        actor=boss, paytable=payouts.paytable_create(actor=boss, name="US", variant="us",
                                                            casino=casino))
    table_assign_paytable(actor=boss, table=stud, paytable=paytable)
    return dealer, poker, stud


def requests(dealer, poker, stud):
    from django.test import Client
    from knox.models import AuthToken

    browser = Client()
    browser.force_login(dealer)
    token = AuthToken.objects.create(dealer)[1]
    api = Client(HTTP_AUTHORIZATION=f"Token {token}")
    full = {"board": "2c 7d 9h Js 4c", "seat1_put_in": "20", "seat1_state": "in",
            "seat1_cards": "As Ad", "seat2_put_in": "5", "seat2_state": "all_in",
            "seat2_cards": "Kh Kd", "seat3_put_in": "20", "seat3_state": "in",
            "seat3_cards": "Qh Qd"}
    stud_round = {"dealer_cards": "As Kd 7c 4h 2s"}
    for seat, cards in ((1, "Qh Qs 9d 5c 3h"), (3, "9h 8h 7h 6h 5h"), (5, ""),
                        (6, "Ks Kc 4d 3c 2d")):
        stud_round[f"seat{seat}_ante"] = "10"
        stud_round[f"seat{seat}_decision"] = "fold" if not cards else "raise"
        stud_round[f"seat{seat}_cards"] = cards

    def expect(response, code):
        assert response.status_code == code, response.content[:300]

    return {
        "poker, quick form (one line)": lambda: expect(browser.post(
            f"/dealer/tables/{poker.pk}/poker/", {"line": "85 w3"}, follow=True), 200),
        "poker, full form (side pot)": lambda: expect(browser.post(
            f"/dealer/tables/{poker.pk}/poker/full/", full, follow=True), 200),
        "poker, API quick hand": lambda: expect(api.post(
            f"/api/v1/tables/{poker.pk}/poker-hands/", {"pot": "85.00", "flop_dealt": True,
                                                         "winner": 3},
            content_type="application/json"), 201),
        "stud, round form (baseline)": lambda: expect(browser.post(
            f"/dealer/tables/{stud.pk}/round/", stud_round, follow=True), 200),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="requests of each kind")
    args = parser.parse_args(argv)
    old_config = setup_django()
    from django.db import connection
    from django.test.utils import teardown_databases

    try:
        kinds = requests(*build_floor())
        for send in kinds.values():   # warm up: imports, template compilation, first plans
            for _ in range(5):
                send()
        timings: dict[str, list[float]] = {name: [] for name in kinds}
        for _ in range(args.hands):
            for name, send in kinds.items():
                start = time.perf_counter()
                send()
                timings[name].append((time.perf_counter() - start) * 1000)
        server = connection.pg_version
    finally:
        teardown_databases(old_config, verbosity=0)
    print(f"{args.hands} requests of each kind, interleaved; Django test client on one "
          f"connection to PostgreSQL {server // 10000}.{server % 10000}; "
          f"Python {platform.python_version()}\n")
    print("| request | median ms | p95 ms | requests/s |")
    print("|---|---:|---:|---:|")
    for name, values in timings.items():
        values.sort()
        p95 = values[int(len(values) * 0.95) - 1]
        print(f"| {name} | {statistics.median(values):.1f} | {p95:.1f} | "
              f"{1000 / statistics.mean(values):.0f} |")


if __name__ == "__main__":
    main()
