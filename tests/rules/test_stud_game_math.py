"""The exact stud calculator (stud_deals + stud_par) against the published figures,
brute force on reduced decks, and a Monte-Carlo deal of random rounds."""

from decimal import Decimal as D
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules.stud import STUD_CATEGORIES, UK_ODDS, US_ODDS, qualifier_value
from tables.rules.stud_brute import brute_force, by_signature
from tables.rules.stud_deals import FULL_DECK, Deck, count_deals
from tables.rules.stud_montecarlo import simulate
from tables.rules.stud_par import cap_binds, par_sheet

# Its module-scoped figures are computed once: its tests stay on one worker (bin/test).
pytestmark = pytest.mark.xdist_group("stud_game_math")

DEALS = 19_933_230_517_200


@pytest.fixture(scope="module")
def us():
    return par_sheet(US_ODDS, D(5000), "AK", D("10.00"))


def percent(value: Fraction, places: int) -> float:
    return round(float(value) * 100, places)


def test_rules_2_10_the_us_paytable_figures(us):
    assert us.deals == DEALS == FULL_DECK.deals
    assert percent(us.house_edge, 3) == 5.224
    assert percent(us.element_of_risk, 3) == 2.555
    assert percent(us.raise_rate, 2) == 52.23
    assert us.dealer_qualifies == Fraction(1_463_700, 2_598_960)
    assert percent(us.raise_all_edge, 3) == 16.607


def test_rules_2_10_raising_ace_king_or_better_loses_exactly_the_published_units(us):
    assert us.house_strategy_edge * DEALS == 1_132_600_203_540
    assert percent(us.house_strategy_edge, 3) == 5.682


def test_the_outcome_table_accounts_for_every_deal_and_the_whole_return(us):
    assert sum(line.deals for line in us.outcomes) == DEALS
    assert sum(line.probability for line in us.outcomes) == 1
    assert sum(line.contribution for line in us.outcomes) == -us.house_edge
    assert us.element_of_risk == us.house_edge / (1 + 2 * us.raise_rate)
    assert D("2.2") < us.std_dev < D("2.3")


def test_optimal_play_raises_pairs_folds_below_ace_king_and_reads_the_up_card(us):
    assert us.strategy.always_fold == "anything below A K 4 3 2"
    assert us.strategy.always_raise == "A K Q J 2 or better"
    rows = {row.hand: [cell.word for cell in row.cells] for row in us.strategy.rows}
    assert all(hand.startswith("A K") for hand in rows)
    # A K 4 3 2 raises when the up card pairs one of its small cards (2, 3, 4), else folds.
    assert rows["A K 4 3 2"] == ["raise"] * 3 + ["fold"] * 10


@settings(max_examples=8, deadline=None)
@given(category=st.sampled_from(STUD_CATEGORIES[:-1]), more=st.integers(1, 40))
def test_raising_an_odd_lowers_the_house_edge(us, category, more):
    richer = par_sheet({**US_ODDS, category: US_ODDS[category] + more}, D(5000), "AK",
                       D("10.00"))
    assert richer.house_edge < us.house_edge


def test_a_cap_that_bites_raises_the_house_edge(us):
    assert not cap_binds(US_ODDS, D(5000), D("10.00"))
    assert cap_binds(US_ODDS, D(5000), D("100.00"))
    capped = par_sheet(US_ODDS, D(5000), "AK", D("100.00"))
    lower_cap = par_sheet(US_ODDS, D(2000), "AK", D("100.00"))
    assert us.house_edge < capped.house_edge < lower_cap.house_edge


def test_the_uk_royal_at_50_to_1_costs_the_player(us):
    uk = par_sheet(UK_ODDS, D(10000), "AK", D("10.00"))
    assert uk.house_edge > us.house_edge
    # Only the royal's line changes its pay: 16,759,740 deals at 50 less per 2 antes.
    assert uk.house_edge - us.house_edge == pytest.approx(
        16_759_740 * 100 / DEALS, rel=0.05)


def test_a_pair_of_twos_qualifier_changes_the_edge_and_the_strategy(us):
    twos = par_sheet(US_ODDS, D(5000), "22", D("10.00"))
    assert twos.dealer_qualifies == Fraction(2_598_960 - 1_302_540, 2_598_960)
    assert twos.house_edge > us.house_edge  # the dealer's ace-king no longer pays the raise
    assert twos.raise_rate > us.raise_rate


@pytest.mark.parametrize(("odds", "cap", "qualifier"), [(US_ODDS, D(5000), "22"),
                                                  (UK_ODDS, D(10000), "AK")])
def test_a_monte_carlo_deal_agrees_within_its_99_percent_interval(odds, cap, qualifier):
    exact = par_sheet(odds, cap, qualifier, D("10.00"))
    dealt = simulate(odds, cap, qualifier, D("10.00"), 2_000_000, seed=13)
    low, high = dealt.interval
    assert low <= float(exact.house_edge) <= high
    assert dealt.std_error < 0.002  # the interval is narrow enough to mean something


REDUCED = [
    (Deck(ranks=(8, 9, 10, 11, 12)), "AK"),            # 20 cards: T J Q K A in four suits
    (Deck(ranks=(0, 1, 2, 10, 11, 12), suits=3), "22"),  # 18 cards, a pair qualifier
    (Deck(ranks=tuple(range(4, 13)), suits=2), "44"),    # 18 cards in two suits
]


@pytest.mark.parametrize(("deck", "qualifier"), REDUCED, ids=["20-cards", "18-cards-22",
                                                          "2-suits-44"])
def test_the_counts_equal_dealing_out_every_deal_of_a_reduced_deck(deck, qualifier):
    q = qualifier_value(qualifier)
    mine = by_signature(count_deals(q, deck))
    dealt = brute_force(deck, q)
    assert mine == dealt
    assert sum(row[0] * sum(row[1:]) for row in dealt.values()) == deck.deals
