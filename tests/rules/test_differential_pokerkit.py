"""Pots, winners and rake against pokerkit (a test-only dependency) on 10,000 hands.

Each hand is no-limit hold'em where every player either folds or moves all in, so
stacks of different sizes make main and side pots. Every hand goes through
``settle_recorded_hand``, the function the dealer's full-mode record goes through
(card checks, chip checks, showdown evaluation, pots, rake), with the cards as a
dealer types them. Two comparisons per hand:

- Pots and rake: pokerkit's pots once the betting is over (amounts, eligible
  players and each pot's rake; pokerkit rakes each pot separately, so our schedule
  is set to per-pot raking with the same percentage, cap and rounding down).
- Winners and payoffs (ties split, odd chips): the net result of every player,
  with the rake off. pokerkit recomputes its pots after losing hands are mucked,
  so pots won by the same players merge before they are split (and the rake is
  capped once over them); a card room splits and caps each side pot. The test
  therefore regroups our pots by their winners before comparing odd chips, and
  compares payoffs with the rake off.

When everyone but one player folds, pokerkit counts only the folded players'
chips as the pot, where a card room counts the winner's matched chips too; those
hands (no flop, so no rake either way) compare payoffs only.
"""

import random
from decimal import Decimal

import pytest

from tables.rules.cards import parse_cards
from tables.rules.pots import NO_RAKE, RakeTerms, split
from tables.rules.showdown import SeatRecord, settle_recorded_hand

pokerkit = pytest.importorskip("pokerkit", reason="differential tests need pokerkit")

HANDS = 10_000
RANKS, SUITS = "23456789TJQKA", "shdc"


def card_text(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


class Hand:
    """One random all-in hand played through pokerkit."""

    def __init__(self, rng: random.Random):
        self.players = rng.randint(2, 6)
        self.stacks = [rng.choice([rng.randint(3, 40), rng.randint(3, 300)])
                       for _ in range(self.players)]
        self.percent = rng.choice([5, 10])
        self.cap = rng.choice([None, 3, 5, 20])
        self.raking = True
        auto = pokerkit.Automation
        self.state = pokerkit.NoLimitTexasHoldem.create_state(
            (auto.ANTE_POSTING, auto.BET_COLLECTION, auto.BLIND_OR_STRADDLE_POSTING,
             auto.CARD_BURNING, auto.HOLE_CARDS_SHOWING_OR_MUCKING, auto.HAND_KILLING,
             auto.CHIPS_PUSHING, auto.CHIPS_PULLING, auto.RUNOUT_COUNT_SELECTION),
            True, 0, (1, 2), 2, tuple(self.stacks), self.players, rake=self.rake,
        )
        deck = rng.sample(range(52), 2 * self.players + 5)
        self.holes = [deck[2 * i:2 * i + 2] for i in range(self.players)]
        self.board = deck[2 * self.players:]
        self.committed = [0] * self.players
        self.play(rng)

    def rake(self, amount, state):
        raked = amount * self.percent // 100 if self.raking else 0
        if self.cap is not None:
            raked = min(raked, self.cap)
        return raked, amount - raked

    def snapshot(self):
        for i in range(self.players):
            self.committed[i] = max(self.committed[i], self.stacks[i] - self.state.stacks[i])

    def play(self, rng):
        state = self.state
        for hole in self.holes:
            state.deal_hole("".join(card_text(c) for c in hole))
        self.snapshot()
        while state.actor_index is not None:
            if state.can_fold() and rng.random() < 0.25:
                state.fold()
            elif state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            else:
                state.check_or_call()
            self.snapshot()
        self.folded = {op.player_index for op in state.operations
                       if isinstance(op, pokerkit.Folding)}
        self.showdown = bool(state.status)
        self.pots = list(state.pots) if self.showdown else []
        self.raking = False  # payoffs are compared without rake (see the module docstring)
        dealt = 0
        while state.status and state.can_deal_board():
            count = 3 if dealt == 0 else 1
            state.deal_board("".join(card_text(c) for c in self.board[dealt:dealt + count]))
            dealt += count
        assert not state.status


def recorded(hand: Hand, schedule: RakeTerms):
    """The hand as a dealer records it: seats 1..n from the small blind, cards as text."""
    seats = [SeatRecord(
        seat=i + 1, put_in=Decimal(hand.committed[i]), folded=i in hand.folded,
        all_in=i not in hand.folded and hand.committed[i] == hand.stacks[i],
        cards=None if i in hand.folded else tuple(parse_cards(
            [card_text(c) for c in hand.holes[i]])))
        for i in range(hand.players)]
    board = tuple(parse_cards([card_text(c) for c in hand.board])) if hand.showdown else ()
    return settle_recorded_hand("holdem", seats, board, schedule=schedule, unit=Decimal(1))


def regrouped_by_winners(settlement) -> dict[int, Decimal]:
    """What each seat collects if pots with the same winners were split as one."""
    collects = dict(settlement.returned)
    by_winners: dict[tuple[int, ...], Decimal] = {}
    for pot in settlement.pots:
        by_winners[pot.high_winners] = by_winners.get(pot.high_winners, Decimal(0)) + pot.awarded
    for winners, amount in by_winners.items():
        for seat, share in split(amount, winners, Decimal(1)).items():
            collects[seat] = collects.get(seat, Decimal(0)) + share
    return {seat: collects.get(seat, Decimal(0)) for seat in settlement.collects}


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore:A card being dealt")  # pokerkit's deck bookkeeping
def test_pots_winners_and_rake_agree_with_pokerkit_on_ten_thousand_all_in_hands():
    rng = random.Random(42)
    showdowns = side_pots = split_pots = 0
    for _ in range(HANDS):
        hand = Hand(rng)
        players = range(hand.players)
        contributions = {i + 1: Decimal(hand.committed[i]) for i in players}

        unraked = recorded(hand, NO_RAKE).settlement
        collects = regrouped_by_winners(unraked)
        payoffs = [int(collects[i + 1] - contributions[i + 1]) for i in players]
        assert payoffs == list(hand.state.payoffs), (hand.stacks, hand.committed, hand.folded)

        if hand.showdown:
            showdowns += 1
            schedule = RakeTerms(percent=Decimal(hand.percent), per_pot=True,
                                    cap=None if hand.cap is None else Decimal(hand.cap),
                                    increment=Decimal(1))
            raked = recorded(hand, schedule).settlement
            ours = [(int(p.amount), int(p.rake), tuple(s - 1 for s in p.eligible))
                    for p in raked.pots]
            theirs = [(p.amount, p.raked_amount, p.player_indices) for p in hand.pots]
            assert ours == theirs
            assert sum(raked.collects.values()) + raked.rake == sum(contributions.values())
            side_pots += len(raked.pots) > 1
            split_pots += any(len(p.high_winners) > 1 for p in raked.pots)
    print(f"\n{HANDS:,} hands: {showdowns:,} showdowns, {side_pots:,} with side pots, "
          f"{split_pots:,} with a split pot; all agree with pokerkit")
    assert showdowns > HANDS // 2
    # The sample really exercises side pots and ties.
    assert side_pots > 1_000
    assert split_pots > 50
