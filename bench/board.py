"""The live floor board (issue 31): a casino's board of 200 tables, kept within 2 s of a
round while the floor records 30 rounds a second, beside the same board on a quiet floor
in the same run.

    python -m bench.board [--screens 10] [--seconds 60] [--history 30] [--keep]

It brings up a stack of its own (bench/stack.py: PostgreSQL with the two roles and
pg_stat_statements, Redis, gunicorn 2 workers x 4 threads, and uvicorn running
casino.asgi as the load balancer's events backend) on ports 55438, 56385, 58009 and
58010, and builds Bench Floor (bench/board_steps.py: 200 stud tables in 10 pits, 250
dealers, ``--history`` minutes of rounds at 30 a second already recorded). N screens
hold /pit/board/events open as a supervisor, then two phases, one after the other:

1. quiet: a probe round every 2 s at T-000 (nothing else records there), nothing else;
2. busy: the same probes while the floor records 30 rounds a second at the other 199
   tables through the API (five seats each, 127.0.0.1 only, bounded by ``--seconds``).

Measured: for each probe, the time from its 201 until every screen shows T-000's new
count of rounds; the rounds the floor recorded and their 201s; the board's read on its
own (board_steps.read); the database's statements and time per second and each part's
CPU over each phase (bench.signs.Usage). Results: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil

from bench.floor import PROFILE_OPTIONS, step
from bench.load import RANKS, SUITS
from bench.signs import Usage, listen
from bench.stack import Stack, call, wait_until_up

PORTS = {"pg_port": 55438, "redis_port": 56385, "web_port": 58009}
ASGI_PORT = 58010
PROBE_EVERY = 2.0
RATE = 30
CONNECT_SECONDS = 60


class Screen:
    """What one board screen showed of the probe table: each state's arrival and count."""

    def __init__(self, probe: int):
        self.count = re.compile(rf'data-row="t{probe}".*?class="num rounds">(\d+) / (\d+)<',
                                re.DOTALL)
        self.shown: list[tuple[float, str]] = []

    def show(self, state: dict) -> None:
        found = self.count.search(state["html"])
        if found:
            self.shown.append((time.monotonic(), found.group(0)[-12:]))

    def now(self) -> str | None:
        return self.shown[-1][1] if self.shown else None

    def first_other_after(self, moment: float, before: str | None) -> float | None:
        return next((at for at, seen in self.shown if at >= moment and seen != before), None)


def board_step(stack: Stack, name: str, *args: str) -> dict:
    return step(stack, name, *args, steps="bench.board_steps", timeout=1800)


def five_seats(rng: random.Random) -> dict:
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    return {"dealer_cards": [deck.pop() for _ in range(5)], "seats": [
        {"seat": seat, "ante": "10.00", "decision": rng.choice(["raise", "fold"]),
         "cards": [deck.pop() for _ in range(5)]} for seat in range(1, 6)]}


def record(floor: dict, index: int, rng: random.Random) -> tuple[float, float, int]:
    url = (f"http://127.0.0.1:{PORTS['web_port']}/api/v1/tables/{floor['tables'][index]}"
           "/stud-rounds/")
    sent = time.monotonic()
    status, _ = call(url, five_seats(rng), {"Authorization": f"Token {floor['tokens'][index]}",
                                            "Idempotency-Key": str(uuid.uuid4())})
    return sent, time.monotonic(), status


async def floor_load(floor: dict, seconds: float, pool) -> list[tuple[float, float, int]]:
    """RATE rounds a second at tables 1 to 199, each round sent on time (not after the
    last one's answer), for ``seconds``."""
    loop, tasks = asyncio.get_running_loop(), []
    started, n = time.monotonic(), 0
    while time.monotonic() - started < seconds:
        index = 1 + n % (len(floor["tables"]) - 1)
        tasks.append(loop.run_in_executor(pool, record, floor, index, random.Random(n)))
        n += 1
        await asyncio.sleep(max(0.0, started + n / RATE - time.monotonic()))
    return await asyncio.gather(*tasks)


async def probes(floor: dict, screens: list[Screen], seconds: float, pool) -> list[dict]:
    loop, found = asyncio.get_running_loop(), []
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        await asyncio.sleep(PROBE_EVERY)
        before = [s.now() for s in screens]
        sent, answered, status = await loop.run_in_executor(
            pool, record, floor, 0, random.Random(len(found)))
        found.append({"sent": sent, "answered": answered, "status": status,
                      "before": before})
    await asyncio.sleep(PROBE_EVERY)  # the last probe's states arrive
    for probe in found:
        # from its sending: a screen may show it before its 201 is read here
        times = [s.first_other_after(probe["sent"], b)
                 for s, b in zip(screens, probe.pop("before"), strict=True)]
        probe["missed"] = sum(1 for t in times if t is None)
        probe["every_ms"] = max((max(0.0, t - probe["answered"]) * 1000
                                 for t in times if t), default=None)
    return found


async def phase(stack: Stack, floor: dict, screens: list[Screen], busy: bool,
                seconds: float) -> dict:
    usage, pool = Usage(stack), ThreadPoolExecutor(24)
    before = usage.read()
    load = asyncio.create_task(floor_load(floor, seconds, pool)) if busy else None
    probed = await probes(floor, screens, seconds, pool)
    recorded = await load if load else []
    after = usage.read()
    pool.shutdown()
    every = [p["every_ms"] for p in probed if p["every_ms"] is not None]
    answers = sorted((a - s) * 1000 for s, a, _ in recorded)
    return {"name": "busy: 30 rounds a second" if busy else "quiet: the probes only",
            "rounds": len(recorded), "refused": sum(1 for *_, st in recorded if st != 201),
            "rate": round(len(recorded) / seconds, 1),
            "round_p50": round(statistics.median(answers)) if answers else None,
            "probes": len(probed), "probe_p50": round(statistics.median(every)) if every else None,
            "probe_max": round(max(every)) if every else None,
            "missed": sum(p["missed"] for p in probed), **Usage.between(before, after)}


async def run(stack: Stack, floor: dict, count: int, seconds: float) -> list[dict]:
    screens = [Screen(floor["tables"][0]) for _ in range(count)]
    cookie = f"sessionid={floor['session']}"
    tasks = [asyncio.create_task(listen(ASGI_PORT, "/pit/board/events", s, cookie))
             for s in screens]
    started = time.monotonic()
    while not all(s.shown for s in screens):
        failed = [t for t in tasks if t.done()]
        if failed or time.monotonic() - started > CONNECT_SECONDS:
            raise SystemExit(f"screens not connected: {failed[0].exception() if failed else ''}")
        await asyncio.sleep(0.1)
    phases = [await phase(stack, floor, screens, busy, seconds) for busy in (False, True)]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return phases


def start_stack(stack: Stack, history: int) -> tuple[dict, dict]:
    stack.start_postgres()
    stack.manage("migrate", "--noinput", owner=True)
    stack.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
    stack.start("redis")
    started = time.monotonic()
    floor = board_step(stack, "setup", str(history))
    floor["setup_s"] = round(time.monotonic() - started)
    read = board_step(stack, "read", str(floor["casino"]), "10")
    stack.start("web", workers=2, threads=4)
    stack.start_events(ASGI_PORT)
    wait_until_up(f"http://127.0.0.1:{PORTS['web_port']}")
    return floor, read


def report(phases: list[dict], read: dict, floor: dict, screens: int, history: int) -> None:
    print(f"\nMachine: {psutil.cpu_count()} CPUs; Bench Floor: {len(floor['tables'])} "
          f"tables in 10 pits, 250 dealers, {history} min of rounds at 30/s before the bench "
          f"(built in {floor['setup_s']} s); {screens} board screens on uvicorn; gunicorn "
          "2 workers x 4 threads\n")
    print("The board's read and render on its own, before the phases (median and slowest "
          "of 10):\n")
    print("| read | median ms | slowest ms | statements | HTML KiB |")
    print("|---|---:|---:|---:|---:|")
    for name, words in (("kept", "as the stream reads it: the whole minutes over kept by "
                                 "the process (the first read keeps them)"),
                        ("none_kept", "baseline: every hour not kept read from the records "
                                      "each time")):
        found = read[name]
        print(f"| {words} | {found['median_ms']} | {found['max_ms']} | "
              f"{found['statements']} | {found['bytes'] // 1024} |")
    print()
    print("| phase | floor's rounds (refused) | rounds/s | round's 201 p50 ms | probes | "
          "every screen shows the probe, after its 201: p50 / max ms | missed | DB "
          "statements /s | DB ms /s | CPU s/s: gunicorn / uvicorn / postgres / redis / "
          "client |")
    print("|---|---:|---:|---:|---:|---|---:|---:|---:|---|")
    for p in phases:
        cpu = p["cpu_per_s"]
        print(f"| {p['name']} | {p['rounds']} ({p['refused']}) | {p['rate']} | "
              f"{p['round_p50'] or '-'} | {p['probes']} | {p['probe_p50']} / {p['probe_max']}"
              f" | {p['missed']} | {p['statements_per_s']} | {p['db_ms_per_s']} | "
              f"{cpu['web']} / {cpu['asgi']} / {cpu['postgres']} / {cpu['redis']} / "
              f"{cpu['client']} |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--screens", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60.0, help="per phase")
    parser.add_argument("--history", type=int, default=30,
                        help="minutes of rounds at 30 a second recorded before the bench")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="casino-board-"))
    stack = Stack(work, settings="bench.settings", pg_options=PROFILE_OPTIONS, **PORTS)
    started = time.monotonic()
    try:
        floor, read = start_stack(stack, args.history)
        phases = asyncio.run(run(stack, floor, args.screens, args.seconds))
    finally:
        stack.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    report(phases, read, floor, args.screens, args.history)
    print(f"\nThe bench took {time.monotonic() - started:.0f} s.")
    return 0 if all(p["missed"] == 0 and p["refused"] == 0 for p in phases) else 1


if __name__ == "__main__":
    sys.exit(main())
