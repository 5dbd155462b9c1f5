"""RULES.md section 4: betting structures, reopening the betting, kill games."""

from decimal import Decimal

from tables.rules.betting import (
    BettingRound,
    KillKind,
    KillSettings,
    KillTrigger,
    Limits,
    Structure,
    next_hand_kill,
    options,
)

D = Decimal


def test_rules_4_pot_limit_pot_10_bet_10_the_next_player_may_raise_to_40():
    state = BettingRound(current_bet=D(10), player_in=D(0), stack=D(500), pot=D(20),
                         last_raise=D(10))
    result = options(Limits(Structure.POT_LIMIT), state)
    assert (result.call_to, result.min_raise_to, result.max_raise_to) == (D(10), D(20), D(40))


def test_pot_limit_always_allows_a_minimum_raise_even_into_a_small_pot():
    state = BettingRound(current_bet=D(0), player_in=D(0), stack=D(500), pot=D(0),
                         last_raise=D(2))
    result = options(Limits(Structure.POT_LIMIT), state)
    assert (result.min_raise_to, result.max_raise_to) == (D(2), D(2))


def test_no_limit_raises_from_a_full_raise_up_to_the_stack():
    state = BettingRound(current_bet=D(30), player_in=D(10), stack=D(200), pot=D(55),
                         last_raise=D(20))
    result = options(Limits(Structure.NO_LIMIT), state)
    assert (result.min_raise_to, result.max_raise_to) == (D(50), D(210))


def test_table_stakes_a_short_stack_can_only_call_all_in():
    state = BettingRound(current_bet=D(100), player_in=D(0), stack=D(40), pot=D(130),
                         last_raise=D(100))
    result = options(Limits(Structure.NO_LIMIT), state)
    assert (result.call_to, result.all_in_call, result.can_raise) == (D(40), True, False)


def test_rules_4_fixed_limit_20_40_raises_by_the_bet_of_the_round():
    early = BettingRound(current_bet=D(20), player_in=D(0), stack=D(1000), pot=D(50),
                         last_raise=D(20), bets_made=1)
    assert options(Limits(Structure.FIXED_LIMIT, bet=D(20)), early).max_raise_to == D(40)
    late = BettingRound(current_bet=D(40), player_in=D(0), stack=D(1000), pot=D(300),
                        last_raise=D(40), bets_made=1)
    assert options(Limits(Structure.FIXED_LIMIT, bet=D(40)), late).min_raise_to == D(80)


def test_rules_4_fixed_limit_caps_the_round_at_a_bet_and_three_raises():
    capped = BettingRound(current_bet=D(80), player_in=D(20), stack=D(1000), pot=D(300),
                          last_raise=D(20), bets_made=4, players_in_hand=3)
    assert not options(Limits(Structure.FIXED_LIMIT, bet=D(20)), capped).can_raise


def test_rules_4_the_cap_is_lifted_heads_up_where_the_room_says_so():
    heads_up = BettingRound(current_bet=D(80), player_in=D(60), stack=D(1000), pot=D(300),
                            last_raise=D(20), bets_made=4, players_in_hand=2)
    assert not options(Limits(Structure.FIXED_LIMIT, bet=D(20)), heads_up).can_raise
    lifted = Limits(Structure.FIXED_LIMIT, bet=D(20), heads_up_uncapped=True)
    assert options(lifted, heads_up).min_raise_to == D(100)


def test_rules_4_spread_limit_any_bet_between_the_minimum_and_maximum():
    opening = BettingRound(current_bet=D(0), player_in=D(0), stack=D(100), pot=D(6),
                           last_raise=D(0))
    result = options(Limits(Structure.SPREAD_LIMIT, min_bet=D(1), max_bet=D(5)), opening)
    assert (result.min_raise_to, result.max_raise_to) == (D(1), D(5))


def test_rules_4_a_pot_of_ten_big_bets_makes_the_next_hand_a_kill_posted_by_its_winner():
    settings = KillSettings(KillKind.FULL, KillTrigger.POT_SIZE, pot_big_bets=D(10))
    decision = next_hand_kill(settings, pot=D("400.01"), big_bet=D(40), big_blind=D(20),
                              winner=3, previous_winner=None)
    assert (decision.active, decision.poster, decision.kill_blind) == (True, 3, D(40))
    assert decision.stakes(D(40)) == D(80)  # a 20/40 game plays 40/80


def test_a_pot_of_exactly_ten_big_bets_is_no_kill_it_must_be_greater():
    settings = KillSettings(KillKind.FULL, KillTrigger.POT_SIZE)
    assert not next_hand_kill(settings, pot=D(400), big_bet=D(40), big_blind=D(20), winner=3,
                              previous_winner=None).active


def test_rules_4_a_half_kill_plays_one_and_a_half_times_the_stakes():
    settings = KillSettings(KillKind.HALF, KillTrigger.TWO_IN_A_ROW)
    decision = next_hand_kill(settings, pot=D(50), big_bet=D(40), big_blind=D(20), winner=5,
                              previous_winner=5)
    assert (decision.active, decision.poster, decision.kill_blind) == (True, 5, D(30))
    assert decision.stakes(D(40)) == D(60)


def test_a_split_pot_triggers_no_kill():
    settings = KillSettings(KillKind.FULL, KillTrigger.POT_SIZE)
    assert not next_hand_kill(settings, pot=D(900), big_bet=D(40), big_blind=D(20),
                              winner=None, previous_winner=None).active
