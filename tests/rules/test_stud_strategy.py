"""A decision's worth and cost (tables.rules.stud_strategy), checked against dealing out
every completion of the dealer's hand from the 46 cards unseen, hand by hand: clear
raises, clear folds and the close ones around ace-king, on the US paytable (uncapped at
10.00, and capped at 100.00)."""

from __future__ import annotations

import itertools
from decimal import Decimal as D
from fractions import Fraction

import numpy as np
import pytest

from tables.rules.batch import evaluate5_batch
from tables.rules.cards import parse_cards
from tables.rules.hands import category_name
from tables.rules.stud import US_ODDS, qualifier_value
from tables.rules.stud_strategy import decision

pytestmark = pytest.mark.xdist_group("stud_game_math")  # the full deck's counts, once

# (player's cards, dealer's up card): 24 hands, close and clear.
HANDS = [
    ("As Kd 9h 4c 2s", "Qh"), ("As Kd 9h 4c 2s", "Ah"), ("As Kd Jh 8c 3s", "Kc"),
    ("As Kd Jh 8c 3s", "7c"), ("As Kd 5h 4c 3s", "Ac"), ("As Kd 5h 4c 3s", "5d"),
    ("Ah Kh Qh 4h 2c", "3h"), ("As Kc 6d 4h 3h", "6c"), ("As Qd Jh 9c 3s", "Kh"),
    ("Kd Qs Jh 9c 3s", "Ah"), ("2s 2d 7h 5c 3s", "Ac"), ("2s 2d 7h 5c 3s", "2h"),
    ("9s 9d Ah Kc 3s", "Qh"), ("Ts 9d 8h 7c 6s", "As"), ("Qs Jd 9h 5c 3s", "2h"),
    ("7s 5d 4h 3c 2s", "Ks"), ("Ah Jh 8h 5h 2h", "Kd"), ("Kc Kd Kh 5c 3s", "Ks"),
    ("Ac Ad Ah Kc Ks", "2d"), ("Ts Js Qs Ks As", "2d"),
    ("As Kd 3h 2c 4s", "Qs"), ("As Kd Qh 9c 2s", "Jc"), ("As Kd 8h 6c 4s", "Kc"),
    ("Ks Kd 4h 3c 2s", "Kh"),
]
QUALIFIES = qualifier_value("AK")


def dealt_out(cards: list[int], up: int, ante_cents: int, cap_cents: int | None) -> Fraction:
    """A raise's worth, in the currency, over every completion of the dealer's hand."""
    unseen = [c for c in range(52) if c not in cards and c != up]
    completions = np.array(list(itertools.combinations(unseen, 4)), dtype=np.int64)
    dealer = evaluate5_batch(np.column_stack([np.full(len(completions), up), completions]))
    mine = int(evaluate5_batch(np.array([cards]))[0])
    win = 2 * ante_cents * US_ODDS[category_name(mine)]
    win = win if cap_cents is None else min(win, cap_cents)
    qualified = dealer >= QUALIFIES
    total = (ante_cents * int((~qualified).sum())
             + (ante_cents + win) * int((qualified & (dealer < mine)).sum())
             - 3 * ante_cents * int((qualified & (dealer > mine)).sum()))
    return Fraction(total, len(completions) * 100)


@pytest.mark.parametrize("ante", [D("10.00"), D("100.00")])
@pytest.mark.parametrize(("hand", "up"), HANDS)
def test_a_decisions_worth_is_that_of_every_dealer_hand_dealt_out(hand, up, ante):
    cards, [up_card] = parse_cards(hand), parse_cards(up)
    cap = D("5000.00")  # 2 x 100 x 100 = 20,000: the royal is capped at ante 100
    weighed = decision(US_ODDS, cap, "AK", ante, cards, up_card, raised=True)

    assert weighed.raise_value == dealt_out(cards, up_card, int(ante * 100),
                                            int(cap * 100))
    assert weighed.fold_value == -ante
    assert weighed.cost == (0 if weighed.best_is_raise else
                            weighed.fold_value - weighed.raise_value)
    folded = decision(US_ODDS, cap, "AK", ante, cards, up_card, raised=False)
    assert folded.cost == (weighed.raise_value - weighed.fold_value
                           if weighed.best_is_raise else 0)


def test_the_hands_include_close_and_clear_decisions():
    costs = [decision(US_ODDS, None, "AK", D("10.00"), parse_cards(h), parse_cards(u)[0],
                      raised=True) for h, u in HANDS]
    margins = sorted(abs(c.raise_value - c.fold_value) for c in costs)
    assert sum(c.best_is_raise for c in costs) >= 8
    assert sum(not c.best_is_raise for c in costs) >= 4
    assert margins[0] < Fraction(1, 2)   # a close one: under half a unit of a 10 ante
    assert margins[-1] > 10              # a clear one
