"""The card room's public board (issue 32): a room of 40 games with 300 players waiting,
its screens shown a change within 2 s, and what 100 screens cost the database beside one
screen, in the same run.

    python -m bench.room [--games 40] [--waiting 300] [--screens 100] [--seconds 30] [--keep]

A stack of its own (bench/stack.py: PostgreSQL with pg_stat_statements, Redis, gunicorn
2 workers x 4 threads, uvicorn for the streams) on ports 55439, 56386, 58011 and 58012,
and Bench Room (bench/room_steps.py). Two phases, one after the other: one screen holding
/cardroom/<id>/board/events, then ``--screens`` of them (asyncio sockets of this process,
127.0.0.1 only); in each, a kiosk adds a player to the probe list every 2 s through the
API, and each join is timed from its 201 until every screen shows the list one longer.
Measured too: the database's statements and time per second, and each part's CPU over
each phase (bench.signs.Usage). Results: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
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

from bench.board import Screen
from bench.floor import PROFILE_OPTIONS, step
from bench.signs import Usage, listen
from bench.stack import Stack, call, wait_until_up

PORTS = {"pg_port": 55439, "redis_port": 56386, "web_port": 58011}
ASGI_PORT = 58012
PROBE_EVERY = 2.0
CONNECT_SECONDS = 120


class RoomScreen(Screen):
    """What one room screen showed of the probe list: how many wait on it."""

    def __init__(self, key: str):
        self.count = re.compile(rf'data-row="g{key}".*?</article>', re.DOTALL)
        self.shown = []

    def show(self, state: dict) -> None:
        found = self.count.search(state["html"])
        if found:
            self.shown.append((time.monotonic(), str(found.group(0).count('class="n"'))))


def join(room: dict, n: int) -> tuple[float, float, int]:
    url = f"http://127.0.0.1:{PORTS['web_port']}/api/v1/waitlists/{room['probe']}/entries/"
    sent = time.monotonic()
    status, _ = call(url, {"name": f"Probe {n} Z"},
                     {"Authorization": f"Token {room['token']}",
                      "Idempotency-Key": str(uuid.uuid4())})
    return sent, time.monotonic(), status


async def phase(stack: Stack, room: dict, count: int, seconds: float, start: int) -> dict:
    screens = [RoomScreen(room["probe_key"]) for _ in range(count)]
    path = f"/cardroom/{room['casino']}/board/events"
    tasks = [asyncio.create_task(listen(ASGI_PORT, path, s)) for s in screens]
    began = time.monotonic()
    while not all(s.shown for s in screens):
        if any(t.done() for t in tasks) or time.monotonic() - began > CONNECT_SECONDS:
            raise SystemExit(f"screens not connected ({sum(1 for s in screens if s.shown)}"
                             f" of {count})")
        await asyncio.sleep(0.1)
    connect = time.monotonic() - began
    usage, pool, loop, probes = Usage(stack), ThreadPoolExecutor(4), \
        asyncio.get_running_loop(), []
    before = usage.read()
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        await asyncio.sleep(PROBE_EVERY)
        shown = [s.now() for s in screens]
        sent, answered, status = await loop.run_in_executor(pool, join, room,
                                                            start + len(probes))
        probes.append((sent, answered, status, shown))
    await asyncio.sleep(PROBE_EVERY)
    after = usage.read()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    every, missed = [], 0
    for sent, answered, _, shown in probes:
        times = [s.first_other_after(sent, b) for s, b in zip(screens, shown, strict=True)]
        missed += sum(1 for t in times if t is None)
        if all(times):
            every.append(max(max(0.0, t - answered) for t in times) * 1000)
    return {"screens": count, "connect_s": round(connect, 1), "probes": len(probes),
            "refused": sum(1 for p in probes if p[2] != 201), "missed": missed,
            "p50": round(statistics.median(every)) if every else None,
            "max": round(max(every)) if every else None, **Usage.between(before, after)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--waiting", type=int, default=300)
    parser.add_argument("--screens", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0, help="per phase")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="casino-room-"))
    stack = Stack(work, settings="bench.settings", pg_options=PROFILE_OPTIONS, **PORTS)
    started = time.monotonic()
    try:
        stack.start_postgres()
        stack.manage("migrate", "--noinput", owner=True)
        stack.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        stack.start("redis")
        room = step(stack, "setup", str(args.games), str(args.waiting),
                    steps="bench.room_steps")
        stack.start("web", workers=2, threads=4)
        stack.start_events(ASGI_PORT)
        wait_until_up(f"http://127.0.0.1:{PORTS['web_port']}")
        phases = [asyncio.run(phase(stack, room, n, args.seconds, 1000 * i))
                  for i, n in enumerate((1, args.screens))]
    finally:
        stack.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"\nMachine: {psutil.cpu_count()} CPUs; Bench Room: {args.games} games, "
          f"{args.waiting} players waiting; a join every {PROBE_EVERY:.0f} s by the API\n")
    print("| screens | joins (refused) | every screen shows the join, after its 201: p50 / "
          "max ms | missed | connected in s | DB statements /s | DB ms /s | CPU s/s: "
          "gunicorn / uvicorn / postgres / redis / client |")
    print("|---:|---:|---|---:|---:|---:|---:|---|")
    for p in phases:
        cpu = p["cpu_per_s"]
        print(f"| {p['screens']} | {p['probes']} ({p['refused']}) | {p['p50']} / {p['max']} | "
              f"{p['missed']} | {p['connect_s']} | {p['statements_per_s']} | "
              f"{p['db_ms_per_s']} | {cpu['web']} / {cpu['asgi']} / {cpu['postgres']} / "
              f"{cpu['redis']} / {cpu['client']} |")
    print(f"\nThe bench took {time.monotonic() - started:.0f} s.")
    return 0 if all(p["missed"] == 0 and p["refused"] == 0 for p in phases) else 1


if __name__ == "__main__":
    sys.exit(main())
