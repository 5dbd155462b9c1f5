"""A dealer's stints (tables.rules.stints): cut at the shift's end, a forgotten clock-out
counted to its shift's end only and flagged, a closed table's time left out; and for any
floor's moves (reliefs, breaks, table changes, clock-ins and outs, forgotten clock-outs,
tables closed and opened), no dealer deals two tables at once, no table has two dealers
at once, and no dealer deals more hours in a shift or a gaming day than it has."""

from __future__ import annotations

import datetime as dt
import itertools
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from casino.house.models import Casino
from tables.pit.selectors import SHIFT_AT_MOST
from tables.pit.stints import shift_clock
from tables.rules import stints as rules
from tables.rules.stints import Move, covering, parts, rests

# New York's clocks go back an hour on 2026-11-01 at 06:00 UTC: the gaming day of
# 2026-10-31 has 25 hours, its night shift 9.
HARBOR = Casino(name="Test Harbor", currency="USD", timezone="America/New_York")
CLOCK = shift_clock(HARBOR)
EVENING = dt.datetime(2026, 12, 5, 21, 30, tzinfo=HARBOR.zone)  # shift 2 ends at 22:00
CS1, CS2, HE1 = 1, 2, 3


def at(minutes: float, base: dt.datetime = EVENING) -> dt.datetime:
    return base + dt.timedelta(minutes=minutes)


def stints(moves, *, now, last_round=None):
    """His stints as the report reads them: the casino's shifts, the floor's memory."""
    return rules.stints(moves, shift_of=CLOCK, now=now, memory=SHIFT_AT_MOST,
                        last_round=last_round)


def hours_by_shift(found, closed=()) -> dict:
    sums = defaultdict(float)
    for stint in found:
        for part in parts(stint, CLOCK, closed):
            sums[(part.shift.day.isoformat(), part.shift.number)] += part.seconds / 3600
    return {key: round(value, 2) for key, value in sums.items()}


def test_a_stint_past_its_shifts_end_is_cut_there():
    moves = [Move(at(-5), "clock_in"), Move(at(0), "table", CS1), Move(at(75), "break",
                                                                      until=at(95))]
    [stint] = stints(moves, now=at(120))
    assert (stint.start, stint.end, stint.ended, stint.unended) == (at(0), at(75), True, False)
    assert hours_by_shift([stint]) == {("2026-12-05", 2): 0.5, ("2026-12-05", 3): 0.75}
    assert rests(moves, now=at(120)) == [(at(75), at(95))]


def test_a_forgotten_clock_out_counts_to_its_shifts_end_only_and_is_flagged():
    moves = [Move(at(-5), "clock_in"), Move(at(0), "table", HE1)]
    [stint] = stints(moves, now=at(60 * 30))
    assert (stint.end, stint.ended, stint.running, stint.unended) == (at(30), False, False,
                                                                     True)
    assert hours_by_shift([stint]) == {("2026-12-05", 2): 0.5}
    # Clocked in again the next day (the floor had forgotten him): that ends nothing.
    again = [*moves, Move(at(60 * 20), "clock_in"), Move(at(60 * 20 + 5), "table", CS2),
             Move(at(60 * 21), "clock_out")]
    first, second = stints(again, now=at(60 * 30))
    assert (first.end, first.unended) == (at(30), True)
    assert (second.start, second.end, second.unended) == (at(60 * 20 + 5), at(60 * 21), False)


def test_a_stint_still_running_counts_to_now_and_is_not_flagged():
    [stint] = stints([Move(at(0), "table", CS1)], now=at(20))
    assert (stint.end, stint.running, stint.unended) == (at(20), True, False)
    # Past his shift's end with no relief yet: the floor has him there, and so do his hours.
    later = stints([Move(at(-5), "clock_in"), Move(at(0), "table", CS1)], now=at(90))
    assert [(s.end, s.running) for s in later] == [(at(90), True)]
    assert hours_by_shift(later) == {("2026-12-05", 2): 0.5, ("2026-12-05", 3): 1.0}


def test_a_forgotten_stint_counts_to_his_last_round_there_past_its_shift():
    """He dealt CS-1 into the night shift and went home without a move: the rounds he
    recorded say he was there until 22:40, not the shift's end."""
    moves = [Move(at(-5), "clock_in"), Move(at(0), "table", CS1)]
    recorded = [(CS1, at(50)), (CS1, at(70)), (CS2, at(80))]

    def last_round(table, after, until):
        return max((m for t, m in recorded if t == table and after <= m <= until), default=None)

    [stint] = stints(moves, now=at(60 * 24), last_round=last_round)
    assert (stint.end, stint.unended) == (at(70), True)
    assert covering([stint], CS1, at(70))


def test_the_time_a_table_was_closed_is_left_out_and_a_round_lies_in_its_stint():
    moves = [Move(at(-60), "table", CS1), Move(at(0), "table", CS2), Move(at(45), "meal",
                                                                         until=at(75))]
    found = stints(moves, now=at(60))
    closed = [(at(-40), at(-30))]  # CS-1 closed ten minutes under him
    assert hours_by_shift(found[:1], closed) == {("2026-12-05", 2): 0.83}
    assert covering(found, CS2, at(45)).start == at(0)  # his last instant there included
    assert covering(found, CS1, at(10)) is None
    assert covering(found, CS2, at(50)) is None  # at his meal


def _floor_moves(steps):
    """The moves the pit's services would write for ``steps``: (minutes later, what,
    dealer, table), and the rounds recorded (dealer, table, when). A dealer takes a table
    (a supervisor's relief, or the first round he records there: clocked in first if the
    floor does not count him), and the dealer on it goes on a break; from his own table he
    leaves it without a dealer (a table change); the floor forgets a dealer 16 hours after
    his clock-in (his clock-out forgotten); tables close and open under their dealers."""
    now = dt.datetime(2026, 10, 30, 20, tzinfo=dt.UTC)
    moves, clocked, seat, closed, shut = defaultdict(list), {}, {}, defaultdict(list), {}
    rounds = []

    def on_floor(dealer):
        return dealer in clocked and now - clocked[dealer] < dt.timedelta(hours=16)

    def take(dealer, table):
        if not on_floor(dealer):
            clocked[dealer] = now
            moves[dealer].append(Move(now, "clock_in"))
        elif seat.get(dealer) == table:
            return
        there = next((d for d, t in seat.items()
                      if t == table and d != dealer and on_floor(d)), None)
        if there is not None:
            seat[there] = None
            moves[there].append(Move(now, "break", until=now + dt.timedelta(minutes=20)))
        seat[dealer] = table
        moves[dealer].append(Move(now, "table", table))

    for minutes, what, dealer, table in steps:
        now += dt.timedelta(minutes=minutes)
        if what in ("take", "deal"):
            take(dealer, table)
            if what == "deal" and table not in shut:  # a closed table records nothing
                rounds.append((dealer, table, now))
        elif what == "clock_in" and not on_floor(dealer):
            clocked[dealer], seat[dealer] = now, None
            moves[dealer].append(Move(now, "clock_in"))
        elif what in ("break", "meal") and on_floor(dealer) and seat[dealer] is None:
            moves[dealer].append(Move(now, what, until=now + dt.timedelta(minutes=20)))
        elif what == "clock_out" and on_floor(dealer):
            del clocked[dealer]
            seat[dealer] = None
            moves[dealer].append(Move(now, "clock_out"))
        elif what == "close" and table not in shut:
            shut[table] = now
        elif what == "open" and table in shut:
            closed[table].append((shut.pop(table), now))
    for table, since in shut.items():
        closed[table].append((since, now))
    return moves, closed, now, rounds


# Minutes between two moves: mostly a floor's pace, sometimes a shift's or a night's.
GAPS = st.one_of(st.integers(0, 90), st.integers(0, 20 * 60))
STEPS = st.lists(st.tuples(GAPS, st.sampled_from(
    ("clock_in", "take", "deal", "deal", "break", "meal", "clock_out", "close", "open",
     "wait")),
    st.integers(0, 2), st.integers(1, 2)), max_size=80)


def _checked(found_parts: list) -> None:
    """No overlap within ``found_parts`` (touching allowed), each within its shift."""
    found_parts.sort(key=lambda p: (p.start, p.end))
    for before, after in itertools.pairwise(found_parts):
        assert before.end <= after.start, (before, after)
    for part in found_parts:
        assert part.shift.begin <= part.start <= part.end <= part.shift.end


@settings(max_examples=300, deadline=None)
@given(STEPS)
def test_whatever_the_floors_moves_no_dealer_deals_two_tables_or_more_hours_than_a_day(steps):
    moves, closed, now, rounds = _floor_moves(steps)
    by_table, by_day = defaultdict(list), defaultdict(float)
    dealt = {dealer: stints(his, now=now, last_round=_last_round(rounds, dealer))
             for dealer, his in moves.items()}
    for dealer, table, moment in rounds:  # each round in its dealer's stint at its table
        assert covering(dealt[dealer], table, moment)
    for dealer, his in dealt.items():
        found = [p for stint in his for p in parts(stint, CLOCK, closed.get(stint.table, ()))]
        _checked(list(found))  # one table at a time
        for part in found:
            by_table[part.stint.table].append(part)
            by_day[(dealer, part.shift.day)] += part.seconds
        for stint in his:
            if stint.unended and stint.end > CLOCK(stint.start).end:  # past its shift:
                assert (dealer, stint.table, stint.end) in rounds  # to his last round there
    for table_parts in by_table.values():
        _checked(table_parts)  # one dealer at a table at a time
    for (_, day), seconds in by_day.items():
        begin, end = HARBOR.day_bounds(day)
        assert seconds <= (end - begin).total_seconds()


def _last_round(rounds, dealer):
    def last(table, after, until):
        return max((m for d, t, m in rounds if (d, t) == (dealer, table) and after <= m <= until),
                   default=None)
    return last


KINDS = st.sampled_from(("clock_in", "table", "break", "meal", "clock_out"))
ANY_MOVES = st.lists(st.tuples(st.integers(0, 5 * 24 * 60), KINDS, st.integers(1, 3)),
                     max_size=40)


@settings(max_examples=300, deadline=None)
@given(ANY_MOVES, st.lists(st.tuples(st.integers(0, 5 * 24 * 60), st.integers(0, 600)),
                           max_size=5))
def test_even_moves_no_service_would_write_give_one_table_at_a_time(raw, shut):
    start = dt.datetime(2026, 10, 30, 20, tzinfo=dt.UTC)
    moves = [Move(start + dt.timedelta(minutes=m), kind, table if kind == "table" else None,
                  start + dt.timedelta(minutes=m + 20)) for m, kind, table in raw]
    closed = sorted((start + dt.timedelta(minutes=m), start + dt.timedelta(minutes=m + n))
                    for m, n in shut)
    now = start + dt.timedelta(days=6)
    found = [p for stint in stints(moves, now=now)
             for p in parts(stint, CLOCK, _merged(closed))]
    _checked(found)
    by_day = defaultdict(float)
    for part in found:
        by_day[part.shift.day] += part.seconds
    for day, seconds in by_day.items():
        begin, end = HARBOR.day_bounds(day)
        assert seconds <= (end - begin).total_seconds()


def _merged(spans):
    """Closed spans as the history reads them: in order, none overlapping."""
    merged = []
    for shut, opened in spans:
        if merged and shut <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], opened))
        else:
            merged.append((shut, opened))
    return merged
