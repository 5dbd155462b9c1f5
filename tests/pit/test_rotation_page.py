"""The rotation page (/pit/rotation/): the supervisor sees the floor on his casino's clock,
the proposed relief and its button, the flags in words; a confirmed relief, a clock-in,
a break and a refusal each answer in words; another casino's tables and dealers are not
there (404)."""

from __future__ import annotations

import datetime as dt

import pytest

from tables.floor.models import Game, TableStatus
from tables.floor.services import casino_create, table_create
from tables.pit import services
from tables.pit.models import DealerMove, MoveKind
from tests.conftest import make_user

START = dt.datetime(2026, 12, 5, 23, 0, tzinfo=dt.UTC)  # 18:00 EST in Test Harbor


@pytest.fixture
def floor(time_machine, supervisor, dealer, other_dealer, us_casino):
    time_machine.move_to(START, tick=False)
    cs = table_create(actor=supervisor, casino=us_casino, label="CS-1",
                      game=Game.CARIBBEAN_STUD, status=TableStatus.OPEN)
    clocked_in_to_deal_stud(supervisor, us_casino, dealer, other_dealer)
    services.dealer_relieve(actor=supervisor, table=cs, relief=dealer)
    time_machine.move_to(START + dt.timedelta(minutes=62), tick=False)
    return cs


def clocked_in_to_deal_stud(supervisor, casino, *dealers) -> None:
    for person in dealers:
        services.dealer_games_set(actor=supervisor, casino=casino, dealer=person,
                                  games=[Game.CARIBBEAN_STUD])
        services.dealer_clock_in(actor=supervisor, casino=casino, dealer=person)


def page_text(response) -> str:
    return " ".join(response.content.decode().split())


def test_the_supervisor_sees_the_relief_due_and_confirms_it(client, floor, supervisor, dealer,
                                                            other_dealer, us_casino):
    client.force_login(supervisor)
    shown = page_text(client.get("/pit/rotation/"))
    assert "Times are Test Harbor's (EST, America/New_York)" in shown
    assert "otto_dealer relieves dana_dealer at CS-1; dana_dealer goes on a break." in shown
    assert "dealing CS-1 since 18:00" in shown
    assert "19:00" in shown  # CS-1's relief was due at 19:00
    response = client.post("/pit/rotation/relieve/", {
        "casino": us_casino.pk, "table": floor.pk, "relief": other_dealer.pk,
        "goes_to": "break"}, follow=True)
    shown = page_text(response)
    assert ("Done: otto_dealer relieves dana_dealer at CS-1; dana_dealer goes on a break."
            in shown)
    assert "on a break until 19:22" in shown
    assert list(DealerMove.objects.order_by("-id").values_list("kind", flat=True)[:2]) == [
        MoveKind.TABLE, MoveKind.BREAK]


def test_a_refusal_is_shown_in_words_and_nothing_is_stored(client, floor, supervisor, dealer,
                                                           us_casino):
    client.force_login(supervisor)
    before = DealerMove.objects.count()
    response = client.post("/pit/rotation/relieve/", {
        "casino": us_casino.pk, "table": floor.pk, "relief": dealer.pk,
        "goes_to": "break"}, follow=True)
    assert "Not done: Relief: dana_dealer is already dealing CS-1." in page_text(response)
    response = client.post("/pit/rotation/relieve/", {"casino": us_casino.pk, "table": "x"},
                           follow=True)
    assert "Not done: Table:" in page_text(response)
    assert DealerMove.objects.count() == before


def test_clock_in_a_break_and_clock_out_from_the_page(client, floor, supervisor, us_casino):
    newcomer = make_user("nora_dealer", "dealer")
    client.force_login(supervisor)
    assert "nora_dealer</option>" in client.get("/pit/rotation/").content.decode()
    shown = page_text(client.post("/pit/rotation/dealer/", {
        "casino": us_casino.pk, "dealer": newcomer.pk, "action": "clock_in"}, follow=True))
    assert "nora_dealer is clocked in, ready for a table." in shown
    shown = page_text(client.post("/pit/rotation/dealer/", {
        "casino": us_casino.pk, "dealer": newcomer.pk, "action": "meal"}, follow=True))
    assert "nora_dealer is on his meal break until 19:32." in shown
    shown = page_text(client.post("/pit/rotation/dealer/", {
        "casino": us_casino.pk, "dealer": newcomer.pk, "action": "clock_out"}, follow=True))
    assert "nora_dealer is clocked out." in shown


def test_another_casinos_supervisor_finds_nothing_of_harbor(client, floor, dealer, us_casino):
    boss = make_user("mia_mayfair", "supervisor", at=[])
    mayfair = casino_create(actor=boss, name="Mayfair", currency="GBP",
                            timezone="Europe/London")
    mayfair.staff.add(boss)
    client.force_login(boss)
    harbors = make_user("hank_dealer", "dealer", at=[us_casino])
    shown = page_text(client.get("/pit/rotation/"))
    assert "Rotation · Mayfair" in shown
    assert "CS-1" not in shown
    asked = client.post("/pit/rotation/relieve/", {"casino": us_casino.pk, "table": floor.pk,
                                                   "relief": dealer.pk, "goes_to": "break"})
    assert asked.status_code == 404  # his own casino is asked: Harbor's table is not there
    assert "hank_dealer" not in shown
    asked = client.post("/pit/rotation/dealer/", {"casino": mayfair.pk, "dealer": harbors.pk,
                                                  "action": "clock_in"})
    assert asked.status_code == 404


def test_a_relief_confirmed_after_the_floor_changed_is_refused(client, floor, supervisor,
                                                               dealer, other_dealer,
                                                               us_casino):
    """The page showed "otto_dealer relieves dana_dealer at CS-1"; meanwhile nora_dealer
    took it: the Confirm of the old proposal relieves nobody."""
    nora = make_user("nora_dealer", "dealer")
    services.dealer_games_set(actor=supervisor, casino=us_casino, dealer=nora,
                              games=[Game.CARIBBEAN_STUD])
    services.dealer_clock_in(actor=supervisor, casino=us_casino, dealer=nora)
    services.dealer_relieve(actor=nora, table=floor, relief=nora)
    before = DealerMove.objects.count()
    client.force_login(supervisor)
    shown = page_text(client.post("/pit/rotation/relieve/", {
        "casino": us_casino.pk, "table": floor.pk, "relief": other_dealer.pk,
        "relieved": dealer.pk, "goes_to": "break"}, follow=True))
    assert ("Not done: Table: The floor has changed: nora_dealer deals CS-1 now. Look at the "
            "reliefs again." in shown)
    assert DealerMove.objects.count() == before


def test_a_forgotten_clock_out_is_flagged_for_a_day(client, time_machine, floor, supervisor):
    """dana_dealer and otto_dealer clocked in at 18:00 and never clocked out: the next
    day at 11:00 they are no longer on the floor, and the page says why, for a day."""
    time_machine.move_to(START + dt.timedelta(hours=17), tick=False)
    client.force_login(supervisor)
    shown = page_text(client.get("/pit/rotation/"))
    assert "Nobody is clocked in." in shown
    for name in ("dana_dealer", "otto_dealer"):
        assert (f"{name} clocked in at 18:00 on 2026-12-05 and never clocked out: he is no "
                "longer counted on the floor, and his next clock-in starts a new shift."
                in shown)
    time_machine.move_to(START + dt.timedelta(hours=41), tick=False)
    assert "never clocked out" not in page_text(client.get("/pit/rotation/"))



def test_the_last_three_hours_of_reliefs_and_breaks_as_the_pit_recorded_them(
        client, time_machine, floor, supervisor, dealer, other_dealer, us_casino):
    """Issue 44: the README promises the last three hours of reliefs and breaks; the page
    showed only tables opened, closed and given new limits. Each move in words, latest
    first, a relief's two moves in one line, with who recorded it; older ones are gone."""
    services.dealer_relieve(actor=supervisor, table=floor, relief=other_dealer)  # 19:02
    time_machine.move_to(START + dt.timedelta(minutes=95), tick=False)
    services.dealer_relieve(actor=dealer, table=floor, relief=dealer, goes_to="meal")
    client.force_login(supervisor)
    shown = page_text(client.get("/pit/rotation/"))
    log = shown[shown.index("Reliefs and breaks, the last three hours"):
                shown.index("Tables opened, closed")]
    assert log.index("19:35 · dana_dealer relieved otto_dealer at CS-1; otto_dealer went on "
                     "his meal break until 20:05. Recorded by dana_dealer.") < log.index(
        "19:02 · otto_dealer relieved dana_dealer at CS-1; dana_dealer went on a break until "
        "19:22. Recorded by sam_supervisor.") < log.index(
        "18:00 · dana_dealer took CS-1, which had no dealer. Recorded by sam_supervisor.")
    assert "18:00 · otto_dealer clocked in. Recorded by sam_supervisor." in log
    assert log.count("dana_dealer went on a break") == 1  # with her relief, not apart
    time_machine.move_to(START + dt.timedelta(minutes=3 * 60 + 30), tick=False)
    client.force_login(supervisor)  # his session has timed out meanwhile
    log = page_text(client.get("/pit/rotation/"))
    assert "18:00 ·" not in log
    assert "19:02 · otto_dealer relieved" in log


def test_an_overdue_relief_says_so_in_words(client, floor, supervisor):
    """CS-1's relief was due at 19:00; it is 19:02: the relief reads "Overdue since 19:00",
    and the table's row "overdue 2 min", set apart by colour too."""
    client.force_login(supervisor)
    page = client.get("/pit/rotation/").content.decode()
    shown = " ".join(page.split())
    assert '<strong class="overdue">Overdue since 19:00</strong> · otto_dealer relieves' in shown
    assert '19:00 · <strong class="overdue">overdue 2 min</strong>' in shown
    assert '<tr class="overdue">' in page



def test_the_reliefs_are_listed_the_most_overdue_first_whatever_their_pit(
        client, time_machine, floor, supervisor, other_dealer, us_casino):
    """CS-1 (no pit) was due at 19:00, CS-9 in pit B at 18:50: CS-9's relief is listed
    first, though its pit sorts after."""
    late = table_create(actor=supervisor, casino=us_casino, label="CS-9",
                        game=Game.CARIBBEAN_STUD, status=TableStatus.OPEN, pit="B")
    nora, finn = make_user("nora_dealer", "dealer"), make_user("finn_dealer", "dealer")
    time_machine.move_to(START - dt.timedelta(minutes=10), tick=False)
    clocked_in_to_deal_stud(supervisor, us_casino, nora, finn)
    services.dealer_relieve(actor=supervisor, table=late, relief=nora)
    time_machine.move_to(START + dt.timedelta(minutes=62), tick=False)
    client.force_login(supervisor)
    shown = page_text(client.get("/pit/rotation/"))
    assert shown.index("Overdue since 18:50</strong> · B ·") < shown.index(
        "Overdue since 19:00</strong> ·")
