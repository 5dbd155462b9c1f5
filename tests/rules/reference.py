"""A deliberately plain five-card evaluator, written apart from tables/rules, to test it.

Returns (category, tiebreak ranks) with categories 0 (high card) .. 8 (straight flush).
"""

from collections import Counter


def reference_key(cards):
    ranks = sorted((c // 4 for c in cards), reverse=True)
    suits = {c % 4 for c in cards}
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [n for _, n in groups]
    ordered = [r for r, _ in groups]
    flush = len(suits) == 1
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight_top = 3
    if straight_top is not None and flush:
        return (8, (straight_top,))
    if shape == [4, 1]:
        return (7, tuple(ordered))
    if shape == [3, 2]:
        return (6, tuple(ordered))
    if flush:
        return (5, tuple(ranks))
    if straight_top is not None:
        return (4, (straight_top,))
    if shape == [3, 1, 1]:
        return (3, tuple(ordered))
    if shape == [2, 2, 1]:
        return (2, tuple(ordered))
    if shape == [2, 1, 1, 1]:
        return (1, tuple(ordered))
    return (0, tuple(ranks))
