"""Hand evaluation speed: the project's evaluator against treys, phevaluator and pokerkit.

    bin/bench            (or: python -m bench.hands [--hands N])

Every evaluator gets the same seeded random five-card and seven-card hands, already
converted to its own card type, so only evaluation is timed. Figures are hands per
second on one core, and each evaluator's ratio to the project's one-at-a-time
evaluator. Results are recorded in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import time

import numpy as np

RANKS, SUITS = "23456789TJQKA", "shdc"


def text(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def timed(function, hands) -> float:
    """Hands per second: the best of up to 15 passes over ``hands`` within 4 seconds
    (timeit's rule: the minimum is the figure least disturbed by the rest of the machine).
    """
    best = float("inf")
    spent = 0.0
    for _ in range(15):
        start = time.perf_counter()
        function(hands)
        elapsed = time.perf_counter() - start
        best = min(best, elapsed)
        spent += elapsed
        if spent > 4:
            break
    return len(hands) / best


def run_project_scalar(hands, width):
    from tables.rules.hands import evaluator

    evaluate = evaluator().evaluate5 if width == 5 else evaluator().evaluate7
    rows = [tuple(h) for h in hands.tolist()]
    return timed(lambda rs: [evaluate(r) for r in rs], rows)


def run_project_batch(hands, width):
    from tables.rules.batch import evaluate5_batch, evaluate7_batch

    evaluate = evaluate5_batch if width == 5 else evaluate7_batch
    evaluate(hands[:1000])  # build the dense tables outside the timing
    return timed(evaluate, hands)


def run_treys(hands, width):
    import treys

    convert = [treys.Card.new(text(c)) for c in range(52)]
    evaluate = treys.Evaluator().evaluate
    rows = [[convert[c] for c in h] for h in hands.tolist()]
    return timed(lambda rs: [evaluate(r[:2], r[2:]) for r in rs], rows)


def run_phevaluator(hands, width):
    from phevaluator import evaluate_cards

    # phevaluator numbers cards rank * 4 + suit with clubs, diamonds, hearts, spades.
    native = [(c >> 2) * 4 + "cdhs".index(SUITS[c & 3]) for c in range(52)]
    rows = [[native[c] for c in h] for h in hands.tolist()]
    return timed(lambda rs: [evaluate_cards(*r) for r in rs], rows)


def run_pokerkit(hands, width):
    import pokerkit

    deck = {text(c): next(iter(pokerkit.Card.parse(text(c)))) for c in range(52)}
    rows = [[deck[text(c)] for c in h] for h in hands.tolist()]
    if width == 5:
        make = pokerkit.StandardHighHand
        return timed(lambda rs: [make(r) for r in rs], rows)
    best = pokerkit.StandardHighHand.from_game
    return timed(lambda rs: [best(r[:2], r[2:]) for r in rs], rows)


EVALUATORS = [
    ("project, one hand at a time", run_project_scalar, None),
    ("project, numpy batch", run_project_batch, None),
    ("treys", run_treys, None),
    ("phevaluator (C)", run_phevaluator, None),
    ("pokerkit", run_pokerkit, 50_000),  # slow: measured on a sample
]


def rate(per_second: float) -> str:
    return f"{per_second / 1e6:.2f}M" if per_second >= 1e5 else f"{per_second / 1e3:.1f}k"


def load_figures() -> dict[str, float]:
    """Import time, table load time and memory, each in a fresh interpreter."""
    timing = """
import time
t0 = time.perf_counter(); import tables.rules.hands as h; t1 = time.perf_counter()
h.evaluator(); t2 = time.perf_counter()
import tables.rules.batch as b; t3 = time.perf_counter(); t = b._tables(); t4 = time.perf_counter()
print(t1 - t0, t2 - t1, t4 - t3)
"""
    memory = """
import tracemalloc
import tables.rules.hands as h
tracemalloc.start(); h.evaluator(); scalar = tracemalloc.get_traced_memory()[0]
import tables.rules.batch as b
print(scalar, sum(a.nbytes for a in b._tables().values()))
"""
    import_s, scalar_s, batch_s = (float(x) for x in subprocess.run(
        [sys.executable, "-c", timing], capture_output=True, text=True, check=True).stdout.split())
    scalar_bytes, batch_bytes = (float(x) for x in subprocess.run(
        [sys.executable, "-c", memory], capture_output=True, text=True, check=True).stdout.split())
    out = [import_s, scalar_s, scalar_bytes, batch_s, batch_bytes]
    keys = ["import_s", "scalar_load_s", "scalar_bytes", "batch_load_s", "batch_bytes"]
    return dict(zip(keys, map(float, out), strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    decks = np.argsort(rng.random((args.hands, 52)), axis=1).astype(np.uint8)
    hands = {5: np.ascontiguousarray(decks[:, :5]), 7: np.ascontiguousarray(decks[:, :7])}
    del decks

    print(f"{args.hands:,} seeded random hands (seed {args.seed}); "
          f"Python {platform.python_version()}, numpy {np.__version__}, one core\n")
    results = {}
    for name, run, sample in EVALUATORS:
        for width in (5, 7):
            subset = hands[width][:sample] if sample else hands[width]
            try:
                results[name, width] = run(subset, width)
            except ImportError as missing:
                results[name, width] = None
                print(f"  {name}: not installed ({missing.name}); pip install -e '.[bench]'")
    base5 = results["project, one hand at a time", 5]
    base7 = results["project, one hand at a time", 7]
    print("| evaluator | 5-card hands/s | vs project | 7-card hands/s | vs project |")
    print("|---|---:|---:|---:|---:|")
    for name, _, sample in EVALUATORS:
        five, seven = results[name, 5], results[name, 7]
        if five is None:
            continue
        label = f"{name} (on {sample:,})" if sample else name
        print(f"| {label} | {rate(five)} | {five / base5:.3g}x "
              f"| {rate(seven)} | {seven / base7:.3g}x |")

    figures = load_figures()
    print(f"\nimport tables.rules.hands: {figures['import_s'] * 1000:.0f} ms; "
          f"one-at-a-time tables: load {figures['scalar_load_s'] * 1000:.0f} ms, "
          f"{figures['scalar_bytes'] / 2**20:.1f} MB; numpy tables: build "
          f"{figures['batch_load_s'] * 1000:.0f} ms, {figures['batch_bytes'] / 2**20:.1f} MB")


if __name__ == "__main__":
    main()
