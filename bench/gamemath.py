"""Exact stud game math: first and further analyses, brute force, Monte-Carlo (issue 13).

    bin/bench            (or: python -m bench.gamemath [--rounds N] [--quick])

Every measurement runs in a fresh interpreter (``--step NAME``, which prints its figures
as JSON), so each cold start is really cold and each peak memory figure (the child's
``ru_maxrss``; this parent process imports nothing heavy, so little of its own peak is
carried across ``exec``) is that step's own:

1. the first exact analysis of the US paytable (AK qualifier, ante 10.00, cap 5000);
2. further paytables on the same counts (odds variations, UK, a capped ante 100.00);
3. a first analysis with the pair-of-twos qualifier, cold and after AK;
4. two reduced decks dealt out one by one (``stud_brute``) against the counting
   (``stud_deals``, caches cleared), their results compared, and the brute force's
   rate extrapolated to the full deck's 19,933,230,517,200 deals;
5. the Monte-Carlo cross-check of the optimal strategy against the exact house edge.

Results are recorded in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from decimal import Decimal
from math import comb
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRST_SECONDS, FIRST_BYTES, FURTHER_SECONDS = 15, 2**30, 3
FULL_DEALS = comb(52, 5) * 47 * comb(46, 4)  # 19,933,230,517,200
REDUCED = {"20": ((8, 9, 10, 11, 12), 4), "21": (tuple(range(6, 13)), 3)}


def paytables():
    """(label, odds, cap, ante): the further paytables, all on the AK counts."""
    from tables.rules.stud import UK_ODDS, US_ODDS

    cap, ante = Decimal(5000), Decimal("10.00")
    return [
        ("US, royal flush 250 to 1", {**US_ODDS, "royal_flush": 250}, cap, ante),
        ("US, straight flush 100 to 1", {**US_ODDS, "straight_flush": 100}, cap, ante),
        ("US, four of a kind 25 to 1", {**US_ODDS, "four_of_a_kind": 25}, cap, ante),
        ("US, full house 8, flush 6", {**US_ODDS, "full_house": 8, "flush": 6}, cap, ante),
        ("US, straight 5 to 1", {**US_ODDS, "straight": 5}, cap, ante),
        ("UK (royal 50 to 1, cap 10,000)", UK_ODDS, Decimal(10000), ante),
        ("US at ante 100.00 (cap 5,000 binds)", US_ODDS, cap, Decimal("100.00")),
    ]


# ---- the steps, each run in its own interpreter -----------------------------------------


def _timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - start


def step_first(qualifier: str = "AK") -> dict:
    """A cold first analysis of the US paytable at this qualifier."""
    from tables.rules import stud_par
    from tables.rules.stud import US_ODDS

    stud_par.forget_counts()
    sheet, seconds = _timed(stud_par.par_sheet, US_ODDS, Decimal(5000), qualifier,
                            Decimal("10.00"))
    return {"seconds": seconds, "house_edge": float(sheet.house_edge)}


def step_further() -> dict:
    """Paytables after a first AK analysis in the same process, then a 22 first analysis."""
    from tables.rules.stud import US_ODDS
    from tables.rules.stud_par import par_sheet

    _, first = _timed(par_sheet, US_ODDS, Decimal(5000), "AK", Decimal("10.00"))
    rows = []
    for label, odds, cap, ante in paytables():
        sheet, seconds = _timed(par_sheet, odds, cap, "AK", ante)
        rows.append([label, seconds, float(sheet.house_edge)])
    sheet, seconds = _timed(par_sheet, US_ODDS, Decimal(5000), "22", Decimal("10.00"))
    return {"first": first, "rows": rows, "after_ak_22": [seconds, float(sheet.house_edge)]}


def step_reduced(name: str) -> dict:
    """One reduced deck: counted (cold caches) against dealt out one by one."""
    from tables.rules.stud import qualifier_value
    from tables.rules.stud_brute import brute_force, by_signature
    from tables.rules.stud_deals import Deck, clear_caches, count_deals

    ranks, suits = REDUCED[name]
    deck = Deck(ranks=ranks, suits=suits)
    q = qualifier_value("AK")
    clear_caches()
    counted, count_seconds = _timed(count_deals, q, deck)
    dealt, brute_seconds = _timed(brute_force, deck, q)
    mine = by_signature(counted)
    if mine != dealt or sum(row[0] * sum(row[1:]) for row in dealt.values()) != deck.deals:
        raise AssertionError(f"the counts and the dealt deals of the {name}-card deck differ")
    return {"cards": deck.size, "suits": suits, "deals": deck.deals,
            "signatures": len(mine), "count_seconds": count_seconds,
            "brute_seconds": brute_seconds}


def step_montecarlo(rounds: int) -> dict:
    """The exact US figures and a simulation of the optimal strategy beside them."""
    from tables.rules.stud import US_ODDS
    from tables.rules.stud_montecarlo import simulate
    from tables.rules.stud_par import par_sheet

    sheet = par_sheet(US_ODDS, Decimal(5000), "AK", Decimal("10.00"))
    dealt = simulate(US_ODDS, Decimal(5000), "AK", Decimal("10.00"), rounds, seed=2026)
    exact = float(sheet.house_edge)
    return {"rounds": rounds, "estimate": float(dealt.house_edge),
            "std_error": float(dealt.std_error), "interval": [float(x) for x in dealt.interval],
            "holds": bool(dealt.holds(exact)),
            "seconds": dealt.seconds, "hands_per_second": dealt.hands_per_second,
            "exact": {"house_edge": exact, "element_of_risk": float(sheet.element_of_risk),
                      "raise_rate": float(sheet.raise_rate),
                      "dealer_qualifies": float(sheet.dealer_qualifies),
                      "ace_king_edge": float(sheet.house_strategy_edge),
                      "raise_all_edge": float(sheet.raise_all_edge),
                      "house_edge_fraction": str(sheet.house_edge)}}


def _peak_bytes() -> dict:
    import resource

    peak = {"ru_maxrss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return peak
    for line in status.splitlines():
        if line.startswith(("VmHWM:", "VmRSS:")):
            peak[line.split(":")[0]] = int(line.split()[1]) * 1024
    return peak


def run_step(step: str, argument: str) -> None:
    """The child's side: import the rules, note the resident size, run, print JSON."""
    import numpy as np

    import tables.rules.stud_par  # noqa: F401  (imports, not the work, before the baseline)

    before = _peak_bytes().get("VmRSS", 0)
    steps = {"first": lambda: step_first(argument), "further": step_further,
             "reduced": lambda: step_reduced(argument),
             "montecarlo": lambda: step_montecarlo(int(argument))}
    figures = steps[step]()
    figures.update(memory=_peak_bytes(), rss_before=before, numpy=np.__version__)
    print(json.dumps(figures))


# ---- the parent: run the steps, print the figures side by side --------------------------


def child(step: str, argument: str = "") -> dict:
    out = subprocess.run([sys.executable, "-m", "bench.gamemath", "--step", step, argument],
                         stdout=subprocess.PIPE, text=True, check=True, cwd=ROOT).stdout
    return json.loads(out.strip().splitlines()[-1])


def mb(count: float) -> str:
    return f"{count / 2**20:,.0f} MB"


def met(ok: bool) -> str:
    return "yes" if ok else "**no**"


def first_rows(firsts: list[dict], twos: dict) -> list[str]:
    seconds = [f["seconds"] for f in firsts]
    peak = max(f["memory"]["ru_maxrss"] for f in firsts)
    spread = f" (median of {len(seconds)}: {min(seconds):.2f}-{max(seconds):.2f})" \
        if len(seconds) > 1 else ""
    growth = max(f["memory"]["ru_maxrss"] - f["rss_before"] for f in firsts)
    rows = [f"| first analysis, US paytable (AK, ante 10.00, cap 5000), cold process "
            f"| {statistics.median(seconds):.2f} s{spread}; peak RSS {mb(peak)} "
            f"(+{mb(growth)} over the imports) | < 15 s, < 1 GB "
            f"| {met(max(seconds) < FIRST_SECONDS and peak < FIRST_BYTES)} |"]
    peak22 = twos["memory"]["ru_maxrss"]
    rows.append(f"| first analysis, qualifier 22, cold process | {twos['seconds']:.2f} s; "
                f"peak RSS {mb(peak22)} | < 15 s, < 1 GB "
                f"| {met(twos['seconds'] < FIRST_SECONDS and peak22 < FIRST_BYTES)} |")
    return rows


def further_rows(further: dict) -> list[str]:
    rows = [f"| US paytable (AK) first in this process | {further['first']:.2f} s | | |"]
    for label, seconds, edge in further["rows"]:
        rows.append(f"| further paytable, AK: {label} | {seconds:.2f} s "
                    f"(house edge {edge * 100:.3f}%) | < 3 s | {met(seconds < FURTHER_SECONDS)} |")
    seconds, edge = further["after_ak_22"]
    rows.append(f"| qualifier 22 after AK, same process | {seconds:.2f} s "
                f"(house edge {edge * 100:.3f}%) | | |")
    rows.append(f"| peak RSS of that process (AK and 22 counts kept) "
                f"| {mb(further['memory']['ru_maxrss'])} | < 1 GB "
                f"| {met(further['memory']['ru_maxrss'] < FIRST_BYTES)} |")
    return rows


def rate(per_second: float) -> str:
    if per_second >= 1e12:
        return f"{per_second / 1e12:.2f}T"
    if per_second >= 1e9:
        return f"{per_second / 1e9:.2f}G"
    return f"{per_second / 1e6:.1f}M"


def duration(seconds: float) -> str:
    if seconds >= 86400:
        return f"{seconds / 86400:.1f} days"
    if seconds >= 3600:
        return f"{seconds / 3600:.1f} hours"
    return f"{seconds:.2f} s"


def print_reduced(reduced: list[dict], full_seconds: float) -> None:
    print("\n| deck | deals | signatures | brute force | deals/s | counted (cold) "
          "| deals/s | counted vs brute | results agree |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in reduced:
        brute, counted = r["deals"] / r["brute_seconds"], r["deals"] / r["count_seconds"]
        print(f"| {r['cards']} cards ({r['suits']} suits) | {r['deals']:,} "
              f"| {r['signatures']:,} | {r['brute_seconds']:.2f} s | {rate(brute)} "
              f"| {r['count_seconds']:.3f} s | {rate(counted)} "
              f"| {r['brute_seconds'] / r['count_seconds']:.0f}x faster | yes |")
    full = FULL_DEALS
    print(f"| 52 cards (4 suits) | {full:,} | | | | {full_seconds:.2f} s "
          f"| {rate(full / full_seconds)} | | |")
    for r in reduced:
        per_second = r["deals"] / r["brute_seconds"]
        print(f"\nbrute force at the {r['cards']}-card rate ({rate(per_second)} deals/s) "
              f"for the full deck's {full:,} deals: {duration(full / per_second)}", end="")
    print()


def print_montecarlo(mc: dict) -> None:
    low, high = mc["interval"]
    exact = mc["exact"]
    print("\n| Monte-Carlo, US paytable, optimal strategy | rounds | estimate | std error "
          "| 99% interval | exact | holds the exact | rounds/s | hands/s |")
    print("|---|---:|---:|---:|---|---:|---|---:|---:|")
    print(f"| seed 2026 | {mc['rounds']:,} | {mc['estimate'] * 100:.4f}% "
          f"| {mc['std_error'] * 100:.4f}% | {low * 100:.4f}% to {high * 100:.4f}% "
          f"| {exact['house_edge'] * 100:.4f}% | {met(mc['holds'])} "
          f"| {mc['rounds'] / mc['seconds'] / 1e6:.2f}M "
          f"| {mc['hands_per_second'] / 1e6:.2f}M |")
    print(f"\nexact, US paytable (AK, ante 10.00, cap 5000): house edge "
          f"{exact['house_edge'] * 100:.5f}% per ante, element of risk "
          f"{exact['element_of_risk'] * 100:.5f}%, raise rate {exact['raise_rate'] * 100:.4f}%, "
          f"dealer qualifies {exact['dealer_qualifies'] * 100:.4f}%, raising AK or better "
          f"{exact['ace_king_edge'] * 100:.5f}%, raising everything "
          f"{exact['raise_all_edge'] * 100:.4f}%")
    print(f"house edge as the exact fraction: {exact['house_edge_fraction']}; the simulation "
          f"took {mc['seconds']:.1f} s")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100_000_000,
                        help="Monte-Carlo rounds (default 100,000,000)")
    parser.add_argument("--quick", action="store_true", help="10,000,000 rounds, one cold run")
    parser.add_argument("--repeat", type=int, default=3,
                        help="cold first analyses of the US paytable (median)")
    parser.add_argument("--step", nargs=2, metavar=("STEP", "ARGUMENT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.step:
        run_step(*args.step)
        return
    rounds = 10_000_000 if args.quick else args.rounds
    repeat = 1 if args.quick else args.repeat
    started = time.perf_counter()
    firsts = [child("first", "AK") for _ in range(repeat)]
    twos = child("first", "22")
    further = child("further")
    reduced = [child("reduced", name) for name in REDUCED]
    mc = child("montecarlo", str(rounds))
    print(f"Caribbean Stud game math; {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"numpy {firsts[0]['numpy']}, {platform.machine()}; "
          f"every step in a fresh interpreter\n")
    print("| measure | measured | target | met |")
    print("|---|---|---|---|")
    print("\n".join(first_rows(firsts, twos) + further_rows(further)))
    print_reduced(reduced, statistics.median(f["seconds"] for f in firsts))
    print_montecarlo(mc)
    print(f"\nthe whole bench: {time.perf_counter() - started:.0f} s")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
