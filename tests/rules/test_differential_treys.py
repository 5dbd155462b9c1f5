"""Hand order against treys (a test-only dependency) on 1,000,000 seven-card comparisons."""

import numpy as np
import pytest

from tables.rules.batch import evaluate7_batch

treys = pytest.importorskip("treys", reason="differential tests need treys (pip install treys)")

COMPARISONS = 1_000_000


@pytest.mark.slow
def test_seven_card_order_agrees_with_treys_on_a_million_comparisons():
    rng = np.random.default_rng(20261129)
    # Hand i is compared with hand i + 1: a million comparisons from a million and one hands.
    cards = np.argsort(rng.random((COMPARISONS + 1, 52)), axis=1)[:, :7].astype(np.uint8)
    ours = evaluate7_batch(cards).astype(np.int32)

    to_treys = [treys.Card.new("23456789TJQKA"[c >> 2] + "shdc"[c & 3]) for c in range(52)]
    evaluate = treys.Evaluator().evaluate
    # treys: smaller is better; ours: larger is better.
    theirs = np.fromiter((-evaluate([to_treys[c] for c in hand[:2]],
                                    [to_treys[c] for c in hand[2:]])
                          for hand in cards.tolist()), dtype=np.int32, count=len(cards))

    ours_order = np.sign(np.diff(ours))
    theirs_order = np.sign(np.diff(theirs))
    disagreements = np.flatnonzero(ours_order != theirs_order)
    assert disagreements.size == 0, cards[disagreements[:3]].tolist()
    assert len(ours_order) == COMPARISONS
