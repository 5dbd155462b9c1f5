"""The demo as casino staff read it (issue 44, points 22 and 24): loading says what it
is doing step by step; a rated stud session plays at a stud table's pace (30 to 60 hands
an hour: the demo deals 40, docs/demo.md); the regulars' comps are worth a visit; the open
day's rake is what its hours so far make at the days' pace; every slip of a day gone by
is signed; and the demo's terms say nothing of backdated records."""

from collections import defaultdict
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from casino.house.models import Casino

pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("demo_as_loaded")]


def test_loading_says_each_step_and_how_far_the_history_is(printed):
    lines = printed.splitlines()
    steps = [line for line in lines if line.startswith("Step ")]
    assert [line.split(":")[0] for line in steps] == [
        "Step 1/3 of the demo", "Step 2/3 of the demo", "Step 3/3 of the demo"]
    assert "21 gaming days of play" in steps[1]
    days = [line for line in lines if " recorded (" in line and line.strip().startswith("day")]
    assert [line.split(" recorded")[0].strip() for line in days] == [
        f"day {n} of 21" for n in range(1, 22)]
    assert lines.index(days[-1]) < lines.index(steps[2])


def test_every_rated_stud_session_plays_30_to_60_hands_an_hour(printed):
    from tables.players.figures import rating_figures
    from tables.players.models import Rating

    closed = Rating.objects.filter(changes__step="closed", table__game="caribbean_stud")
    assert closed.count() > 90
    for rating in closed.select_related("table", "player"):
        figures = rating_figures(rating)
        assert 30 <= figures["hands_per_hour"] <= 60, (
            rating.player.name, rating.table.label, rating.gaming_day, figures["hands"],
            figures["seconds_played"])


def test_the_regulars_comps_are_worth_their_visits(printed):
    """A regular's visit earns a few dollars to a few tens (30% of what the house expects
    to keep of some twenty hands at 5 to 25 an ante), three weeks of them some hundreds."""
    from tables.comps.models import CompAccount, CompEntry

    accounts = CompAccount.objects.filter(entries__kind="earned").distinct()
    assert accounts.count() >= 4
    for account in accounts.select_related("player", "casino"):
        earned = CompEntry.objects.filter(account=account, kind="earned")
        visits = earned.values("gaming_day").distinct().count()
        total = sum((e.amount for e in earned), Decimal(0))
        assert Decimal(2) <= total / visits <= Decimal(60), (account.player.name, total, visits)
        assert total >= Decimal(40), (account.player.name, account.casino.name, total)


def test_the_open_days_rake_is_its_hours_so_far_at_the_days_pace(printed):
    """Harbor's card room: the open day's rake per hour of play is that of the days before
    (within half and twice), and its bar is no taller than a whole day's."""
    from tables.poker.models import PokerHand

    harbor = Casino.objects.get(currency="USD")
    today = harbor.gaming_day(timezone.now())
    days = defaultdict(lambda: {"rake": Decimal(0), "hours": 0.0})
    by_table = defaultdict(list)
    for hand in PokerHand.objects.filter(table__casino=harbor, correction__isnull=True):
        days[hand.gaming_day]["rake"] += hand.rake
        by_table[hand.gaming_day, hand.table_id].append(hand.dealt_at or hand.recorded_at)
    for (day, _), moments in by_table.items():
        days[day]["hours"] += (max(moments) - min(moments)).total_seconds() / 3600 + 4 / 60
    before = [float(d["rake"]) / d["hours"] for day, d in days.items() if day < today]
    pace = sorted(before)[len(before) // 2]
    if today in days:  # none in the minutes after the day began: the rotation's were before
        assert 0.5 * pace <= float(days[today]["rake"]) / days[today]["hours"] <= 2 * pace
    assert days[today]["rake"] <= max(d["rake"] for day, d in days.items() if day < today)


def test_no_slip_of_a_day_gone_by_waits_for_a_signature(printed):
    from tables.chips.models import ChipSlip, InventorySlip, SignerRole
    from tables.chips.pages import slips_to_sign

    open_days = {c.pk: c.gaming_day(timezone.now()) for c in Casino.objects.all()}
    for slip in InventorySlip.objects.select_related("table").prefetch_related("signatures"):
        if slip.gaming_day < open_days[slip.table.casino_id]:
            assert {s.role for s in slip.signatures.all()} == {"dealer", "supervisor"}, slip
    for slip in ChipSlip.objects.filter(void__isnull=True).select_related("request__table") \
            .prefetch_related("signatures"):
        if slip.request.gaming_day < open_days[slip.request.table.casino_id]:
            assert {s.role for s in slip.signatures.all()} == {"dealer", "supervisor"}, slip
    for dealer in get_user_model().objects.filter(username__startswith="dealer"):
        waiting = slips_to_sign(dealer, SignerRole.DEALER)
        assert all(line["gaming_day"] >= open_days[line["table"].casino_id]
                   for line in waiting), (dealer.username, waiting)


def test_the_demos_terms_say_nothing_of_backdated_records(printed, client):
    from payouts.terms.models import Paytable, RakeSchedule

    client.force_login(get_user_model().objects.get(username="supervisor"))
    pages = [f"/pit/paytables/{pk}/" for pk in Paytable.objects.values_list("pk", flat=True)]
    pages += [f"/pit/rake-schedules/{pk}/"
              for pk in RakeSchedule.objects.values_list("pk", flat=True)]
    assert len(pages) >= 5
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        assert "the two disagree" not in response.content.decode(), page
