"""Comps on a tablet, both ways up: Pat's closed rating earned his balance; the host gives
him a dinner within her limit and asks for a room that takes her comps to him that day
over it on his comps page; the pit boss approves the room on /pit/comps/; the ledger shows
both; the pit boss changes his own limit only with a second supervisor; and no page
scrolls sideways or has a control too small for a finger."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from playwright.sync_api import expect

from tables.comps import services as comps
from tables.comps.models import CompAccount
from tables.players import services
from tables.stud.services import stud_round_record
from tests.browser.conftest import TABLETS, fits, log_in, on_tablets
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOLD = {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
        "seats": [{"seat": 1, "ante": "100.00", "decision": "fold"}]}


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


@pytest.fixture
def pat_earned(dealer_at_live_table):
    """Pat rated on ten folded antes of 100 and his rating closed: his worth, at the
    casino's rate of 100% and a gold card's 1.25, is his balance."""
    from django.contrib.auth.models import User

    table = dealer_at_live_table
    boss, dealer = User.objects.get(username="pit_boss"), User.objects.get(
        username="deb_dealer")
    host = make_user("hana_host", "host")
    table.casino.staff.add(host)
    comps.comp_rules_set(actor=boss, casino=table.casino, reinvestment=D("1.00"))
    comps.comp_limit_set(actor=boss, casino=table.casino, user=host, limit=D("30.00"))
    pat = services.player_create(actor=host, card="10042", name="Pat Tester", tier="gold")
    rating = services.rating_open(actor=boss, table=table, seat=1, player=pat)
    for _ in range(10):
        stud_round_record(actor=dealer, table=table, **FOLD)
    services.rating_close(actor=boss, rating=rating)   # the paytable's figures asked for
    services.revise_ratings(actor=None)   # the beat: worked out by now, the rating earns
    return pat, CompAccount.objects.get(player=pat).balance


def test_the_host_gives_and_the_pit_approves_over_her_limit(
        live_server, browser, browser_context_args, pat_earned):
    pat, balance = pat_earned
    assert balance >= D("65.00")   # 10 x 100 x its edge (5.3%: the cap bites) x 1.25
    base = live_server.url
    host = browser.new_context(**browser_context_args).new_page()
    log_in(host, base, "hana_host", lands_on="/players/")
    host.goto(f"{base}/players/{pat.pk}/")
    host.get_by_role("link", name=f"Browser Casino: ${balance:,.2f}").click()
    expect(host.get_by_role("heading", name=f"Balance at Browser Casino: ${balance:,.2f}")
           ).to_be_visible()
    assert fits(host) == []

    host.get_by_label("Amount").fill("25.00")
    host.get_by_label("Food and drink").check()
    host.get_by_label("What for").fill("dinner for two at the grill")
    host.get_by_role("button", name="Give the comp").click()
    expect(host.get_by_text("$25.00 of food and drink given to Pat Tester.")).to_be_visible()
    # $10 more is under her $30.00 for one comp, but takes her comps to him today to $35.
    host.get_by_label("Amount").fill("10.00")
    host.get_by_label("Room").check()
    host.get_by_label("What for").fill("a night in the tower")
    host.get_by_role("button", name="Give the comp").click()
    expect(host.get_by_text("$10.00 takes your comps to this player today over your limit "
                            "of $30.00 a player a gaming day: it waits for a supervisor's "
                            "approval.")).to_be_visible()
    expect(host.get_by_role("heading", name=f"Balance at Browser Casino: "
                                            f"${balance - 25:,.2f}")).to_be_visible()

    boss = browser.new_context(**browser_context_args).new_page()
    log_in(boss, base, "pit_boss", lands_on="/pit/")
    expect(boss.get_by_text("1 comp over its giver's limit waits for you")).to_be_visible()
    boss.get_by_role("link", name="Comps to approve").click()
    expect(boss.get_by_role("heading", name="$10.00 of room for Pat Tester")).to_be_visible()
    assert fits(boss) == []
    boss.get_by_role("button", name="Approve").click()
    expect(boss.get_by_text("$10.00 of room given to Pat Tester.")).to_be_visible()
    expect(boss.get_by_text("No comp waits for you.")).to_be_visible()

    host.reload()
    expect(host.get_by_role("heading", name=f"Balance at Browser Casino: "
                                            f"${balance - 35:,.2f}")).to_be_visible()
    comps_given = host.get_by_role("region", name="Comps given (America/New_York)")
    expect(comps_given).to_contain_text("Approved by pit_boss")
    ledger = host.get_by_role("region", name="Ledger (newest first; each entry chained to "
                                             "the one before)")
    expect(ledger.locator("tbody tr")).to_have_count(3)
    assert fits(host) == []


def test_the_pit_boss_changes_his_own_limit_with_a_second_supervisor(
        live_server, browser, browser_context_args, dealer_at_live_table):
    from tables.comps.models import CompLimit

    casino = dealer_at_live_table.casino
    make_user("sue_supervisor", "supervisor")
    base = live_server.url
    boss = browser.new_context(**browser_context_args).new_page()
    log_in(boss, base, "pit_boss", lands_on="/pit/")
    boss.goto(f"{base}/pit/casinos/{casino.pk}/comp-rules/")
    limits = boss.get_by_role("region", name="Givers' own limits")
    limits.get_by_label("Host or supervisor").select_option(label="pit_boss")
    limits.get_by_label("Own limit").fill("1000000")
    limits.get_by_role("button", name="Set the limit").click()
    expect(boss.get_by_text("This limit is yours: another supervisor of Browser Casino "
                            "confirms a change of it with their own password.").first
           ).to_be_visible()
    assert not CompLimit.objects.exists()
    assert fits(boss) == []

    limits = boss.get_by_role("region", name="Givers' own limits")
    limits.get_by_label("Host or supervisor").select_option(label="pit_boss")
    limits.get_by_label("Own limit").fill("300.00")
    limits.get_by_label("Second supervisor's user name").fill("sue_supervisor")
    limits.get_by_label("Second supervisor's password").fill("sue_supervisor-password-1")
    limits.get_by_role("button", name="Set the limit").click()
    expect(boss.get_by_text("pit_boss: $300.00")).to_be_visible()
    expect(boss.get_by_text("comp limit of pit_boss set, confirmed by sue_supervisor (a "
                            "second supervisor)")).to_be_visible()
    assert fits(boss) == []
