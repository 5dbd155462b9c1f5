"""A rated hand's strategy cost (issue 29): the lookup against dealing it out.

    python -m bench.strategy [--hands N]

``tables.rules.stud_strategy.decision`` reads a hand's worth from the counts per
signature (built once per process, as for a PAR sheet); the baseline deals out every one
of the dealer's 163,185 completions for the hand and compares each with it, as
tests/rules/test_stud_strategy.py does to check it. Both on random hands and up cards of
the US paytable at ante 10.00. Results are recorded in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import random
import time
from decimal import Decimal

import numpy as np

from tables.rules.batch import evaluate5_batch
from tables.rules.stud import US_ODDS
from tables.rules.stud_strategy import decision

ANTE, CAP = Decimal("10.00"), Decimal("5000.00")
BASELINE_HANDS = 20


def dealt_out(cards: list[int], up: int) -> int:
    """The baseline: how many completions beat the hand, dealt out one by one (the
    comparison the lookup saves; its count is all a raise's worth needs per hand)."""
    unseen = [c for c in range(52) if c not in cards and c != up]
    completions = np.array(list(itertools.combinations(unseen, 4)), dtype=np.int64)
    dealer = evaluate5_batch(np.column_stack([np.full(len(completions), up), completions]))
    return int((dealer > evaluate5_batch(np.array([cards]))[0]).sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    hands = parser.parse_args().hands
    rng = random.Random(29)
    deals = [rng.sample(range(52), 6) for _ in range(hands)]

    start = time.perf_counter()
    decision(US_ODDS, CAP, "AK", ANTE, deals[0][:5], deals[0][5], raised=True)
    first = time.perf_counter() - start
    start = time.perf_counter()
    for deal in deals:
        decision(US_ODDS, CAP, "AK", ANTE, deal[:5], deal[5], raised=True)
    lookup = (time.perf_counter() - start) / hands
    start = time.perf_counter()
    for deal in deals[:BASELINE_HANDS]:
        dealt_out(deal[:5], deal[5])
    baseline = (time.perf_counter() - start) / BASELINE_HANDS

    print(f"Strategy cost of a rated hand ({platform.machine()}, "
          f"{platform.python_version()}):")
    print(f"  first hand (the counts built once per process)  {first:8.2f} s")
    print(f"  lookup, {hands:,} hands                      {lookup * 1000:8.4f} ms a hand")
    print(f"  baseline: dealt out, {BASELINE_HANDS} hands              "
          f"{baseline * 1000:8.1f} ms a hand ({baseline / lookup:,.0f} times the lookup)")


if __name__ == "__main__":
    main()
