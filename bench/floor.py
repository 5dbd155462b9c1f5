"""A busy floor on this machine: the service under load, every recording beside a
do-nothing POST, one shared meter beside a meter per table (issue 15).

    python -m bench.floor [--seconds 10] [--quick] [--profile | --prepared | --steady]

It brings up a stack of its own (bench/stack.py: PostgreSQL with the two roles, Redis,
gunicorn with DEBUG off, a Celery worker that settles the jackpot hits) on ports 55433,
56380 and 58001, builds a floor (24 stud tables on one shared progressive, 24 more with a
meter each, 4 hold'em tables, a dealer with a token and a session at each) and drives it
with the asyncio client of bench/load.py on the same box:

1. side by side, gunicorn 2 workers x 4 threads: the do-nothing token POST, a 7-seat
   jackpot round by API and by the dealer's form, a poker hand quick and full, each as
   fast as the service answers (24 dealers; two passes, interleaved);
2. 24 tables on the shared meter against 24 tables with a meter each, saturated, with a
   probe process recording at a 25th table on the shared meter that times how long each
   of its rounds holds the meter's row (from the feed's UPDATE to the end of COMMIT);
   then the shared meter paced at 150 rounds a second;
3. gunicorn with 1, 2 and 4 workers, sync and threaded: the do-nothing POST and the
   shared-meter round.

Afterwards every meter is checked against its ledger to the cent and every ledger chain
verified. `--profile` instead profiles the stud API round (pg_stat_statements, py-spy);
`--prepared` instead measures the recordings without and with server-side binding and
prepared statements (DATABASE_PREPARED_STATEMENTS), alternated; `--steady` instead
measures the shared meter fresh and with a million ledger entries preloaded
(bench/floor_steady.py, `--entries` fewer for a short run). The CPU each part of
the stack used is read from /proc (psutil). Results are recorded in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

from bench.load import Dealer, drive
from bench.stack import ROOT, Stack, wait_until_up

PORTS = {"pg_port": 55433, "redis_port": 56380, "web_port": 58001}
TABLES = 24


def step(stack: Stack, name: str, *args: str, steps: str = "bench.floor_steps",
         timeout: float = 900) -> dict:
    """Run a step (of ``steps``, a module of steps) in a Django process against the
    stack's database; its answer is the JSON its last line prints."""
    done = subprocess.run([sys.executable, "-m", steps, name, *args], cwd=ROOT,
                          env=stack.env, capture_output=True, text=True, timeout=timeout)
    if done.returncode:
        raise SystemExit(f"step {name} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


class Cpu:
    """CPU seconds used by the web service, PostgreSQL, the worker and this client."""

    def __init__(self, stack: Stack):
        self.stack = stack

    def _trees(self) -> dict[str, float]:
        used = {}
        roots = {"web": self.stack.processes.get("web"), "worker": self.stack.processes.get(
            "worker")}
        for name, process in roots.items():
            used[name] = _tree_cpu(process.pid) if process else 0.0
        postmaster = int((self.stack.data / "postmaster.pid").read_text().split()[0])
        used["postgres"] = _tree_cpu(postmaster)
        own = psutil.Process().cpu_times()  # this process alone: the stack is its children
        used["client"] = own.user + own.system
        return used

    def __enter__(self):
        self.before, self.wall = self._trees(), time.monotonic()
        return self

    def __exit__(self, *exc):
        after = self._trees()
        self.seconds = time.monotonic() - self.wall
        self.used = {k: after[k] - self.before.get(k, 0.0) for k in after}


def _tree_cpu(pid: int) -> float:
    """A process and its descendants: their own CPU and what their finished children used
    (a backend that closed, a worker gunicorn restarted: the parent reaped it)."""
    try:
        root = psutil.Process(pid)
        total = 0.0
        for process in [root, *root.children(recursive=True)]:
            try:
                times = process.cpu_times()
                total += times.user + times.system + times.children_user + \
                    times.children_system
            except psutil.NoSuchProcess:
                continue
        return total
    except psutil.NoSuchProcess:
        return 0.0


def measured(stack, kind, dealers, seconds, rate=None) -> dict:
    with Cpu(stack) as cpu:
        found = drive(kind, dealers, stack.web_port, seconds, rate)
    found["cpu_ms"] = {k: round(v * 1000 / max(1, found["requests"]), 2)
                       for k, v in cpu.used.items()}
    found["cpu_share"] = round(sum(cpu.used.values()) / cpu.seconds / psutil.cpu_count(), 2)
    return found


def restart_web(stack: Stack, workers: int, threads: int) -> None:
    stack.stop("web")
    stack.start("web", workers=workers, threads=threads)
    wait_until_up(f"http://127.0.0.1:{stack.web_port}")
    time.sleep(1)


def side_by_side(stack, floor, seconds) -> list[dict]:
    kinds = ["nothing", "stud_api", "stud_form", "poker_quick", "poker_full"]
    shared = floor["shared"] + floor["poker"]
    passes = [[measured(stack, kind, shared, seconds) for kind in kinds] for _ in range(2)]
    return [max(pair, key=lambda r: r["per_second"]) for pair in zip(*passes, strict=True)]


def meters(stack, floor, seconds) -> dict:
    """Shared against per-table meters, alternated three times each (the machine drifts
    over a run: checkpoints, the worker's settlements) and the medians compared; then the
    probe's timing of the meter's row, and the shared meter paced."""
    quiet = step(stack, "probe", "5", str(floor["probe_table"]))  # nothing else running
    runs = {"shared": [], "own": []}
    for _ in range(3):
        for name in runs:
            runs[name].append(measured(stack, "stud_api", floor[name], seconds))
    found = {name: sorted(rows, key=lambda r: r["per_second"])[1] for name, rows in runs.items()}
    found["quiet_lock_ms"] = quiet
    # What server-side prepared statements would save a round at most: its planning.
    found["planning"] = step(stack, "planning", "50", str(floor["probe_table"]))
    found["all_rates"] = {name: [r["per_second"] for r in rows] for name, rows in runs.items()}
    probe = subprocess.Popen([sys.executable, "-m", "bench.floor_steps", "probe",
                              str(seconds), str(floor["probe_table"])], cwd=ROOT, env=stack.env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    found["with_probe"] = measured(stack, "stud_api", floor["shared"], seconds)
    out, err = probe.communicate(timeout=seconds + 120)
    if probe.returncode:
        raise SystemExit(f"the probe failed:\n{err[-3000:]}")
    found["meter_lock_ms"] = json.loads(out.strip().splitlines()[-1])
    for rate in (150, 30):
        found[f"paced_{rate}"] = measured(stack, "stud_api", floor["shared"], seconds * 2,
                                          rate=rate)
    return found


def prepared_or_not(stack, floor, seconds) -> dict[bool, list[dict]]:
    """The recordings without and with server-side binding and prepared statements
    (DATABASE_PREPARED_STATEMENTS), the web service restarted between, three passes
    alternated (the machine drifts) and each kind's best kept, as side_by_side does; the
    do-nothing POST first in each."""
    kinds = ["nothing", "stud_api", "stud_form", "poker_quick"]
    shared = floor["shared"] + floor["poker"]
    passes: dict[bool, list] = {False: [], True: []}
    for _ in range(3):
        for prepared in passes:
            stack.env["DATABASE_PREPARED_STATEMENTS"] = "1" if prepared else "0"
            restart_web(stack, 2, 4)
            passes[prepared].append([measured(stack, kind, shared, seconds) for kind in kinds])
    stack.env.pop("DATABASE_PREPARED_STATEMENTS")
    restart_web(stack, 2, 4)
    return {prepared: [max(rows, key=lambda r: r["per_second"])
                       for rows in zip(*runs, strict=True)]
            for prepared, runs in passes.items()}


def report_prepared(found: dict[bool, list[dict]]) -> None:
    print(json.dumps({str(k): v for k, v in found.items()}, default=str))
    print("\n| request (2 workers x 4 threads, 24 dealers) | prepared | per second | vs nothing "
          "| p50 ms | p99 ms | errors | CPU ms: web / postgres / worker / client |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for prepared, rows in found.items():
        for row in rows:
            print(_row({**row, "what": f"{row['what']} | {'yes' if prepared else 'no'}"},
                       f"{row['per_second'] / rows[0]['per_second']:.2f}"))


def matrix(stack, floor, seconds, configs) -> list[dict]:
    found = []
    for workers, threads in configs:
        restart_web(stack, workers, threads)
        for kind in ("nothing", "stud_api"):
            result = measured(stack, kind, floor["shared"], seconds)
            found.append({"workers": workers, "threads": threads, **result})
    return found


PROFILE_OPTIONS = ("-c shared_preload_libraries=pg_stat_statements -c "
                   "pg_stat_statements.track=all -c pg_stat_statements.track_planning=on")
TOP_STATEMENTS = """
SELECT calls, round((total_plan_time + total_exec_time)::numeric / {rounds}, 3),
       round(total_plan_time::numeric / {rounds}, 3), round(total_exec_time::numeric / {rounds}, 3),
       left(regexp_replace(query, '\\s+', ' ', 'g'), 110)
  FROM pg_stat_statements WHERE calls > 0
 ORDER BY total_plan_time + total_exec_time DESC LIMIT 25
"""


def profile(stack, floor, seconds) -> None:
    """Where PostgreSQL's time goes per stud API round, statement by statement (nested
    ones, in triggers, included: they are also inside the statements that fired them)."""
    stack.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
    stack.sql("SELECT pg_stat_statements_reset()")
    spies = _spy_on_web(stack, seconds)
    found = measured(stack, "stud_api", floor["shared"], seconds)
    if spies:
        _print_python_profile(spies)
    print(f"\n{found['requests']} stud API rounds, {found['per_second']}/s; CPU ms a round: "
          f"{_cpu(found)} (web / postgres / worker / client)\n")
    print("| calls | ms a round | planning | executing | statement |")
    print("|---:|---:|---:|---:|---|")
    for line in stack.sql(TOP_STATEMENTS.format(rounds=found["requests"])).splitlines():
        print(f"| {line} |")


def _spy_on_web(stack, seconds) -> list:
    """py-spy (if installed) sampling each gunicorn worker while the load runs."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    if not Path(spy).exists():
        return []
    workers = psutil.Process(stack.processes["web"].pid).children()
    spies = []
    for worker in workers:
        out = stack.work / f"spy-{worker.pid}.txt"
        spies.append((subprocess.Popen(
            [spy, "record", "--pid", str(worker.pid), "--duration", str(int(seconds)),
             "--format", "raw", "--nonblocking", "--full-filenames", "--output", str(out)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), out))
    return spies


# Frames py-spy samples as active while the thread is blocked on a socket (the GIL is
# released there): not CPU.
WAITING = ("Connection.wait (", "._execute_send (", "._exec_command (", "select (",
           "gunicorn/util.py", "accept (")
WHERE = (("Django ORM", "site-packages/django/db/"), ("DRF", "site-packages/rest_framework/"),
         ("psycopg", "site-packages/psycopg"), ("Django, the rest", "site-packages/django/"),
         ("other libraries", "site-packages/"), ("the project's rules", "/tables/rules/"),
         ("the project", str(ROOT)))


def _print_python_profile(spies) -> None:
    """Where the web workers' samples were: by the innermost frame's package, and the
    project's own functions by inclusive share."""
    own, inclusive, others, total = {}, {}, {}, 0
    for process, path in spies:
        process.wait(timeout=120)
        for line in path.read_text().splitlines() if path.exists() else []:
            stack_text, _, count = line.rpartition(" ")
            frames, samples = stack_text.split(";"), int(count)
            if any(waiting in frames[-1] for waiting in WAITING):
                continue  # blocked on a socket: PostgreSQL, or the client
            total += samples
            leaf = frames[-1]
            label = next((name for name, part in WHERE if part in leaf), "Python's own library")
            own[label] = own.get(label, 0) + samples
            if label == "other libraries":
                package = leaf.split("site-packages/")[1].split("/")[0].split(".py")[0]
                others[package] = others.get(package, 0) + samples
            for frame in set(frames):
                if str(ROOT) in frame and "/site-packages/" not in frame:
                    name = frame.split(" (")[0] + " (" + frame.split("/")[-1]
                    inclusive[name] = inclusive.get(name, 0) + samples
    print(f"\nweb workers' CPU samples (py-spy, {total}): innermost frame by package")
    for label, samples in sorted(own.items(), key=lambda kv: -kv[1]):
        print(f"  {label:<22} {samples / total:6.1%}")
    print("  other libraries, by package: " + ", ".join(
        f"{name} {samples / total:.1%}"
        for name, samples in sorted(others.items(), key=lambda kv: -kv[1])[:8]))
    print("the project's functions, samples inside them (inclusive)")
    for name, samples in sorted(inclusive.items(), key=lambda kv: -kv[1])[:14]:
        print(f"  {samples / total:6.1%}  {name}")


def report(found: dict) -> None:
    print(f"\nMachine: {psutil.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"PostgreSQL {found['server']}; client on the same box (asyncio, one connection "
          f"per dealer)\n")
    nothing = found["side_by_side"][0]["per_second"]
    print("| request (gunicorn 2 workers x 4 threads, 24 dealers) | per second | vs nothing "
          "| p50 ms | p99 ms | errors | CPU ms: web / postgres / worker / client |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for row in found["side_by_side"]:
        print(_row(row, f"{row['per_second'] / nothing:.2f}"))
    m = found["meters"]
    print("\n| 24 tables, stud API round | per second | p50 ms | p99 ms | errors | CPU ms: web "
          "/ postgres / worker / client |")
    print("|---|---:|---:|---:|---:|---|")
    for name, row in (("one shared meter, saturated (median of 3)", m["shared"]),
                      ("a meter per table, saturated (median of 3)", m["own"]),
                      ("one shared meter, paced at 150/s", m["paced_150"]),
                      ("one shared meter, paced at 30/s", m["paced_30"])):
        print(f"| {name} | {row['per_second']} | {row['p50_ms']} | {row['p99_ms']} | "
              f"{row['errors']} | {_cpu(row)} |")
    lock = m["meter_lock_ms"]
    print(f"\nshared / per-table: {m['shared']['per_second'] / m['own']['per_second']:.3f} "
          f"(rates, alternated: shared {m['all_rates']['shared']}, per table "
          f"{m['all_rates']['own']}); the meter's row held per round (a probe recording at a "
          f"25th table on the shared meter while the 24 ran, {lock['rounds']} rounds, "
          f"{m['with_probe']['per_second']} rounds/s from the 24): median {lock['p50']} ms, "
          f"p99 {lock['p99']} ms, max {lock['max']} ms; the same probe with nothing else "
          f"running ({m['quiet_lock_ms']['rounds']} rounds): median "
          f"{m['quiet_lock_ms']['p50']} ms, p99 {m['quiet_lock_ms']['p99']} ms")
    print("\n| gunicorn | request | per second | p50 ms | p99 ms | errors |")
    print("|---|---|---:|---:|---:|---:|")
    for row in found["matrix"]:
        mode = "sync" if row["threads"] == 1 else f"{row['threads']} threads"
        print(f"| {row['workers']} worker(s), {mode} | {row['what']} | {row['per_second']} | "
              f"{row['p50_ms']} | {row['p99_ms']} | {row['errors']} |")
    print(f"\nafterwards: {found['check']}")


def _cpu(row) -> str:
    ms = row["cpu_ms"]
    return f"{ms['web']} / {ms['postgres']} / {ms['worker']} / {ms['client']}"


def _row(row, ratio) -> str:
    return (f"| {row['what']} | {row['per_second']} | {ratio} | {row['p50_ms']} | "
            f"{row['p99_ms']} | {row['errors']} | {_cpu(row)} |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10, help="per measurement")
    parser.add_argument("--quick", action="store_true",
                        help="3-second measurements, fewer gunicorn configurations")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--profile", action="store_true",
                        help="only PostgreSQL's statements per round (pg_stat_statements)")
    parser.add_argument("--prepared", action="store_true",
                        help="only the recordings without and with prepared statements")
    parser.add_argument("--steady", action="store_true",
                        help="only the rounds fresh and with the meter's ledger preloaded")
    parser.add_argument("--entries", type=int, default=1_000_000,
                        help="ledger entries preloaded for --steady")
    args = parser.parse_args(argv)
    seconds = 3 if args.quick else args.seconds
    # 3 sync workers: the compose file's and the Dockerfile's web service.
    configs = [(2, 1), (2, 4)] if args.quick else [(1, 1), (1, 4), (2, 1), (2, 4), (3, 1),
                                                   (4, 1), (4, 4)]
    work = Path(tempfile.mkdtemp(prefix="casino-floor-"))
    stack = Stack(work, settings="bench.settings",
                  pg_options=PROFILE_OPTIONS if args.profile else "", **PORTS)
    started = time.monotonic()
    try:
        stack.start_postgres()
        stack.manage("migrate", "--noinput", owner=True)
        stack.start("redis")
        floor = step(stack, "setup", str(TABLES))
        dealers = {k: [Dealer(**d) for d in v] for k, v in floor.items() if isinstance(v, list)}
        floor = {**floor, **dealers}
        stack.start("worker")
        restart_web(stack, 2, 4)
        if args.profile:
            return profile(stack, floor, seconds) or 0
        if args.prepared:
            return report_prepared(prepared_or_not(stack, floor, seconds)) or 0
        if args.steady:
            from bench.floor_steady import run  # it imports this module

            return run(stack, floor, seconds, args.entries)
        found = {"server": floor["server"], "side_by_side": side_by_side(stack, floor, seconds),
                 "meters": meters(stack, floor, seconds)}
        found["matrix"] = matrix(stack, floor, seconds, configs)
        time.sleep(3)  # the worker settles the last hits
        found["check"] = step(stack, "check")
    finally:
        stack.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    report(found)
    print(f"\nThe bench took {time.monotonic() - started:.0f} s.")
    return 0 if found["check"]["meters_equal_ledgers"] and not found["check"]["chain_breaks"] \
        else 1


if __name__ == "__main__":
    sys.exit(main())
