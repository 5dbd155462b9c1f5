"""The public board and its streams under load (issue 44, point 19): a dealer's API round,
timed on a quiet floor and then while 500 anonymous viewers ask the card room's public
board and 500 screens hold its stream open, in the same run. Target: the busy p99 within
1.5x the quiet one.

    python -m bench.public_board [--viewers 500] [--streams 500] [--every 5]
                                 [--seconds 30] [--games 20] [--waiting 100] [--keep]

A stack of its own (bench/stack.py: PostgreSQL with pg_stat_statements, Redis, gunicorn
2 workers x 4 threads, uvicorn for the streams) on free ports of 127.0.0.1, and Bench
Room with a stud table and its dealer (bench/public_board_steps.py). Two phases, one
after the other, each ``--seconds`` long:

1. quiet: the dealer records a 5-seat round, waits ROUND_GAP, records the next; nothing
   else;
2. busy: the same dealer, while ``--streams`` screens hold /cardroom/<id>/board/events open
   on uvicorn and ``--viewers`` viewers each open /cardroom/<id>/board/ every ``--every``
   seconds (a page left on a phone, reloading), straight to gunicorn: the proxy's limit
   per address (deploy/nginx) is what stops one address asking faster.

Printed: the dealer's rounds (p50, p99, slowest) in each phase and their ratio; the
viewers' pages (asked, answered, p50, p99); the streams connected; the database's
statements a second and its open connections (the streams must hold none); each part's
CPU. Results: docs/benchmarks.md, "The public board under load".
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil

from bench.board import five_seats
from bench.floor import PROFILE_OPTIONS, step
from bench.signs import Usage, listen
from bench.stack import Stack, call, free_port, wait_until_up

ROUND_GAP = 0.2
CONNECT_SECONDS = 180


class Screen:
    def __init__(self):
        self.shown = 0

    def show(self, state: dict) -> None:
        self.shown += 1


def streams_connections(stack: Stack) -> int:
    """The database connections the ASGI process (the streams') holds now."""
    root = psutil.Process(stack.processes["asgi"].pid)
    held = 0
    for process in (root, *root.children(recursive=True)):
        listing = getattr(process, "net_connections", None) or process.connections
        held += sum(1 for c in listing(kind="tcp") if c.raddr and c.raddr.port == stack.pg_port)
    return held


def dealer_rounds(base: str, setup: dict, seconds: float) -> list[float]:
    """The dealer at his table: a round, ROUND_GAP, the next; each answer's time in ms."""
    took, until, rng = [], time.monotonic() + seconds, random.Random(19)
    url = f"{base}/api/v1/tables/{setup['table']}/stud-rounds/"
    while time.monotonic() < until:
        sent = time.monotonic()
        status, answer = call(url, five_seats(rng), {
            "Authorization": f"Token {setup['dealer_token']}",
            "Idempotency-Key": str(uuid.uuid4())})
        if status != 201:
            raise SystemExit(f"the dealer's round was answered {status}: {answer}")
        took.append((time.monotonic() - sent) * 1000)
        time.sleep(ROUND_GAP)
    return took


async def viewer(port: int, path: str, every: float, until: float, seen: list) -> None:
    """One viewer: the page now and again every ``every`` seconds (a new connection each,
    as a reload after a phone slept)."""
    await asyncio.sleep(random.random() * every)
    while time.monotonic() < until:
        sent = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                          "X-Forwarded-Proto: https\r\nX-Forwarded-For: 127.0.0.1\r\n\r\n")
                         .encode())
            answer = await reader.read()
            writer.close()
            seen.append((int(answer[9:12] or 0), (time.monotonic() - sent) * 1000))
        except OSError:
            seen.append((0, (time.monotonic() - sent) * 1000))
        await asyncio.sleep(max(0.0, sent + every - time.monotonic()))


def quantile(values: list[float], q: float) -> int | None:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))]) if ordered else None


def summary(took: list[float]) -> dict:
    return {"rounds": len(took), "p50": quantile(took, 0.5), "p99": quantile(took, 0.99),
            "max": round(max(took)) if took else None}


async def busy(stack: Stack, setup: dict, ports: dict, args) -> dict:
    board = f"/cardroom/{setup['casino']}/board/"
    screens = [Screen() for _ in range(args.streams)]
    streams = [asyncio.create_task(listen(ports["asgi"], board + "events", s)) for s in screens]
    began = time.monotonic()
    while not all(s.shown for s in screens):
        if any(t.done() for t in streams) or time.monotonic() - began > CONNECT_SECONDS:
            failed = next((t.exception() for t in streams if t.done()), None)
            raise SystemExit(f"streams not connected ({sum(1 for s in screens if s.shown)} "
                             f"of {args.streams}): {failed!r}")
        await asyncio.sleep(0.2)
    connected = round(time.monotonic() - began, 1)
    await asyncio.sleep(2)  # the first reads' threads done
    waiting_connections = streams_connections(stack)
    pages: list[tuple[int, float]] = []
    until = time.monotonic() + args.seconds
    viewers = [asyncio.create_task(viewer(ports["web_port"], board, args.every, until, pages))
               for _ in range(args.viewers)]
    usage = Usage(stack)
    before = usage.read()
    took = await asyncio.get_running_loop().run_in_executor(
        ThreadPoolExecutor(1), dealer_rounds, f"http://127.0.0.1:{ports['web_port']}", setup,
        args.seconds)
    after = usage.read()
    await asyncio.gather(*viewers, return_exceptions=True)
    for task in streams:
        task.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    times = [ms for status, ms in pages if status == 200]
    return {**summary(took), "streams": args.streams, "connected_s": connected,
            "db_connections_while_streams_wait": waiting_connections,
            "pages": len(pages), "pages_200": len(times), "page_p50": quantile(times, 0.5),
            "page_p99": quantile(times, 0.99), **Usage.between(before, after)}


def quiet(stack: Stack, setup: dict, ports: dict, seconds: float) -> dict:
    usage = Usage(stack)
    before = usage.read()
    took = dealer_rounds(f"http://127.0.0.1:{ports['web_port']}", setup, seconds)
    return {**summary(took), **Usage.between(before, usage.read())}


def report(args, found: dict) -> bool:
    q, b = found["quiet"], found["busy"]
    ratio = round(b["p99"] / q["p99"], 2) if q["p99"] and b["p99"] else None
    print(f"\nMachine: {psutil.cpu_count()} CPUs; Bench Room: {args.games} games, "
          f"{args.waiting} players waiting; gunicorn 2 workers x 4 threads, uvicorn; "
          f"{args.seconds:.0f} s a phase\n")
    print("| phase | dealer's rounds | p50 ms | p99 ms | slowest ms | board pages asked "
          "(200) | page p50 / p99 ms | DB statements /s | CPU s/s: gunicorn / uvicorn / "
          "postgres / redis / client |")
    print("|---|---:|---:|---:|---:|---:|---|---:|---|")
    for name, p in (("quiet floor", q), (f"{args.viewers} viewers every {args.every:g} s, "
                                         f"{args.streams} streams open", b)):
        cpu = p["cpu_per_s"]
        print(f"| {name} | {p['rounds']} | {p['p50']} | {p['p99']} | {p['max']} | "
              f"{p.get('pages', '-')} ({p.get('pages_200', '-')}) | "
              f"{p.get('page_p50', '-')} / {p.get('page_p99', '-')} | "
              f"{p['statements_per_s']} | {cpu['web']} / {cpu['asgi']} / "
              f"{cpu['postgres']} / {cpu['redis']} / {cpu['client']} |")
    print(f"\nThe dealer's p99, busy over quiet: {ratio}x (target: 1.5x or less). "
          f"{b['streams']} streams connected in {b['connected_s']} s; database connections "
          f"open while they waited: {b['db_connections_while_streams_wait']}.")
    return ratio is not None and ratio <= 1.5 and b["pages"] == b["pages_200"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--viewers", type=int, default=500)
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--every", type=float, default=5.0,
                        help="seconds between a viewer's pages")
    parser.add_argument("--seconds", type=float, default=30.0, help="per phase")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--waiting", type=int, default=100)
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args(argv)
    ports = {"pg_port": free_port(), "redis_port": free_port(), "web_port": free_port()}
    work = Path(tempfile.mkdtemp(prefix="casino-public-board-"))
    stack = Stack(work, settings="bench.settings", pg_options=PROFILE_OPTIONS, **ports)
    ports["asgi"] = free_port()
    started = time.monotonic()
    try:
        stack.start_postgres()
        stack.manage("migrate", "--noinput", owner=True)
        stack.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        stack.start("redis")
        setup = step(stack, "setup", str(args.games), str(args.waiting),
                     steps="bench.public_board_steps")
        # The pages' files from their folders (a bench runs no collectstatic).
        stack.env["STATIC_FROM_SOURCE"] = "1"
        stack.start("web", workers=2, threads=4)
        # Minutes, not seconds, on a machine busy with other work.
        stack.start_events(ports["asgi"], seconds=180)
        wait_until_up(f"http://127.0.0.1:{ports['web_port']}", seconds=180)
        found = {"quiet": quiet(stack, setup, ports, args.seconds)}
        found["busy"] = asyncio.run(busy(stack, setup, ports, args))
    finally:
        stack.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    within = report(args, found)
    print(f"\nThe bench took {time.monotonic() - started:.0f} s.")
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
