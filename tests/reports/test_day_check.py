"""Issue 26, point 5: the nightly check of the closed days against the records, kept as a
DayCheck and shown on /healthz and the accountant's pages. It stays quiet on a clean
floor and names each inconsistency the database's owner plants behind the service."""

import datetime as dt

import pytest

from casino.settings import CELERY_BEAT_SCHEDULE
from tables.poker.models import TimeCollection
from tables.poker.services import poker_hand_void, time_collection_record
from tables.reports import closing
from tables.reports.models import DayCheck
from tables.reports.tasks import verify_closed_days
from tests.reports.conftest import at

pytestmark = pytest.mark.django_db


def closed_floor(holdem, live_table, timed, supervisor, dealer, play_round,
                 play_hand, travel):
    """Three days of play, closed, with a void of the first day's hand made on the second
    (an adjustment) and a time collection of the second day recorded after it ended but
    before it closed."""
    hand = play_hand(holdem, at(2026, 3, 3, 9), pot="85.00")
    play_round(live_table, at(2026, 3, 3, 10))
    travel(at(2026, 3, 3, 11))
    time_collection_record(actor=dealer, table=timed, seats=[1, 3])
    travel(at(2026, 3, 4, 9))
    poker_hand_void(actor=supervisor, hand=hand, reason="recorded at the wrong table")
    play_hand(holdem, at(2026, 3, 4, 10), pot="30.00")
    travel(at(2026, 3, 5, 6, 5))
    time_collection_record(actor=dealer, table=timed, seats=[2],
                           period_start=at(2026, 3, 5, 5, 30))
    play_round(live_table, at(2026, 3, 5, 12))
    travel(at(2026, 3, 6, 7))
    assert closing.close_ended_days() == 3


def test_the_nightly_check_stays_quiet_on_a_clean_floor(
        client, accountant, holdem, live_table, timed, supervisor, dealer,
        play_round, play_hand, travel):
    closed_floor(holdem, live_table, timed, supervisor, dealer, play_round, play_hand, travel)

    # Sent as the beat sends it, run eagerly here; the test is no task, so it may wait.
    assert verify_closed_days.delay().get(disable_sync_subtasks=False) == 0

    check = DayCheck.objects.get()
    assert (check.days, check.findings, check.intact) == (3, [], True)
    health = client.get("/healthz").json()["closed_days"]
    assert (health["days"], health["intact"], health["problems"]) == (3, True, 0)
    assert health["words"].startswith("Every closed day checked (3) matches its records")
    client.force_login(accountant)
    for page in ("/accounting/", "/accounting/closed-days/"):
        text = client.get(page).content.decode()
        assert "Every closed day checked (3) matches its records" in text
        assert "Checked 2026-03-06 07:00 EST" in text


def test_the_check_is_a_nightly_beat_task():
    beat = CELERY_BEAT_SCHEDULE["verify-closed-days-nightly"]
    assert beat["task"] == "tables.tasks.verify_closed_days"


def test_before_the_first_check_the_pages_say_so(client, accountant):
    health = client.get("/healthz").json()["closed_days"]
    assert health["intact"] is None
    client.force_login(accountant)
    assert "have not been checked against the records yet" in client.get(
        "/accounting/closed-days/").content.decode()


def test_the_nightly_check_names_what_the_owner_changed_behind_the_service(
        client, accountant, holdem, live_table, timed, supervisor, dealer,
        play_round, play_hand, travel, owner_sql):
    closed_floor(holdem, live_table, timed, supervisor, dealer, play_round, play_hand, travel)
    # A hand of 4 March raked more than it did (its trigger off, then on again) ...
    owner_sql("ALTER TABLE tables_pokerhand DISABLE TRIGGER USER")
    owner_sql("UPDATE tables_pokerhand SET rake = rake + 1 WHERE gaming_day = '2026-03-04'")
    owner_sql("ALTER TABLE tables_pokerhand ENABLE TRIGGER USER")
    # ... 5 March's stored stud figure raised where the reports read it ...
    owner_sql("ALTER TABLE tables_studfigure DISABLE TRIGGER USER")
    owner_sql("UPDATE tables_studfigure SET win = win + 100 WHERE gaming_day = '2026-03-05'")
    owner_sql("ALTER TABLE tables_studfigure ENABLE TRIGGER USER")
    # ... and a time collection slipped into 3 March, closed days ago.
    first = TimeCollection.objects.order_by("id").first()
    owner_sql("INSERT INTO tables_timecollection (table_id, dealer_id, rake_schedule_id, "
              "period_start, period_minutes, gaming_day, shift, seats, fee_per_seat, amount, "
              "recorded_at) SELECT table_id, dealer_id, rake_schedule_id, period_start + "
              "interval '2 hours', period_minutes, gaming_day, shift, seats, fee_per_seat, "
              "amount, %s FROM tables_timecollection WHERE id = %s",
              [at(2026, 3, 6, 8), first.pk])
    planted = TimeCollection.objects.order_by("id").last()

    assert verify_closed_days() == 4

    check = DayCheck.objects.get()
    assert not check.intact
    problems = [(f["books"], f["gaming_day"], f["problem"]) for f in check.findings]
    assert problems == [
        ("Test Harbor", "2026-03-03", "its figures recomputed from the records no longer give "
         "the checksum stored when it closed: a record of that day was changed, removed or "
         "added behind the service."),
        ("Test Harbor", "2026-03-03", f"1 time collection (number {planted.pk}) was stored on "
         "it after it closed: in no report. Only someone at the database could have added "
         "them."),
        ("Test Harbor", "2026-03-04", "its figures recomputed from the records no longer give "
         "the checksum stored when it closed: a record of that day was changed, removed or "
         "added behind the service."),
        ("Test Harbor", "2026-03-05", "its stored stud figures, which the reports show, differ "
         "from its records: they were changed behind the service."),
    ]
    health = client.get("/healthz").json()
    assert health["status"] == "ok"                  # for the accountant, not the balancer
    assert (health["closed_days"]["intact"], health["closed_days"]["problems"]) == (False, 4)
    client.force_login(accountant)
    page = client.get("/accounting/closed-days/").content.decode()
    assert "4 problems found in the closed days" in page
    assert "Test Harbor, gaming day 2026-03-05</strong>: its stored stud figures" in page
    assert "4 problems found in the closed days" in client.get("/accounting/").content.decode()


def test_another_casinos_problems_are_not_shown_to_an_accountant_of_one(
        client, holdem, play_hand, travel, owner_sql):
    from casino.house.models import Casino
    from tests.conftest import make_user

    play_hand(holdem, at(2026, 3, 3, 9))
    travel(at(2026, 3, 4, 7))
    closing.close_ended_days()
    owner_sql("ALTER TABLE tables_pokerhand DISABLE TRIGGER USER")
    owner_sql("UPDATE tables_pokerhand SET rake = 4")
    owner_sql("ALTER TABLE tables_pokerhand ENABLE TRIGGER USER")
    verify_closed_days()
    mayfair = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    elsewhere = make_user("mo_mayfair", "accountant", at=[mayfair])

    client.force_login(elsewhere)
    page = client.get("/accounting/closed-days/").content.decode()
    assert "matches its records" in page
    assert "Test Harbor" not in page
    assert dt.date(2026, 3, 3).isoformat() not in page
