"""Issue 26, point 5: a record dated into a closed gaming day. Rounds, hands, time
collections and voids (what a closed day's figures are made of) land on an open day or
are refused in words; a void of a closed day's record is an adjustment on its own day
(tests/reports/test_closed_days.py). The chips and counts land on their shift's day, closed
or not (tests/accounting/test_closed_days.py)."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from tables.floor import books
from tables.floor.services import casino_update
from tables.poker.models import TimeCollection
from tables.poker.services import poker_hand_void, time_collection_record
from tables.reports import closing
from tables.reports.models import ClosedDay
from tables.stud.models import StudRound
from tests.reports.conftest import at

pytestmark = pytest.mark.django_db


def collect(api, table, user, period_start):
    return api.as_user(user).post(f"/api/v1/tables/{table.pk}/time-collections/",
                                  {"seats": [1, 2], "period_start": period_start},
                                  format="json")


def test_a_time_collection_dated_into_a_day_closed_minutes_before_is_refused_in_words(
        api, dealer, accountant, timed, travel):
    travel(at(2026, 3, 3, 22))
    time_collection_record(actor=dealer, table=timed, seats=[1])
    travel(at(2026, 3, 4, 6, 15))
    assert closing.close_ended_days() == 1            # 3 March closed at 06:15

    travel(at(2026, 3, 4, 6, 20))
    late = collect(api, timed, dealer, "2026-03-04T05:30:00-05:00")

    assert late.status_code == 400, late.json()
    assert late.json() == {"period_start": [
        "2026-03-04 05:30 EST falls in gaming day 2026-03-03. Test Harbor's books are closed "
        "up to gaming day 2026-03-03 (closed on 2026-03-04 06:15 EST): its figures are "
        "final, so no time collection can be added to that day now. Tell the supervisor: "
        "the count of that shift's box shows what was collected then, and the supervisor "
        "explains the difference."]}
    assert TimeCollection.objects.count() == 1        # nothing stored
    running = collect(api, timed, dealer, "2026-03-04T06:00:00-05:00")
    assert running.status_code == 201
    assert running.json()["gaming_day"] == "2026-03-04"


def test_a_time_collection_of_the_day_just_ended_lands_on_it_until_it_closes(
        api, dealer, accountant, timed, travel):
    travel(at(2026, 3, 4, 6, 5))                       # 3 March ended, not closed yet
    late = collect(api, timed, dealer, "2026-03-04T05:30:00-05:00")
    assert late.status_code == 201
    assert late.json()["gaming_day"] == "2026-03-03"

    travel(at(2026, 3, 4, 6, 15))
    closing.close_ended_days()
    rake = api.as_user(accountant).get("/api/v1/reports/rake/", {
        "from": "2026-03-03", "to": "2026-03-03"}).json()
    assert rake["closed_days"] == ["2026-03-03"]
    assert rake["totals"]["time_collection"] == "12.00"   # in the closed day's figures


def test_rounds_hands_and_voids_are_refused_on_a_day_closed_before_its_end(
        holdem, live_table, supervisor, play_round, play_hand, travel):
    hand = play_hand(holdem, at(2026, 3, 4, 9))
    travel(at(2026, 3, 4, 10))
    closing.close_day(holdem.casino, dt.date(2026, 3, 4))   # by hand, before the day ended

    for record in (lambda: play_round(live_table, at(2026, 3, 4, 11)),
                   lambda: play_hand(holdem, at(2026, 3, 4, 11)),
                   lambda: poker_hand_void(actor=supervisor, hand=hand, reason="wrong table")):
        with pytest.raises(ValidationError) as refused:
            record()
        [words] = refused.value.message_dict["table"]
        assert "belongs to gaming day 2026-03-04 by Test Harbor's clock. Test Harbor's " \
               "books are closed up to gaming day 2026-03-04" in words
    assert not StudRound.objects.exists()

    # The next day is open: recorded as always.
    assert play_round(live_table, at(2026, 3, 5, 9)).gaming_day == dt.date(2026, 3, 5)


def test_the_casino_clock_is_not_turned_back_into_a_closed_day(supervisor, holdem, play_hand,
                                                              travel):
    play_hand(holdem, at(2026, 3, 3, 9))
    travel(at(2026, 3, 4, 10))
    closing.close_ended_days()
    casino = holdem.casino

    with pytest.raises(ValidationError) as refused:   # 10:00 would belong to 3 March again
        casino_update(actor=supervisor, casino=casino, gaming_day_start=dt.time(14, 0))

    assert "gaming_day_start" in refused.value.message_dict
    assert casino_update(actor=supervisor, casino=casino,
                         gaming_day_start=dt.time(4, 0)).gaming_day_start == dt.time(4, 0)


def test_every_kind_of_record_has_one_outcome():
    assert set(books.OUTCOMES) == set(books.Record)
    snapshot = {r for r, o in books.OUTCOMES.items() if o is books.Outcome.OPEN_DAY}
    assert snapshot == {books.Record.STUD_ROUND, books.Record.POKER_HAND,
                        books.Record.TIME_COLLECTION, books.Record.VOID}


def test_a_day_before_the_first_closed_one_counts_as_closed(holdem, play_hand, travel,
                                                          dealer):
    play_hand(holdem, at(2026, 3, 3, 9))
    travel(at(2026, 3, 5, 10))
    closing.close_ended_days()
    assert list(ClosedDay.objects.values_list("gaming_day", flat=True)) == [
        dt.date(2026, 3, 4), dt.date(2026, 3, 3)]
    with pytest.raises(ValidationError):
        books.landing_day(books.Record.TIME_COLLECTION, holdem.casino, dt.date(2026, 3, 1))
    assert books.landing_day(books.Record.BOX_COUNT, holdem.casino,
                             dt.date(2026, 3, 1)) == dt.date(2026, 3, 1)
