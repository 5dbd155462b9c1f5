"""The waiting lists' rules (tables.rules.waitlist), on constructed lists and on random
histories (hypothesis): the order is the order joined except for the moves staff made
(and the no-shows moved down); a move puts an entry where it was asked; no seat holds two
players and no player two seats, and a refusal comes exactly when one would."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules.waitlist import (
    Call,
    Event,
    SeatRefused,
    Seats,
    Step,
    Taken,
    before_for,
    down_by,
    moves_next,
    next_to_call,
    order,
    overdue,
)

T0 = dt.datetime(2026, 12, 5, 20, 0, tzinfo=dt.UTC)


def at(minutes: float) -> dt.datetime:
    return T0 + dt.timedelta(minutes=minutes)


def joined(*entries: int) -> list[Event]:
    return [Event(entry, Step.JOINED, at(n), n) for n, entry in enumerate(entries)]


def test_the_order_joined_then_a_move_then_a_seat_and_a_no_show_moved_down():
    events = joined(1, 2, 3, 4)
    waiting = order(events)
    assert waiting == [1, 2, 3, 4]
    moved = [*events, Event(4, Step.MOVED, at(10), 10, before_for(waiting, 4, 1))]
    assert order(moved) == [1, 4, 2, 3]
    seated = [*moved, Event(1, Step.SEATED, at(11), 11)]
    assert order(seated) == [4, 2, 3]
    down = [*seated, Event(4, Step.MOVED, at(12), 12, down_by(order(seated), 4, 2))]
    assert order(down) == [2, 3, 4]  # two places down: the bottom at most
    assert order([*down, Event(5, Step.JOINED, at(13), 13)]) == [2, 3, 4, 5]


def test_a_move_to_the_top_and_to_the_bottom():
    waiting = [7, 8, 9]
    assert before_for(waiting, 9, 0) == 7
    assert before_for(waiting, 7, 5) is None
    assert down_by(waiting, 7, 1) == 9


def test_calls_not_answered_in_time_are_no_shows_and_the_next_call_skips_the_called():
    waiting = [1, 2, 3]
    calls = [Call(1, at(0)), Call(2, at(4)), Call(1, at(2))]  # 1 called twice
    assert overdue(calls, waiting, at(7), dt.timedelta(minutes=4)) == [1]
    assert overdue(calls, waiting, at(9), dt.timedelta(minutes=4)) == [1, 2]
    assert next_to_call(waiting, {1, 2}) == 3
    assert next_to_call([1], {1}) is None


def test_a_seat_holds_one_player_and_a_player_one_seat():
    seats = Seats([Taken(1, 3, "card 10042", at(0))])
    with pytest.raises(SeatRefused, match="seat 3 of table 1 is taken by card 10042"):
        seats.take(Taken(1, 3, "Ann K.", at(1)))
    with pytest.raises(SeatRefused, match="card 10042 already sits at seat 3 of table 1"):
        seats.take(Taken(2, 1, "card 10042", at(1)))
    seats.take(Taken(1, 1, "J.S.", at(1), key="walk-in 1", where="NL-1"))
    seats.take(Taken(1, 2, "J.S.", at(1), key="walk-in 2"))  # another J.S.
    with pytest.raises(SeatRefused, match=r"J\.S\. already sits at seat 1 of NL-1"):
        seats.take(Taken(2, 2, "J.S.", at(1), key="walk-in 1"))
    seats.leave(1, 1)
    seats.leave(1, 2)
    assert seats.open_seats(1, 4) == [1, 2, 4]
    seats.leave(1, 3)
    seats.take(Taken(2, 1, "card 10042", at(2)))
    assert seats.open_seats(1, 4) == [1, 2, 3, 4]
    with pytest.raises(SeatRefused, match="seat 3 is free"):
        seats.leave(1, 3)


def test_the_must_move_player_seated_longest_moves_first():
    feeder = [Taken(5, 2, "B", at(3)), Taken(6, 1, "A", at(1)), Taken(5, 4, "C", at(2))]
    assert moves_next(feeder).who == "A"
    assert moves_next([]) is None


# --- Random histories ---------------------------------------------------------------

ACTIONS = st.lists(st.tuples(st.sampled_from(["join", "move", "seat", "remove", "no_show"]),
                             st.integers(0, 30), st.integers(0, 10)), max_size=60)


def replay(actions):
    """A random history as the service would write it: each step taken on the list as it
    stands (a move to a position, a no-show moved down)."""
    events, joined, moved = [], 0, set()
    for n, (kind, pick, where) in enumerate(actions):
        waiting = order(events)
        if kind == "join" or not waiting:
            joined += 1
            events.append(Event(joined, Step.JOINED, at(n), n))
            continue
        entry = waiting[pick % len(waiting)]
        if kind == "move":
            events.append(Event(entry, Step.MOVED, at(n), n, before_for(waiting, entry, where)))
            moved.add(entry)
        elif kind == "no_show":
            events.append(Event(entry, Step.MOVED, at(n), n, down_by(waiting, entry, where)))
            moved.add(entry)
        else:
            events.append(Event(entry, Step.SEATED if kind == "seat" else Step.REMOVED,
                                at(n), n))
    return events, moved


@settings(max_examples=300, deadline=None)
@given(ACTIONS)
def test_the_order_is_the_order_joined_but_for_the_entries_moved(actions):
    events, moved = replay(actions)
    waiting = order(events)
    left = {e.entry for e in events if e.step in (Step.SEATED, Step.REMOVED)}
    assert len(waiting) == len(set(waiting))  # nobody twice
    assert not left & set(waiting)  # nobody seated or removed still waits
    unmoved = [e for e in waiting if e not in moved]
    assert unmoved == sorted(unmoved)  # the entries nobody moved: in the order joined


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(1, 4), st.sampled_from("ABCDE"),
                          st.booleans()), max_size=40))
def test_no_seat_holds_two_and_no_player_sits_twice(ops):
    seats, held = Seats(), {}
    for n, (table, seat, who, leave) in enumerate(ops):
        if leave:
            if (table, seat) in held:
                seats.leave(table, seat)
                del held[(table, seat)]
            else:
                with pytest.raises(SeatRefused):
                    seats.leave(table, seat)
            continue
        conflict = (table, seat) in held or who in held.values()
        if conflict:
            with pytest.raises(SeatRefused):
                seats.take(Taken(table, seat, who, at(n)))
        else:
            seats.take(Taken(table, seat, who, at(n)))
            held[(table, seat)] = who
        assert len(set(held.values())) == len(held)
        assert {(t.table, t.seat): t.who for table_ in range(3)
                for t in seats.taken_at(table_)} == held
