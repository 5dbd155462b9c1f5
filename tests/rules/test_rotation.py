"""The dealers' rotation (tables.rules.rotation): the reliefs proposed on constructed
floors, and for any floor: no dealer on a game he may not deal, no relief used twice, no
due relief left without relief while a free relief could take it."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules.rotation import (
    BreakKind,
    Dealer,
    FlagKind,
    Reason,
    Relief,
    RotationRules,
    Table,
    propose,
)

NOW = dt.datetime(2026, 12, 5, 22, 0, tzinfo=dt.UTC)
RULES = RotationRules()  # 60 on, 20 off, a 30-minute meal within 4 hours, 20 ahead
STUD, HOLDEM, OMAHA = "caribbean_stud", "holdem", "omaha"
ALL = frozenset({STUD, HOLDEM, OMAHA})


def minutes(n: float) -> dt.timedelta:
    return dt.timedelta(minutes=n)


def dealing(id_, table, *, for_, games=ALL, clocked=120, had_meal=True):
    return Dealer(id_, frozenset(games), NOW - minutes(clocked), had_meal=had_meal,
                  table=table, since=NOW - minutes(for_))


def ready(id_, *, games=ALL, clocked=120, had_meal=True, back_in=None):
    return Dealer(id_, frozenset(games), NOW - minutes(clocked), had_meal=had_meal,
                  on_break_until=None if back_in is None else NOW + minutes(back_in))


def test_a_dealer_due_is_relieved_and_goes_on_a_break():
    found = propose([Table(1, STUD)], [dealing(10, 1, for_=61), ready(20)], RULES, NOW)
    assert found.reliefs == [Relief(table=1, at=NOW, dealer=20, relieved=10,  # overdue: now
                                 goes_to=BreakKind.BREAK, reason=Reason.BREAK_DUE,
                                 due=NOW - minutes(1))]
    assert found.flags == []


def test_a_relief_coming_within_the_horizon_is_proposed_for_its_time():
    found = propose([Table(1, STUD)], [dealing(10, 1, for_=50), ready(20)], RULES, NOW)
    assert [(p.at, p.dealer) for p in found.reliefs] == [(NOW + minutes(10), 20)]
    later = propose([Table(1, STUD)], [dealing(10, 1, for_=30), ready(20)], RULES, NOW)
    assert later.reliefs == []  # due in 30 minutes: beyond the 20 looked ahead


def test_a_relief_back_from_his_break_in_time_takes_a_relief_due_then_only():
    dealers = [dealing(10, 1, for_=50), dealing(11, 2, for_=61), ready(20, back_in=5)]
    found = propose([Table(1, STUD), Table(2, STUD)], dealers, RULES, NOW)
    # Due now at table 2: he is not back yet. Due in 10 at table 1: he is back by then.
    assert [(p.table, p.dealer) for p in found.reliefs] == [(1, 20)]
    assert [(f.kind, f.table, f.dealer) for f in found.flags] == [
        (FlagKind.BREAK_OVERDUE, 2, 11)]


def test_a_relief_takes_only_games_he_may_deal():
    dealers = [dealing(10, 1, for_=70), ready(20, games={HOLDEM})]
    found = propose([Table(1, STUD)], dealers, RULES, NOW)
    assert found.reliefs == []
    assert found.flags[0].kind is FlagKind.BREAK_OVERDUE


def test_the_reliefs_are_matched_so_that_both_tables_are_served():
    # The poker-only relief can take the hold'em table only; the one who deals both must
    # go to stud, even though hold'em is the more overdue.
    dealers = [dealing(10, 1, for_=80), dealing(11, 2, for_=70),
               ready(20, games={HOLDEM, STUD}), ready(21, games={HOLDEM})]
    found = propose([Table(1, HOLDEM), Table(2, STUD)], dealers, RULES, NOW)
    assert sorted((p.table, p.dealer) for p in found.reliefs) == [(1, 21), (2, 20)]


def test_an_empty_open_table_comes_first_and_a_closed_one_needs_nobody():
    dealers = [dealing(10, 1, for_=70), ready(20)]
    found = propose([Table(1, STUD), Table(2, STUD), Table(3, STUD, open=False)],
                    dealers, RULES, NOW)
    assert [(p.table, p.reason, p.relieved, p.goes_to) for p in found.reliefs] == [
        (2, Reason.UNCOVERED, None, None)]
    assert [(f.kind, f.table) for f in found.flags] == [(FlagKind.BREAK_OVERDUE, 1)]


def test_a_dealer_on_a_game_he_may_not_deal_is_relieved_before_breaks():
    dealers = [dealing(10, 1, for_=5, games={HOLDEM}), dealing(11, 2, for_=90), ready(20)]
    found = propose([Table(1, STUD), Table(2, STUD)], dealers, RULES, NOW)
    assert [(p.table, p.reason) for p in found.reliefs] == [(1, Reason.NOT_ALLOWED)]
    assert [(f.kind, f.dealer) for f in found.flags] == [(FlagKind.BREAK_OVERDUE, 11)]


def test_with_nobody_free_every_problem_is_flagged():
    dealers = [dealing(10, 1, for_=5, games={HOLDEM})]
    found = propose([Table(1, STUD), Table(2, HOLDEM)], dealers, RULES, NOW)
    assert found.reliefs == []
    assert {(f.kind, f.table) for f in found.flags} == {
        (FlagKind.NOT_ALLOWED, 1), (FlagKind.UNCOVERED, 2)}


def test_the_meal_comes_at_its_latest_time_before_the_relief():
    # Clocked in 3 h 50 ago, no meal: it must begin within 10 minutes, before his relief.
    dealer = dealing(10, 1, for_=20, clocked=230, had_meal=False)
    found = propose([Table(1, STUD)], [dealer, ready(20)], RULES, NOW)
    assert [(p.at, p.goes_to, p.reason) for p in found.reliefs] == [
        (NOW + minutes(10), BreakKind.MEAL, Reason.MEAL_DUE)]


def test_the_relief_before_a_meal_could_wait_another_down_is_a_break():
    # Meal due in 3 h; his relief is now: a break, and another down still fits before it.
    dealer = dealing(10, 1, for_=60, clocked=60, had_meal=False)
    found = propose([Table(1, STUD)], [dealer, ready(20)], RULES, NOW)
    assert found.reliefs[0].goes_to is BreakKind.BREAK


def test_the_last_relief_before_the_meal_sends_him_to_it():
    # Meal due in 70 minutes: after a 20-minute break and a 60-minute down it would be
    # too late, so this relief is his meal.
    dealer = dealing(10, 1, for_=60, clocked=170, had_meal=False)
    found = propose([Table(1, STUD)], [dealer, ready(20)], RULES, NOW)
    assert found.reliefs[0].goes_to is BreakKind.MEAL


def test_a_meal_overdue_is_flagged():
    dealer = dealing(10, 1, for_=30, clocked=250, had_meal=False)
    found = propose([Table(1, STUD)], [dealer], RULES, NOW)
    assert (FlagKind.MEAL_OVERDUE, 10) in {(f.kind, f.dealer) for f in found.flags}


@pytest.mark.parametrize("field", ["time_on", "break_length", "meal_within", "meal_length"])
def test_rules_of_no_length_are_refused(field):
    with pytest.raises(ValueError, match=field):
        RotationRules(**{field: dt.timedelta(0)})


# --- any floor ---------------------------------------------------------------------------

GAMES = [STUD, HOLDEM, OMAHA]
game_sets = st.sets(st.sampled_from(GAMES), min_size=1).map(frozenset)


@st.composite
def floors(draw):
    tables = [Table(n, draw(st.sampled_from(GAMES)), draw(st.booleans()))
              for n in range(1, draw(st.integers(1, 12)) + 1)]
    dealers, free_tables = [], [t.id for t in tables]
    for n in range(100, 100 + draw(st.integers(0, 16))):
        games, clocked = draw(game_sets), draw(st.integers(0, 480))
        had_meal = draw(st.booleans())
        where = draw(st.sampled_from(["table", "break", "ready"]))
        if where == "table" and free_tables:
            table = free_tables.pop(draw(st.integers(0, len(free_tables) - 1)))
            dealers.append(dealing(n, table, for_=draw(st.integers(0, min(clocked, 150))),
                                   games=games, clocked=clocked, had_meal=had_meal))
        else:
            back = draw(st.integers(1, 40)) if where == "break" else None
            dealers.append(ready(n, games=games, clocked=clocked, had_meal=had_meal,
                                 back_in=back))
    return tables, dealers


@settings(max_examples=400, deadline=None)
@given(floors())
def test_any_floor(floor):
    tables, dealers = floor
    found = propose(tables, dealers, RULES, NOW)
    by_id, game_of = {d.id: d for d in dealers}, {t.id: t.game for t in tables}
    reliefs = [p.dealer for p in found.reliefs]
    assert len(reliefs) == len(set(reliefs)), "a relief used twice"
    assert len({p.table for p in found.reliefs}) == len(found.reliefs)
    for proposed in found.reliefs:
        relief = by_id[proposed.dealer]
        assert game_of[proposed.table] in relief.games, "a dealer put on a game he may not deal"
        assert relief.table is None, "a relief taken off another table"
        assert relief.on_break_until is None or relief.on_break_until <= proposed.at
        assert proposed.at <= NOW + RULES.horizon
    # No due relief without relief while a free relief could take it.
    used = set(reliefs)
    relieved = {p.table for p in found.reliefs}
    for flag in found.flags:
        if flag.kind is FlagKind.MEAL_OVERDUE or flag.table in relieved:
            continue
        idle = [d for d in dealers if d.table is None and d.id not in used
                and game_of[flag.table] in d.games
                and (d.on_break_until is None or d.on_break_until <= NOW)
                and (d.had_meal or d.clocked_in + RULES.meal_within > NOW)]  # else: his meal
        assert not idle, f"{flag} flagged while {idle[0].id} was free to take it"


def test_a_dealer_due_his_own_meal_is_no_relief():
    dealers = [dealing(10, 1, for_=70), ready(20, clocked=250, had_meal=False)]
    found = propose([Table(1, STUD)], dealers, RULES, NOW)
    assert found.reliefs == []
    assert {(f.kind, f.dealer) for f in found.flags} == {(FlagKind.BREAK_OVERDUE, 10),
                                                         (FlagKind.MEAL_OVERDUE, 20)}


def test_the_most_urgent_need_of_the_floor_is_served_first_whatever_its_pit():
    """Pit A's relief is due in 15 minutes, pit B's table has nobody now: the one free
    dealer goes to pit B, and pit A's relief waits (it is not due yet, so not flagged)."""
    from tables.rules.rotation import propose_floor

    found = propose_floor({"A": ([Table(1, STUD)], RULES), "B": ([Table(2, STUD)], RULES)},
                          [dealing(10, 1, for_=45), ready(20)], NOW)
    assert [(r.table, r.dealer, r.reason) for r in found["B"].reliefs] == [
        (2, 20, Reason.UNCOVERED)]
    assert (found["A"].reliefs, found["A"].flags, found["B"].flags) == ([], [], [])



def test_the_most_overdue_table_gets_the_free_dealer_first_whatever_it_is_due():
    """Issue 44, the demo at 21:49: dealer6 at CS-2 was due his break at 21:28, dealer2 at
    CS-1 his meal at 21:43, and dealer4, the only free stud dealer, went to CS-1 (a meal
    ranked before any break, however overdue), leaving "dealer6 is overdue a break at CS-2
    (due 21:28)". The longest overdue is served first; CS-1, due later, is flagged."""
    cs1, cs2 = Table(1, STUD), Table(2, STUD)
    dealers = [dealing(2, 1, for_=66, clocked=181, had_meal=False, games=[STUD]),  # meal
               dealing(6, 2, for_=81, games=[STUD, HOLDEM]),  # due 21 minutes ago
               ready(4, games=[STUD, HOLDEM])]
    found = propose([cs1, cs2], dealers, RULES, NOW)
    assert [(r.table, r.dealer, r.relieved, r.reason, r.due) for r in found.reliefs] == [
        (2, 4, 6, Reason.BREAK_DUE, NOW - minutes(21))]
    assert [(f.kind, f.table, f.since) for f in found.flags] == [
        (FlagKind.BREAK_OVERDUE, 1, NOW - minutes(6))]


def test_equally_overdue_the_meal_comes_first_then_the_dealer_on_longer():
    cs1, cs2, cs3 = Table(1, STUD), Table(2, STUD), Table(3, STUD)
    meal = dealing(1, 1, for_=20, clocked=250, had_meal=False)  # his meal was due 10 ago
    longer = dealing(2, 2, for_=70)  # due 10 ago, on 70 minutes
    found = propose([cs1, cs2], [longer, meal, ready(9)], RULES, NOW)
    assert [(r.table, r.reason) for r in found.reliefs] == [(1, Reason.MEAL_DUE)]
    rules = {"A": ([cs2], RULES), "B": ([cs3], RotationRules(time_on=minutes(40)))}
    from tables.rules.rotation import propose_floor

    # Both due ten minutes ago, one after 70 minutes on his table, one after 50.
    found = propose_floor(rules, [dealing(2, 2, for_=70), dealing(3, 3, for_=50), ready(9)],
                          NOW)
    assert [(r.table, r.dealer) for r in found["A"].reliefs] == [(2, 9)]
    assert found["B"].reliefs == []
