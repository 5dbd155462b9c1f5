import datetime as dt

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from casino.house.models import Casino
from tables.floor.models import Table
from tables.stud.models import StudRound

pytestmark = pytest.mark.django_db


def test_loading_the_demo_twice_changes_nothing():
    call_command("load_demo", debug_off_ok=True, history_days=2)
    rounds = StudRound.objects.count()
    call_command("load_demo", debug_off_ok=True, history_days=2)

    assert StudRound.objects.count() == rounds > 0

    assert Casino.objects.count() == 2
    assert Table.objects.count() == 6


def test_the_demo_has_closed_and_counted_shifts_to_look_at():
    from tables.chips.models import ChipSlip, ChipSlipVoid, Discrepancy, InventorySlip
    from tables.count.models import BoxCount, Variance
    from tables.count.selectors import shift_results

    call_command("load_demo", debug_off_ok=True, history_days=6)

    closers = InventorySlip.objects.filter(kind="closer")
    assert closers.count() == 3 * 3 * 3  # three days, three shifts, three banked tables
    assert BoxCount.objects.filter(table__game="caribbean_stud").count() == closers.count()
    assert BoxCount.objects.exclude(table__game="caribbean_stud").exists()
    assert Discrepancy.objects.get().difference == -25
    assert ChipSlipVoid.objects.exists()
    standing = ChipSlip.objects.filter(void__isnull=True)
    assert {"fill", "credit"} <= set(standing.values_list("request__kind", flat=True))
    variances = Variance.objects.order_by("id")
    assert [v.difference for v in variances] == [-60, -60]
    assert [hasattr(v, "explanation") for v in variances] == [True, False]
    for table in Table.objects.all():
        first, last = BoxCount.objects.order_by("gaming_day").values_list(
            "gaming_day", flat=True)[::BoxCount.objects.count() - 1]
        for result in shift_results([table], first, last).values():
            short = 60 if result.count.variances.exists() else 0
            assert result.difference == -short, (table.label, result.gaming_day, result.shift)
    for username, password in [("cage", "issue-slips-demo"), ("counter", "count-boxes-demo"),
                               ("counter2", "second-count-demo")]:
        assert authenticate(RequestFactory().post("/login/"), username=username,
                            password=password) is not None


def test_the_demo_deals_at_once_and_the_pit_and_its_chips_page_agree(client, api, travel):
    """Issue 26: the demo's banked tables showed "Closed since ... shift 3" on the chips page
    and "Open" on the pit, and took rounds the count room had no box for. Both casinos keep
    their table inventory here; each banked table's current shift is open, its opener signed
    by the supervisor and the dealer, so the dealer records at once."""
    from tables.chips.models import AccountingRules, InventorySlip

    # Mid-shift in both casinos (10:00 in New York, 15:00 in London), the clock held: a
    # shift that ended between the load and the round would rightly refuse it.
    now = dt.datetime(2026, 12, 2, 15, tzinfo=dt.UTC)
    travel(now)
    call_command("load_demo", debug_off_ok=True, history_days=6)

    banked = Table.objects.filter(game="caribbean_stud").select_related("casino")
    supervisor = authenticate(RequestFactory().post("/login/"), username="supervisor",
                              password="pit-boss-demo")
    client.force_login(supervisor)
    pit, chips_page = (client.get(page).content.decode()
                       for page in ("/pit/tables/", "/pit/chips/"))
    for table in banked:
        last = InventorySlip.objects.filter(table=table).order_by(
            "-gaming_day", "-shift", "kind").first()
        day, shift = table.casino.gaming_day(now), table.casino.shift(now)
        assert (last.kind, last.gaming_day, last.shift) == ("opener", day, shift), table.label
        assert set(last.signatures.values_list("role", flat=True)) == {"dealer", "supervisor"}
        assert table.status == "open"
        words = (f'<span class="status open table-state">Open: {day:%Y-%m-%d} shift '
                 f'{shift}</span>')
        assert words in pit
        assert words in chips_page
    assert "Closed since" not in chips_page
    assert all(AccountingRules.objects.get(casino=c).inventory_in_service
               for c in Casino.objects.all())
    dealer = authenticate(RequestFactory().post("/login/"), username="dealer",
                          password="deal-cards-demo")
    cs1 = banked.get(label="CS-1")
    recorded = api.as_user(dealer).post(f"/api/v1/tables/{cs1.pk}/stud-rounds/", {
        "dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
        "seats": [{"seat": 1, "ante": "10.00", "decision": "raise",
                   "cards": ["Qh", "Qs", "9d", "5c", "3h"]}]}, format="json")
    assert recorded.status_code == 201, recorded.json()


def test_the_demo_loads_just_after_a_shift_began(travel):
    """Stop 42's CI: loaded at 06:03 in New York, the rotation's three hours began in the
    night shift of a gaming day whose books were closed, and its rounds and hands there
    were refused. They keep to the day and the shift that are open."""
    from tables.poker.models import PokerHand

    now = dt.datetime(2026, 12, 2, 11, 3, tzinfo=dt.UTC)
    travel(now)
    call_command("load_demo", debug_off_ok=True, history_days=2)

    today = dt.date(2026, 12, 2)
    assert StudRound.objects.filter(gaming_day=today, shift=1, table__label="CS-1",
                                    dealer__username="dealer2").exists()
    assert PokerHand.objects.filter(gaming_day=today, dealer__username="dealer3").exists()
    # The history's crews went home before the rotation's three hours: every record of
    # those hours is the rotation's, on the books open then.
    for records in (StudRound.objects, PokerHand.objects):
        assert not records.filter(recorded_at__gte=now - dt.timedelta(hours=3),
                                  gaming_day__lt=today).exists()


def test_the_demo_pit_has_a_rotation_running(client, travel):
    """Issue 31: Harbor Lights' last three hours of reliefs and breaks, so the rotation
    page opens on a floor that runs (10:00 in New York): CS-2's relief overdue and OM-1's
    due now, each with a dealer back from his break to take it."""
    now = dt.datetime(2026, 12, 2, 15, tzinfo=dt.UTC)
    travel(now)
    call_command("load_demo", debug_off_ok=True, history_days=2)
    supervisor = authenticate(RequestFactory().post("/login/"), username="supervisor",
                              password="pit-boss-demo")
    client.force_login(supervisor)
    shown = " ".join(client.get("/pit/rotation/").content.decode().split())
    assert "dealer4 relieves dealer6 at CS-2; dealer6 goes on a break." in shown
    # dealer3 clocked in at 07:00 without a meal: after this relief's break and another
    # hour on a table it would be past 11:00, so this relief is his meal.
    assert "dealer5 relieves dealer3 at OM-1; dealer3 goes on his meal break." in shown
    for words in ("dealing CS-1 since 09:05", "dealing HE-1 since 09:25", "ready for a table"):
        assert words in shown, words
    assert authenticate(RequestFactory().post("/login/"), username="dealer4",
                        password="deal-cards-demo") is not None
    # The live board atop /pit/: CS-1's rounds of the last three hours (one every four
    # minutes, from 07:02), by the dealers the script had on it; none yet this hour.
    from casino.house.models import Casino

    harbor = Casino.objects.get(name="Harbor Lights Casino")
    board = client.get("/pit/").content.decode()
    row = board[board.index('data-table="CS-1"'):]
    row = " ".join(row[:row.index("</tr>")].split())
    assert 'class="dealer">dealer2</span> <small>since 09:05 · 55 min' in row
    assert 'class="num rounds">0 / 45<' in row
    # The tablet through a network drop (issue 33): CS-2's two queued rounds, each with the
    # time it was dealt; one refused round held for the supervisor, one its dealer discarded.
    assert list(StudRound.objects.filter(table__label="CS-2", dealt_at__isnull=False)
                .values_list("dealt_at", flat=True).order_by("id")) == [
        now - dt.timedelta(minutes=9), now - dt.timedelta(minutes=7)]
    assert "Refused when the tablet sent it: 1 to resolve" in " ".join(board.split())
    assert "an ante of 150.00 is outside this table&#x27;s limits" in board
    # The card room (issue 32): HE-1's list going, five waiting and a rated player, the
    # first called; a game wanted; the room's screen by initials.
    room = " ".join(client.get(f"/cardroom/{harbor.pk}/board/").content.decode().split())
    assert '<span class="n">1</span> A.K. <span>called</span>' in room
    assert '<span class="n">6</span> L.W.' in room  # Lee Wu, by his card
    assert "2/5 pot-limit Omaha <span class=\"state\">Starting soon" in room
    assert "<strong>HE-1</strong> full" in room  # the list waits for a full table
    assert "<strong>OM-1</strong> 3 open seats" in room  # a table playing has players
