"""A game's estimated wait (tables.rules.waitlist.estimated_wait, issue 44 point 9): the
median of its last ten waits from join to seat, to the minute; none with fewer than
three; the one long wait does not pull it; always between the shortest and the longest
wait it read."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from tables.rules.waitlist import estimated_wait


def minutes(*values: float) -> list[dt.timedelta]:
    return [dt.timedelta(minutes=v) for v in values]


def test_too_few_seatings_give_no_estimate():
    assert estimated_wait([]) is None
    assert estimated_wait(minutes(12, 20)) is None
    assert estimated_wait(minutes(12, 20, 30)) == dt.timedelta(minutes=20)


def test_the_median_of_an_even_count_is_the_middle_two_s_mean_to_the_minute():
    assert estimated_wait(minutes(10, 20, 30, 41)) == dt.timedelta(minutes=25)


def test_one_player_who_waited_an_hour_does_not_pull_the_estimate():
    assert estimated_wait(minutes(15, 18, 20, 22, 95)) == dt.timedelta(minutes=20)


def test_only_the_last_ten_waits_count():
    old, recent = minutes(*[90] * 20), minutes(*[12] * 10)
    assert estimated_wait(old + recent) == dt.timedelta(minutes=12)
    assert estimated_wait(recent + old) == dt.timedelta(minutes=90)
    assert estimated_wait(minutes(5, 6, 7, 8), last=3, needed=3) == dt.timedelta(minutes=7)


@given(st.lists(st.integers(min_value=0, max_value=600), min_size=3, max_size=40))
def test_the_estimate_lies_between_the_shortest_and_longest_wait_read(values):
    found = estimated_wait(minutes(*values))
    read = values[-10:]
    assert dt.timedelta(minutes=min(read)) <= found <= dt.timedelta(minutes=max(read))
