"""What the bulk-loading benches (bench/reports.py, bench/accounting_load.py) draw their
rows from: dealer hands, stud seat results and poker pots, drawn once."""

from __future__ import annotations

import random
from decimal import Decimal
from types import SimpleNamespace

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def money(cents: int) -> str:
    return str(Decimal(cents).scaleb(-2))


def pools(rng: random.Random) -> SimpleNamespace:
    """Rows to draw from. Dealer hands: cards, category and qualifier by the project's evaluator.
    Seat results, signed from the player's side: two hands in five fold; a raise wins the ante if
    the dealer does not qualify, else wins at the odds, pushes or loses (house: ~8% of antes).
    Poker: pots, rake and bad-beat drops under the two schedules."""
    from tables.rules.cards import parse_cards
    from tables.rules.hands import category_name, evaluate
    from tables.rules.stud import US_ODDS, qualifier_value
    odds = {category: US_ODDS[category] for category in list(US_ODDS)[2:9]}   # quads to a pair
    dealer, seats, hands = [], {True: [], False: []}, {"percentage": [], "fixed_drop": []}
    for cards in (rng.sample(DECK, 5) for _ in range(2048)):
        value = evaluate(parse_cards(cards))
        dealer.append(("{" + ",".join(cards) + "}", category_name(value),
                       value >= qualifier_value("AK")))
    antes = (500,) * 10 + (1000,) * 6 + (2500,) * 3 + (10000,)
    for (qualified, pool), ante in ((p, rng.choice(antes)) for p in seats.items()
                                    for _ in range(4096)):
        category, draw = rng.choices(list(odds), (1, 3, 7, 14, 55, 170, 750))[0], rng.random()
        play = ("fold", "high_card", "fold", -ante, 0) if draw < 0.40 else \
            ("raise", category, "dealer_not_qualified", ante, 0) if not qualified else \
            ("raise", category, "win", ante, 2 * ante * odds[category]) if draw < 0.682 else \
            ("raise", category, "push", 0, 0) if draw < 0.694 else \
            ("raise", "high_card", "lose", -ante, -2 * ante)
        pool.append((money(ante), *play[:3], money(play[3]), money(play[4])))
    for method, pool in hands.items():
        for flop in (rng.random() < 0.85 for _ in range(4096)):
            pot = max(30, round(rng.lognormvariate(4.0, 0.8))) * 100 if flop else 3000
            rake = (min(pot // 10, 500) if method == "percentage" else 300) if flop else 0
            pool.append((flop, money(pot), money(rake), money(100 * (flop and pot >= 2000))))
    return SimpleNamespace(dealer=dealer, hands=hands, seats=seats)
