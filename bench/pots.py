"""Settling card-room hands: the project's recorded-hand path against pokerkit.

    bin/bench            (runs bench.hands, then this)
    python -m bench.pots [--hands N]

The same seeded random multi-way all-in hold'em hands (2 to 6 players, random stacks,
blinds 1 and 2, some folds) are settled three ways:

- project, recorded hand: ``settle_recorded_hand`` from the hand as a dealer records it
  (card and chip checks, seven-card evaluation, main and side pots, per-pot rake,
  awards with odd chips) — what every full-mode hand goes through;
- project, pots only: ``settle_hand`` with the hand values already known;
- pokerkit: the same hand played through a ``NoLimitTexasHoldem`` state with the same
  rake (pokerkit derives pots and payoffs only by playing the hand out).

Figures are hands per second on one core. Results are recorded in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from decimal import Decimal

from bench.hands import timed

RANKS, SUITS = "23456789TJQKA", "shdc"


def text(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def random_hands(count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        players = rng.randint(2, 6)
        deck = rng.sample(range(52), 2 * players + 5)
        stacks = [rng.randint(3, 300) for _ in range(players)]
        # Seat 0 always goes all in, so at least one seat is left; the rest fold one
        # time in four before acting.
        folds = [i > 0 and rng.random() < 0.25 for i in range(players)]
        hands.append({"stacks": stacks, "folds": folds,
                      "holes": [deck[2 * i:2 * i + 2] for i in range(players)],
                      "board": deck[2 * players:]})
    return hands


def recorded(hand: dict):
    """The hand as the dealer's form records it: each seat's chips, folded or all in."""
    from tables.rules.showdown import SeatRecord

    stacks, folds = hand["stacks"], hand["folds"]
    top = max(s for s, f in zip(stacks, folds, strict=True) if not f)
    seats = []
    for i, stack in enumerate(stacks):
        if folds[i]:
            blind = (1, 2)[i] if i < 2 else 0   # the blinds a folded seat left behind
            seats.append(SeatRecord(i + 1, Decimal(min(blind, stack)), folded=True))
        else:
            put_in = min(stack, top)
            seats.append(SeatRecord(i + 1, Decimal(put_in), all_in=put_in == stack,
                                    cards=tuple(hand["holes"][i])))
    return seats, tuple(hand["board"])


def run_recorded(hands, schedule):
    from tables.rules.showdown import settle_recorded_hand

    prepared = [recorded(h) for h in hands]
    return timed(lambda rows: [settle_recorded_hand("holdem", seats, board, schedule=schedule,
                                                    unit=Decimal(1))
                               for seats, board in rows], prepared)


def run_pots_only(hands, schedule):
    from tables.rules.hands import evaluator
    from tables.rules.pots import settle_hand

    evaluate7 = evaluator().evaluate7
    prepared = []
    for hand in hands:
        seats, board = recorded(hand)
        contributions = {s.seat: s.put_in for s in seats}
        folded = {s.seat for s in seats if s.folded}
        high = {s.seat: evaluate7((*s.cards, *board)) for s in seats if not s.folded}
        prepared.append((contributions, folded, high))
    return timed(lambda rows: [settle_hand(c, folded=f, high=h, schedule=schedule,
                                           unit=Decimal(1)) for c, f, h in rows], prepared)


def run_pokerkit(hands, percent: int, cap: int):
    import warnings

    import pokerkit

    warnings.filterwarnings("ignore")
    auto = pokerkit.Automation
    automations = (auto.ANTE_POSTING, auto.BET_COLLECTION, auto.BLIND_OR_STRADDLE_POSTING,
                   auto.CARD_BURNING, auto.HOLE_CARDS_SHOWING_OR_MUCKING, auto.HAND_KILLING,
                   auto.CHIPS_PUSHING, auto.CHIPS_PULLING, auto.RUNOUT_COUNT_SELECTION)

    def rake(amount, state):
        raked = min(amount * percent // 100, cap)
        return raked, amount - raked

    prepared = [(tuple(h["stacks"]), h["folds"],
                 ["".join(text(c) for c in hole) for hole in h["holes"]],
                 "".join(text(c) for c in h["board"])) for h in hands]

    def play(rows):
        for stacks, folds, holes, board in rows:
            state = pokerkit.NoLimitTexasHoldem.create_state(
                automations, True, 0, (1, 2), 2, stacks, len(stacks), rake=rake)
            for hole in holes:
                state.deal_hole(hole)
            while state.actor_index is not None:
                if folds[state.actor_index] and state.can_fold():
                    state.fold()
                elif state.can_complete_bet_or_raise_to():
                    state.complete_bet_or_raise_to(
                        state.max_completion_betting_or_raising_to_amount)
                else:
                    state.check_or_call()
            dealt = 0
            while state.status and state.can_deal_board():
                count = 3 if dealt == 0 else 1
                state.deal_board(board[2 * dealt:2 * (dealt + count)])
                dealt += count

    return timed(play, prepared)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args(argv)
    from tables.rules.pots import RakeTerms

    percent, cap = 10, 5
    schedule = RakeTerms(percent=Decimal(percent), cap=Decimal(cap), per_pot=True,
                            increment=Decimal(1))
    hands = random_hands(args.hands, args.seed)
    side_pots = sum(1 for h in hands if len({s for s, f in zip(h["stacks"], h["folds"],
                                                                 strict=True) if not f}) > 2)
    results = [("project, recorded hand (checks, evaluation, pots, rake)",
                run_recorded(hands, schedule)),
               ("project, pots and rake only (values known)", run_pots_only(hands, schedule))]
    peer = min(args.hands, 5_000)
    results.append((f"pokerkit, hand played out (on {peer:,})",
                    run_pokerkit(hands[:peer], percent, cap)))
    base = results[0][1]
    print(f"{args.hands:,} seeded random all-in hold'em hands (seed {args.seed}), "
          f"2-6 players, {side_pots:,} with three or more different stacks still in; "
          "10% rake capped at 5 per pot; "
          f"Python {platform.python_version()}, one core\n")
    print("| settlement | hands/s | vs project |")
    print("|---|---:|---:|")
    for name, rate in results:
        shown = f"{rate / 1e3:.1f}k" if rate < 1e6 else f"{rate / 1e6:.2f}M"
        print(f"| {name} | {shown} | {rate / base:.3g}x |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
