"""Floor signs pushed against floor signs polling (docs/benchmarks.md, "Floor signs
pushed"):

    python -m bench.signs [--signs 500] [--rounds 8] [--quick] [--keep]

It brings up a stack of its own (bench/stack.py: PostgreSQL with the two roles and
pg_stat_statements, Redis, gunicorn 2 workers x 4 threads, and uvicorn running
casino.asgi, as the load balancer's events backend would) on ports 55437, 56384, 58005
and 58006, one stud table on a meter with its dealer's token (bench.floor_steps setup),
and on the same box, one phase after another:

1. quiet: no sign connected: the rounds alone;
2. pushed: N signs holding /sign/<pk>/events open on uvicorn (Server-Sent Events);
3. polled: N signs asking /sign/<pk>/state.json on gunicorn every second, as the signs
   did before.

Each phase records the same number of 7-seat jackpot rounds through the API, one every
2.5 s, and measures: for each round, the time from its 201 until every sign showed the
meter's new amount (the amount read from the ledger afterwards); the database's work over
the phase (pg_stat_statements: statements run and their time); and the CPU each part of
the stack used. The signs are asyncio sockets of this process (HTTP/1.1, the stream's
chunks read as a browser reads them), 127.0.0.1 only, each phase bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from decimal import Decimal
from pathlib import Path

import psutil

from bench.floor import PROFILE_OPTIONS, _tree_cpu, step
from bench.load import stud_round
from bench.stack import Stack, call, wait_until_up

PORTS = {"pg_port": 55437, "redis_port": 56384, "web_port": 58005}
ASGI_PORT = 58006
ROUND_EVERY = 2.5  # seconds between rounds: each round's states have arrived by the next
CONNECT_SECONDS = 120  # every sign connected within this, or the phase is refused
WORK_SQL = ("SELECT coalesce(sum(calls), 0), coalesce(sum(total_exec_time), 0) FROM "
            "pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database "
            "WHERE datname = 'casino')")


class Sign:
    """What one sign showed: each state's arrival (monotonic) and amount."""

    def __init__(self):
        self.shown: list[tuple[float, Decimal]] = []
        self.errors = 0

    def show(self, state: dict) -> None:
        self.shown.append((time.monotonic(), Decimal(state["amount"])))

    def first_at_least(self, amount: Decimal) -> float | None:
        return next((at for at, seen in self.shown if seen >= amount), None)


def _request(path: str, port: int, accept: str, cookie: str = "") -> bytes:
    return (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: {accept}\r\n"
            + (f"Cookie: {cookie}\r\n" if cookie else "") +
            # as the TLS proxy in front says (docs/deploy.md)
            "X-Forwarded-Proto: https\r\nX-Forwarded-For: 127.0.0.1\r\n\r\n").encode()


async def _head(reader) -> tuple[int, dict]:
    lines = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip()
               for k, _, v in (line.partition(":") for line in lines[1:] if line)}
    return int(lines[0].split()[1]), headers


async def listen(port: int, path: str, sign: Sign, cookie: str = "") -> None:
    """A sign (or any screen with ``show``) on the stream: the chunks of the answer, each
    state shown as it comes."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(_request(path, port, "text/event-stream", cookie))
        status, _ = await _head(reader)
        if status != 200:
            raise RuntimeError(f"the stream answered {status}")
        text = ""
        while size := int((await reader.readline()).strip() or b"0", 16):
            text += (await reader.readexactly(size + 2))[:-2].decode()
            *events, text = text.split("\n\n")
            for line in (line for event in events for line in event.splitlines()):
                if line.startswith("data: "):
                    sign.show(json.loads(line.removeprefix("data: ")))
    finally:
        writer.close()


async def poll(port: int, path: str, sign: Sign, offset: float) -> None:
    """A sign asking every second, on one kept-alive connection (opened again if closed)."""
    await asyncio.sleep(offset)
    connection, due = None, time.monotonic()
    while True:
        try:
            if connection is None:
                connection = await asyncio.open_connection("127.0.0.1", port)
            reader, writer = connection
            writer.write(_request(path, port, "application/json"))
            status, headers = await _head(reader)
            body = await reader.readexactly(int(headers.get("content-length", 0)))
            if status == 200:
                sign.show(json.loads(body))
            else:
                sign.errors += 1
            if headers.get("connection", "").lower() == "close":
                writer.close()
                connection = None
        except (OSError, asyncio.IncompleteReadError):
            sign.errors, connection = sign.errors + 1, None
        due += 1.0
        await asyncio.sleep(max(0.0, due - time.monotonic()))


async def record_rounds(floor: dict, count: int) -> list[dict]:
    """``count`` rounds at the table, one every ROUND_EVERY seconds, each timed."""
    rng, rounds = random.Random(len(floor["rounds_so_far"])), []
    url = f"http://127.0.0.1:{PORTS['web_port']}/api/v1/tables/{floor['table']}/stud-rounds/"
    for _ in range(count):
        await asyncio.sleep(ROUND_EVERY)
        sent = time.monotonic()
        status, body = await asyncio.to_thread(
            call, url, stud_round(rng), {"Authorization": f"Token {floor['token']}",
                                         "Idempotency-Key": str(uuid.uuid4())})
        rounds.append({"sent": sent, "answered": time.monotonic(), "status": status,
                       "id": body.get("id")})
    await asyncio.sleep(ROUND_EVERY)  # the last round's states arrive
    return rounds


class Usage:
    """The database's statements and their time (pg_stat_statements: counted as each
    statement ends, nothing waits for a flush), and each part's CPU seconds."""

    def __init__(self, stack: Stack):
        self.stack = stack

    def read(self) -> dict:
        calls, ms = self.stack.sql(WORK_SQL).strip().split(" | ")
        postmaster = int((self.stack.data / "postmaster.pid").read_text().split()[0])
        parts = {name: self.stack.processes[name].pid for name in ("web", "asgi", "redis")}
        own = psutil.Process().cpu_times()
        return {"statements": int(calls), "db_ms": float(ms), "at": time.monotonic(),
                "cpu": {**{name: _tree_cpu(pid) for name, pid in parts.items()},
                        "postgres": _tree_cpu(postmaster), "client": own.user + own.system}}

    @staticmethod
    def between(before: dict, after: dict) -> dict:
        seconds = after["at"] - before["at"]
        return {"seconds": round(seconds, 1),
                "statements_per_s": round((after["statements"] - before["statements"])
                                          / seconds, 1),
                "db_ms_per_s": round((after["db_ms"] - before["db_ms"]) / seconds, 1),
                "cpu_per_s": {k: round((after["cpu"][k] - v) / seconds, 3)
                              for k, v in before["cpu"].items()}}


async def _connected(signs: list[Sign], tasks: list[asyncio.Task]) -> float:
    started = time.monotonic()
    while not all(sign.shown for sign in signs):
        failed = [t for t in tasks if t.done() and t.exception()]
        if failed or time.monotonic() - started > CONNECT_SECONDS:
            raise SystemExit(f"signs not connected: {failed[0].exception() if failed else ''}"
                             f" ({sum(1 for s in signs if s.shown)} of {len(signs)})")
        await asyncio.sleep(0.1)
    return time.monotonic() - started


async def _phase(stack: Stack, floor: dict, kind: str, count: int, rounds: int) -> dict:
    usage, signs, tasks = Usage(stack), [Sign() for _ in range(count if kind else 0)], []
    path = f"/sign/{floor['meter']}/"
    opening = asyncio.Semaphore(50)  # signs come up together, as after a power cut

    async def pushed(sign):
        async with opening:  # held until the sign shows its first state
            listening = asyncio.create_task(listen(ASGI_PORT, path + "events", sign))
            while not sign.shown and not listening.done():
                await asyncio.sleep(0.05)
        await listening

    rng = random.Random(3)
    for sign in signs:
        tasks.append(asyncio.create_task(
            pushed(sign) if kind == "pushed" else
            poll(PORTS["web_port"], path + "state.json", sign, rng.random())))
    connect = await _connected(signs, tasks) if signs else 0.0
    before = usage.read()
    recorded = await record_rounds(floor, rounds)
    after = usage.read()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    floor["rounds_so_far"] += recorded
    return {"kind": kind or "quiet", "signs": len(signs), "connect_s": round(connect, 1),
            "rounds": recorded, "signs_seen": signs, **Usage.between(before, after)}


def seen_after(phase: dict, amounts: dict[int, Decimal]) -> dict:
    """Per round, the time from its 201 to the last sign (and the median sign) showing
    its amount or a later one."""
    every, median, missed = [], [], 0
    for done in phase["rounds"]:
        amount = amounts.get(done["id"])
        if amount is None or not phase["signs_seen"]:
            continue
        times = [sign.first_at_least(amount) for sign in phase["signs_seen"]]
        missed += sum(1 for t in times if t is None)
        after = sorted((t - done["answered"]) * 1000 for t in times if t is not None)
        if after:
            every.append(after[-1])
            median.append(statistics.median(after))
    answered = [(r["answered"] - r["sent"]) * 1000 for r in phase["rounds"]]
    return {"round_ms": round(statistics.median(answered)),
            "round_errors": sum(1 for r in phase["rounds"] if r["status"] != 201),
            "all_p50_ms": round(statistics.median(every)) if every else None,
            "all_max_ms": round(max(every)) if every else None,
            "median_sign_ms": round(statistics.median(median)) if median else None,
            "missed": missed, "sign_errors": sum(s.errors for s in phase["signs_seen"])}


def ledger_amounts(stack: Stack, rounds: list[dict]) -> dict[int, Decimal]:
    ids = ",".join(str(r["id"]) for r in rounds if r["id"]) or "0"
    rows = stack.sql("SELECT round_id, balance_after FROM payouts_meterentry WHERE meter = "
                     f"'meter' AND round_id IN ({ids})")
    return {int(k): Decimal(v) for k, v in (line.split(" | ") for line in rows.splitlines())}


def start_stack(stack: Stack) -> dict:
    stack.start_postgres()
    stack.manage("migrate", "--noinput", owner=True)
    stack.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
    stack.start("redis")
    made = step(stack, "setup", "1")
    dealer = made["shared"][0]
    meter = int(stack.sql("SELECT id FROM payouts_progressive WHERE name = 'Shared'"))
    stack.start("web", workers=2, threads=4)
    stack.start_events(ASGI_PORT)
    wait_until_up(f"http://127.0.0.1:{PORTS['web_port']}")
    floor = {"table": dealer["table"], "token": dealer["token"], "meter": meter,
             "rounds_so_far": []}
    floor["rounds_so_far"] += asyncio.run(record_rounds(floor, 2))  # warm: not measured
    return floor


def report(phases: list[dict], figures: list[dict], signs: int) -> None:
    print(f"\nMachine: {psutil.cpu_count()} CPUs; {signs} signs on the same box as the "
          "stack (asyncio sockets); gunicorn 2 workers x 4 threads, uvicorn 1 process\n")
    print("| phase | rounds | round's 201, p50 ms | every sign shows it, after the 201: "
          "p50 / max ms | median sign ms | missed | DB statements /s | DB ms /s | CPU "
          "s/s: gunicorn / uvicorn / postgres / redis / signs |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---|")
    for phase, found in zip(phases, figures, strict=True):
        cpu = phase["cpu_per_s"]
        shown = (f"{found['all_p50_ms']} / {found['all_max_ms']}"
                 if found["all_p50_ms"] is not None else "-")
        print(f"| {_name(phase)} | {len(phase['rounds'])} ({found['round_errors']} refused) | "
              f"{found['round_ms']} | {shown} | {found['median_sign_ms'] or '-'} | "
              f"{found['missed']} | {phase['statements_per_s']} | {phase['db_ms_per_s']} | "
              f"{cpu['web']} / {cpu['asgi']} / {cpu['postgres']} / {cpu['redis']} / "
              f"{cpu['client']} |")
    for phase, found in zip(phases, figures, strict=True):
        if phase["signs"]:
            print(f"\n{_name(phase)}: {phase['signs']} signs up in {phase['connect_s']} s; "
                  f"{found['sign_errors']} failed requests; window {phase['seconds']} s")


def _name(phase: dict) -> str:
    return {"quiet": "no sign connected", "pushed": "pushed: streams on uvicorn",
            "polled": "polled: state.json every second on gunicorn"}[phase["kind"]]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--signs", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=8, help="per phase")
    parser.add_argument("--quick", action="store_true", help="100 signs, 4 rounds")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args(argv)
    signs, rounds = (100, 4) if args.quick else (args.signs, args.rounds)
    work = Path(tempfile.mkdtemp(prefix="casino-signs-"))
    stack = Stack(work, settings="bench.settings", pg_options=PROFILE_OPTIONS, **PORTS)
    started = time.monotonic()
    try:
        floor = start_stack(stack)
        phases = [asyncio.run(_phase(stack, floor, kind, signs, rounds))
                  for kind in ("", "pushed", "polled")]
        amounts = ledger_amounts(stack, floor["rounds_so_far"])
    finally:
        stack.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    figures = [seen_after(phase, amounts) for phase in phases]
    report(phases, figures, signs)
    print(f"\nThe bench took {time.monotonic() - started:.0f} s.")
    return 0 if all(f["round_errors"] == 0 and f["missed"] == 0 for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
