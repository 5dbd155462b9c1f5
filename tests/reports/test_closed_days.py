"""Closing gaming days: a stored snapshot with a checksum, never changed; a closed day
reads the same after later voids, which show as adjustments on the day they were made."""

import datetime as dt

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction

from tables.poker.services import poker_hand_void
from tables.reports import closing
from tables.reports.models import ClosedDay, RakeFigure
from tests.reports.conftest import at

pytestmark = pytest.mark.django_db

SPAN = {"from": "2026-03-03", "to": "2026-03-04"}


def rake(api, user):
    response = api.as_user(user).get("/api/v1/reports/rake/", SPAN)
    assert response.status_code == 200
    return response.json()


def test_days_close_once_they_have_ended_and_not_before(holdem, play_hand, travel):
    play_hand(holdem, at(2026, 3, 3, 9))
    travel(at(2026, 3, 4, 6, 5))       # the day ended five minutes ago: still in grace
    assert closing.close_ended_days() == 0
    travel(at(2026, 3, 4, 6, 15))
    assert closing.close_ended_days() == 1
    assert closing.close_ended_days() == 0   # nothing more to close
    closed = ClosedDay.objects.get()
    assert (closed.casino, closed.gaming_day) == (holdem.casino, dt.date(2026, 3, 3))
    assert len(closed.checksum) == 64
    assert closing.verify_day(closed)


def test_a_closed_day_never_changes_and_a_late_void_is_an_adjustment(
        api, accountant, supervisor, holdem, play_hand, travel):
    hand = play_hand(holdem, at(2026, 3, 3, 9), pot="85.00")
    play_hand(holdem, at(2026, 3, 3, 10), pot="30.00")
    travel(at(2026, 3, 4, 7))
    closing.close_ended_days()
    before = rake(api, accountant)
    assert before["closed_days"] == ["2026-03-03"]

    travel(at(2026, 3, 4, 8))
    poker_hand_void(actor=supervisor, hand=hand, reason="recorded at the wrong table")
    after = rake(api, accountant)

    assert after["rows"] == before["rows"]          # the closed day reads as it closed
    [line] = after["adjustments"]
    assert (line["gaming_day"], line["record_id"], line["rake"]) == ("2026-03-04", hand.pk,
                                                                     "-5.00")
    assert after["totals"]["rake"] == "3.00"
    closed = ClosedDay.objects.get(gaming_day=dt.date(2026, 3, 3))
    assert closing.verify_day(closed)   # the day's own figures still recompute the same


def test_a_day_closes_only_once_and_its_figures_cannot_be_altered(holdem, play_hand, travel):
    play_hand(holdem, at(2026, 3, 3, 9))
    travel(at(2026, 3, 5, 7))
    closing.close_ended_days()
    closed = ClosedDay.objects.get(gaming_day=dt.date(2026, 3, 3))
    assert closing.close_day(holdem.casino, dt.date(2026, 3, 3)) is None
    for sql in ("UPDATE tables_rakefigure SET rake = rake + 1",
                "DELETE FROM tables_rakefigure",
                "UPDATE tables_closedday SET checksum = 'x'",
                "DELETE FROM tables_closedday"):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as c:
            c.execute(sql)
    assert RakeFigure.objects.filter(closed=closed).count() == 1
    with pytest.raises(IntegrityError), transaction.atomic():
        ClosedDay.objects.create(casino=holdem.casino, gaming_day=closed.gaming_day,
                                 checksum="0" * 64)


def test_the_checksum_shows_a_record_changed_behind_the_service(holdem, play_hand, travel,
                                                                owner_sql):
    play_hand(holdem, at(2026, 3, 3, 9), pot="85.00")
    travel(at(2026, 3, 4, 7))
    closing.close_ended_days()
    closed = ClosedDay.objects.get()
    # Only the owner can switch the trigger off; the application role may not even try.
    owner_sql("ALTER TABLE tables_pokerhand DISABLE TRIGGER USER")
    owner_sql("UPDATE tables_pokerhand SET rake = 4")
    owner_sql("ALTER TABLE tables_pokerhand ENABLE TRIGGER USER")
    assert not closing.verify_day(closed)


def test_the_beat_closes_days_through_celery(holdem, play_hand, travel):
    from tables.reports.tasks import close_gaming_days

    play_hand(holdem, at(2026, 3, 3, 9))
    travel(at(2026, 3, 6, 7))
    # Sent as the beat sends it, run eagerly here; the test is no task, so it may wait.
    assert close_gaming_days.delay().get(disable_sync_subtasks=False) == 3
    assert list(ClosedDay.objects.order_by("gaming_day").values_list("gaming_day", flat=True)) \
        == [dt.date(2026, 3, 3), dt.date(2026, 3, 4), dt.date(2026, 3, 5)]
