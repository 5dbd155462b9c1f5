"""The floor in its steady state (issue 44, point 5a): the stud API round on the shared
meter measured on a fresh floor, then again once the shared meter's ledger holds a
million entries more (written through the database's own triggers, bench/floor_steps.py
``preload``) and the database has been analyzed, as autovacuum would have by then. Its
commit-time check and its chain trigger must cost the same either way: the loaded rate
should be at least 0.95 of the fresh one.

    python -m bench.floor --steady [--entries 1000000] [--seconds 10]

Each rate is the best of two passes (the machine drifts over a run); a meter per table
is measured beside the shared meter, whose ledger alone grows.
"""

from __future__ import annotations

import time

from bench.floor import _cpu, measured, step

TARGET = 0.95


def best(stack, dealers, seconds) -> dict:
    return max((measured(stack, "stud_api", dealers, seconds) for _ in range(2)),
               key=lambda row: row["per_second"])


def steady(stack, floor, seconds, entries: int) -> dict:
    found = {"fresh": {name: best(stack, floor[name], seconds) for name in ("shared", "own")}}
    # The long part: every entry through the chain trigger (20,000 took 11 s on two busy
    # cores); the timeout leaves room for a machine five times slower.
    found["preload"] = step(stack, "preload", str(entries), timeout=max(900, entries / 300))
    stack.sql("ANALYZE")
    found["entries"] = int(stack.sql("SELECT count(*) FROM payouts_meterentry").strip())
    found["loaded"] = {name: best(stack, floor[name], seconds) for name in ("shared", "own")}
    return found


def report_steady(found: dict) -> bool:
    """The fresh and the loaded rates side by side; True when the loaded shared meter
    keeps the target."""
    loaded_at = f"{found['entries']:,} entries"
    print(f"\nSteady state: {found['preload']['entries']:,} entries preloaded on the shared "
          f"meter in {found['preload']['seconds']} s, then ANALYZE; the ledger then holds "
          f"{loaded_at}.\n")
    print("| 24 tables, stud API round | fresh per second | loaded per second | loaded / "
          "fresh | p99 ms fresh / loaded | CPU ms fresh | CPU ms loaded |")
    print("|---|---:|---:|---:|---:|---|---|")
    for name, label in (("shared", "one shared meter"), ("own", "a meter per table")):
        fresh, loaded = found["fresh"][name], found["loaded"][name]
        print(f"| {label} | {fresh['per_second']} | {loaded['per_second']} | "
              f"{loaded['per_second'] / fresh['per_second']:.2f} | {fresh['p99_ms']} / "
              f"{loaded['p99_ms']} | {_cpu(fresh)} | {_cpu(loaded)} |")
    ratio = found["loaded"]["shared"]["per_second"] / found["fresh"]["shared"]["per_second"]
    print(f"\nshared meter loaded / fresh: {ratio:.2f} (target {TARGET})")
    return ratio >= TARGET


def run(stack, floor, seconds, entries: int) -> int:
    found = steady(stack, floor, seconds, entries)
    time.sleep(3)  # the worker settles the last hits
    check = step(stack, "check", timeout=900 + entries / 200)
    kept = report_steady(found)
    print(f"\nafterwards: {check}")
    return 0 if kept and check["meters_equal_ledgers"] and not check["chain_breaks"] else 1
