"""The fault drill (docs/reliability.md): a production-like stack of its own, dealers
recording jackpot rounds against it, and the faults a casino's floor meets while they do.

    python scripts/faults.py [--seconds 60] [--dealers 6]

It builds everything in a temporary directory and leaves the machine's own services
alone: a PostgreSQL cluster with the two roles of docs/deploy.md (deploy/postgres/
init-roles.sh), a Redis, gunicorn (2 workers x 4 threads, DEBUG off) and a Celery worker,
all as the application role. While the dealers record (each round with an
Idempotency-Key, retried with the same key after any failure, as the tablet does), it

1. kills the worker with SIGKILL mid-settlement, and starts it again;
2. stops Redis, and starts it again;
3. restarts PostgreSQL (fast shutdown: every connection dropped).

Then it lets the worker catch up (the sweep task settles what was left pending) and
checks: every round answered 201 is stored once and no round is stored unanswered;
every hit is paid once (one award entry each, none pending); every ledger chain and
balance verifies; the meter reconciles. Exit status 0 only if every check holds.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stack import Stack, call  # noqa: E402 (the project's root is put on the path first)

RANKS, SUITS = "23456789TJQKA", "shdc"
FOUR_OF_A_KIND = ["9s", "9h", "9d", "9c", "2s"]  # a fixed award, paid by the house
ROYAL = ["As", "Ks", "Qs", "Js", "Ts"]  # the meter's award, then the reset to seed


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


# --- The dealers ------------------------------------------------------------------------


def a_round(rng: random.Random) -> dict:
    deck = [r + s for r in RANKS for s in SUITS if r + s not in FOUR_OF_A_KIND + ROYAL]
    rng.shuffle(deck)
    seats = []
    for seat in range(1, 8):
        if seat == 1 and rng.random() < 0.15:
            cards = FOUR_OF_A_KIND
        elif seat == 2 and rng.random() < 0.03:
            cards = ROYAL
        else:
            cards = [deck.pop() for _ in range(5)]
        seats.append({"seat": seat, "ante": "10.00", "decision": "raise",
                      "progressive": True, "cards": cards})
    return {"dealer_cards": [deck.pop() for _ in range(5)], "seats": seats}


class Dealers:
    """A dealer a thread at each of ``tables``, recording ``body(rng)`` at the table's
    ``what`` (stud rounds; the cluster drill's poker hands too) until ``seconds`` pass."""

    def __init__(self, base: str, token: str, tables: list[int], seconds: float, *,
                 what: str = "stud-rounds", body=a_round):
        self.base, self.token, self.tables, self.seconds = base, token, tables, seconds
        self.what, self.body = what, body
        self.acknowledged: dict[str, int] = {}  # Idempotency-Key -> round id
        self.latencies: list[float] = []
        self.answered_at: list[tuple[float, float]] = []  # (when, how long it took)
        self.started = time.monotonic()
        self.failures: dict[str, int] = {}
        self.refused: list[tuple[int, dict]] = []
        self.lock = threading.Lock()

    def deal(self, table: int, seed: int) -> None:
        rng, stop = random.Random(seed), time.monotonic() + self.seconds
        headers = {"Authorization": f"Token {self.token}"}
        while time.monotonic() < stop:
            key, body, started = str(uuid.uuid4()), self.body(rng), time.monotonic()
            while True:  # the tablet retries with the same key until it hears back
                status, answer = call(f"{self.base}/api/v1/tables/{table}/{self.what}/", body,
                                      {**headers, "Idempotency-Key": key})
                if status in (200, 201):
                    with self.lock:
                        self.acknowledged[key] = answer["id"]
                        self.latencies.append(time.monotonic() - started)
                        self.answered_at.append((time.monotonic() - self.started,
                                                 time.monotonic() - started))
                    break
                with self.lock:
                    self.failures[str(status)] = self.failures.get(str(status), 0) + 1
                if 400 <= status < 500 and status != 429:
                    with self.lock:
                        self.refused.append((status, answer))
                    break
                time.sleep(0.5)

    def run(self) -> list[threading.Thread]:
        threads = [threading.Thread(target=self.deal, args=(table, n), daemon=True)
                   for n, table in enumerate(self.tables)]
        for thread in threads:
            thread.start()
        return threads


CHECKS = """
import json
from django.core.management import call_command
from django.db.models import Count
from payouts.jackpots.models import JackpotHit, MeterEntry, Progressive
from casino.common.chains import breaks, entries_checked
from tables.stud.models import StudRound
keys = json.load(open({keys!r}))
stored = dict(StudRound.objects.filter(idempotency_key__in=list(keys))
              .values_list("idempotency_key", "id"))
per_key = StudRound.objects.exclude(idempotency_key="").values("dealer", "idempotency_key") \\
    .annotate(n=Count("id")).filter(n__gt=1).count()
hits = JackpotHit.objects.all()
awards = MeterEntry.objects.filter(hit__isnull=False, kind="award").values("hit") \\
    .annotate(n=Count("id"))
meter = Progressive.objects.get(name="Harbor Lights Jackpot")
last = MeterEntry.objects.filter(progressive=meter, meter="meter").latest("id")
print(json.dumps({{
    "answered": len(keys), "stored_of_answered": len(stored),
    "same_round_as_answered": sum(stored.get(k) == v for k, v in keys.items()),
    "rounds_stored": StudRound.objects.count(), "keys_stored_twice": per_key,
    "hits": hits.count(), "hits_pending": hits.filter(status="pending").count(),
    "hits_paid": hits.exclude(status="pending").count(),
    # A fixed award is paid by the house, not from the meter: no meter entry. A meter
    # award shared by seats of one round is one entry, on the first seat's hit.
    "meter_awards_owed": hits.filter(from_meter=True).values("round", "category")
        .distinct().count(),
    "meter_award_entries": sum(a["n"] for a in awards),
    "hits_with_more_awards": sum(1 for a in awards if a["n"] > 1),
    "fixed_awards_paid": hits.filter(from_meter=False).exclude(status="pending").count(),
    "meter": str(meter.amount), "meter_ledger_ends_at": str(last.balance_after),
    "chain_breaks": breaks(), "entries_checked": entries_checked(),
}}))
"""


def bring_up(stack: Stack) -> tuple[str, list[int]]:
    """The stack, migrated by the owner, the demo floor loaded by the application role;
    the service's address and the jackpot tables."""
    stack.start_postgres()
    log(f"PostgreSQL {stack.pg_port}: roles casino_owner and casino_app made")
    stack.manage("migrate", "--noinput", owner=True)
    stack.start("redis")
    time.sleep(0.5)
    stack.manage("load_demo", "--history-days", "0", "--debug-off-ok")
    tables = json.loads(stack.manage("shell", "-c", (
        "import json; from tables.floor.models import Table; print(json.dumps(list("
        "Table.objects.filter(progressive__name='Harbor Lights Jackpot')"
        ".values_list('pk', flat=True))))")).strip().splitlines()[-1])
    stack.start("web")
    stack.start("worker")
    base = f"http://127.0.0.1:{stack.web_port}"
    for _ in range(60):
        if call(f"{base}/healthz", None, {}, timeout=2)[0] == 200:
            break
        time.sleep(0.5)
    return base, tables


def drill(stack: Stack, seconds: float, dealers_count: int) -> dict:
    base, tables = bring_up(stack)
    status, answer = call(f"{base}/api/v1/auth/token/",
                          {"username": "dealer", "password": "deal-cards-demo"}, {})
    assert status == 200, (status, answer)
    seats = [t for t in tables for _ in range(max(1, dealers_count // len(tables)))]
    log(f"web, worker and Redis up; {len(seats)} dealers at {len(tables)} jackpot tables "
        f"for {seconds:.0f} s")
    dealers = Dealers(base, answer["token"], seats[:dealers_count], seconds)
    started = dealers.started = time.monotonic()
    threads = dealers.run()
    timeline = []

    def at(offset: float, what: str, action) -> None:
        time.sleep(max(0.0, started + offset - time.monotonic()))
        action()
        timeline.append((round(time.monotonic() - started, 1), what,
                         len(dealers.acknowledged)))
        log(f"t={timeline[-1][0]:>5} s  {what} ({timeline[-1][2]} rounds answered so far)")

    share = seconds / 10
    at(1 * share, "worker killed (SIGKILL) mid-settlement",
       lambda: stack.stop("worker", signal.SIGKILL))
    at(2 * share, "worker started again", lambda: stack.start("worker"))
    at(3.5 * share, "Redis stopped", lambda: stack.stop("redis"))
    at(5 * share, "Redis started again", lambda: stack.start("redis"))
    at(6.5 * share, "PostgreSQL restarted (fast: connections dropped)",
       lambda: stack.pg("restart"))
    for thread in threads:
        thread.join()
    log(f"load stopped: {len(dealers.acknowledged)} rounds answered")
    stack.manage("shell", "-c", "from payouts.jackpots.tasks import sweep_pending_hits; "
                 "sweep_pending_hits.delay()")
    time.sleep(8)  # the worker settles what the sweep queued
    keys_file = stack.work / "answered.json"
    keys_file.write_text(json.dumps(dealers.acknowledged))
    found = json.loads(stack.manage("shell", "-c", CHECKS.format(keys=str(keys_file)))
                       .strip().splitlines()[-1])
    ledgers = stack.manage("verify_ledgers").strip().splitlines()[-1]
    latencies = sorted(dealers.latencies)
    return {**found, "timeline": timeline, "phases": phases(dealers, timeline, seconds),
            "failures": dealers.failures,
            "refused": dealers.refused[:5], "verify_ledgers": ledgers,
            "p50_ms": round(statistics.median(latencies) * 1000) if latencies else None,
            "max_s": round(latencies[-1], 1) if latencies else None}


def phases(dealers: Dealers, timeline: list, seconds: float) -> list[dict]:
    """Rounds answered per second and how long they took, between one fault and the next."""
    marks = [(0.0, "normal")] + [(at, what) for at, what, _ in timeline] + [(seconds, "end")]
    found = []
    for (begin, what), (end, _) in itertools.pairwise(marks):
        took = sorted(t for at, t in dealers.answered_at if begin <= at < end)
        if end > begin:
            found.append({"from": begin, "to": end, "after": what,
                          "per_second": round(len(took) / (end - begin), 1),
                          "p50_ms": round(statistics.median(took) * 1000) if took else None,
                          "max_ms": round(took[-1] * 1000) if took else None})
    return found


def verdict(found: dict) -> list[tuple[str, bool]]:
    return [
        ("every round answered 201/200 is stored, once, as the round answered",
         found["stored_of_answered"] == found["answered"] == found["same_round_as_answered"]
         and found["keys_stored_twice"] == 0),
        ("no round is stored that no dealer heard back about",
         found["rounds_stored"] == found["answered"]),
        ("every hit is paid once (none pending; one meter entry per meter award, none "
         "for the house's fixed awards)",
         found["hits"] > 0 and found["hits_pending"] == 0
         and found["meter_award_entries"] == found["meter_awards_owed"]
         and found["hits_with_more_awards"] == 0),
        ("the meter equals its ledger to the cent",
         found["meter"] == found["meter_ledger_ends_at"]),
        ("every ledger chain verifies", not found["chain_breaks"]),
        ("no request was refused as bad input", not found["refused"]),
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--dealers", type=int, default=6)
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="casino-drill-"))
    stack = Stack(work, pg_port=55432, redis_port=56379, web_port=58000)
    try:
        found = drill(stack, args.seconds, args.dealers)
    finally:
        stack.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print()
    print(f"Rounds answered: {found['answered']} (median {found['p50_ms']} ms, slowest "
          f"{found['max_s']} s, through every fault); failed attempts retried: "
          f"{found['failures'] or 'none'}")
    print(f"Rounds stored: {found['rounds_stored']}; hits: {found['hits']} "
          f"({found['hits_paid']} paid: {found['fixed_awards_paid']} fixed awards, "
          f"{found['meter_award_entries']} from the meter); meter {found['meter']}, ledger ends at "
          f"{found['meter_ledger_ends_at']}; {found['verify_ledgers']}")
    for phase in found["phases"]:
        print(f"  {phase['from']:>5.1f}-{phase['to']:>5.1f} s after {phase['after']}: "
              f"{phase['per_second']} rounds/s, median {phase['p50_ms']} ms, "
              f"slowest {phase['max_ms']} ms")
    return said(verdict(found))


def said(checks: list[tuple[str, bool]]) -> int:
    """Each check PASS or FAIL, in words; the exit status: 0 only if every one holds."""
    for what, holds in checks:
        print(f"  {'PASS' if holds else 'FAIL'}  {what}")
    return 0 if all(holds for _, holds in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
