"""The supervisor's, the accountant's and the dealer's pages on a tablet, both ways up:
nothing scrolls sideways, every control in the page and the top bar is 44x44 px or more,
and the Pit overview passes axe-core."""

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from tests.browser.conftest import CONTROLS, MEASURE, TABLETS, on_tablets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The game math panels load after the page (the paytable's, the progressive's side wager).
PANEL_READY = """() => { const p = document.getElementById("par-panel");
  return !p || (p.dataset.loaded === "1" && !p.querySelector("progress[data-state]")); }"""


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


@pytest.fixture
def floor():
    """The demo's two casinos, made through the services: stud tables on two paytables, a
    progressive, card-room tables on two rake schedules, three days of play."""
    from payouts.jackpots.models import Progressive
    from payouts.terms.models import Paytable, RakeSchedule
    from tables.floor.models import Table

    call_command("load_demo", debug_off_ok=True, history_days=3)
    royal_flush_awaiting_approval(Table.objects.get(label="CS-1"))
    us, uk = (Paytable.objects.get(variant=v, status="published", casino__isnull=False)
              for v in ("us", "uk"))
    group = Paytable.objects.get(casino__isnull=True)  # the controller's: read-only here
    return {"us": us.pk, "uk": uk.pk, "group": group.pk,
            "schedule": RakeSchedule.objects.first().pk,
            "stud": Table.objects.get(label="CS-1").pk,
            "poker": Table.objects.get(label="HE-1").pk,
            "progressive": Progressive.objects.get().pk}


def royal_flush_awaiting_approval(table) -> None:
    """A royal flush on the jackpot: the whole meter, over the approval threshold, waits
    for the supervisor on the progressive's page."""
    from tables.stud.services import stud_round_record

    stud_round_record(actor=table.dealers.get(username="dealer"), table=table,
                      dealer_cards=["Ad", "Kd", "7c", "4h", "2s"],
                      seats=[{"seat": 3, "ante": "10.00", "decision": "raise",
                              "progressive": True, "cards": ["Ah", "Kh", "Qh", "Jh", "Th"]}])


def supervisor_pages(ids: dict) -> list[str]:
    return ["/pit/", "/pit/paytables/", f"/pit/paytables/{ids['us']}/",
            f"/pit/paytables/{ids['group']}/",
            f"/pit/paytables/compare/?a={ids['us']}&b={ids['uk']}",
            "/pit/rake-schedules/", f"/pit/rake-schedules/{ids['schedule']}/",
            f"/pit/tables/{ids['poker']}/poker/", f"/pit/tables/{ids['stud']}/history/",
            f"/pit/tables/{ids['poker']}/history/", "/pit/progressives/",
            f"/pit/progressives/{ids['progressive']}/", f"/sign/{ids['progressive']}/",
            "/rounds/", f"/rounds/?table={ids['stud']}"]


ACCOUNTANT_PAGES = ["/accounting/", "/accounting/reports/rake/", "/accounting/reports/stud/",
                    "/accounting/reports/jackpots/", "/accounting/reports/master-games/",
                    "/accounting/reports/slips/", "/accounting/reports/count/",
                    "/accounting/closed-days/"]


def log_in(page: Page, base: str, user: str, password: str, lands_on: str) -> None:
    page.goto(f"{base}/login/")
    page.get_by_label("User name").fill(user)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{base}{lands_on}")


def misfits(page: Page, base: str, addresses: list[str]) -> dict[str, list[str]]:
    """What does not fit a tablet, by address: a page wider than the screen, small
    controls."""
    found = {}
    for address in addresses:
        response = page.goto(base + address)
        assert response.status == 200, address
        page.wait_for_function(PANEL_READY, timeout=60_000)
        measured = page.evaluate(MEASURE, CONTROLS)
        problems = measured["small"]
        if measured["wide"] > measured["viewport"]:
            problems.insert(0, f"{measured['wide']} px wide on {measured['viewport']} px")
        if problems:
            found[address] = problems
    return found


def test_no_supervisor_page_scrolls_sideways_or_has_a_small_control(live_server,
                                                                   page: Page, floor):
    log_in(page, live_server.url, "supervisor", "pit-boss-demo", "/pit/")
    page.goto(f"{live_server.url}/pit/progressives/{floor['progressive']}/")
    expect(page.get_by_role("link", name="Approve with a witness")).to_be_visible()

    assert misfits(page, live_server.url, supervisor_pages(floor)) == {}


def test_no_accountant_page_scrolls_sideways_or_has_a_small_control(live_server,
                                                                  page: Page, floor):
    log_in(page, live_server.url, "accountant", "count-chips-demo", "/accounting/")

    assert misfits(page, live_server.url, ACCOUNTANT_PAGES) == {}


def test_the_dealers_tables_and_the_login_page_fit_a_tablet(live_server, page: Page, floor):
    assert misfits(page, live_server.url, ["/login/"]) == {}
    log_in(page, live_server.url, "dealer", "deal-cards-demo", "/dealer/")

    assert misfits(page, live_server.url, ["/dealer/"]) == {}
    # His tables first: the first table's button on the first screen, the slips after.
    first = page.get_by_role("link", name="Record a round").first
    assert first.bounding_box()["y"] + first.bounding_box()["height"] \
        <= page.viewport_size["height"]
    # His slips to sign, if any wait (the demo signs its history's: issue 44, point 24),
    # come after his tables.
    if page.locator("#to-sign-title").count():
        assert page.locator(".tiles").bounding_box()["y"] < \
            page.locator("#to-sign-title").bounding_box()["y"]
    assert misfits(page, live_server.url, ["/dealer/slips/"]) == {}


def test_the_tables_page_stacks_its_tables_on_a_narrow_tablet(live_server, page: Page,
                                                             floor):
    log_in(page, live_server.url, "supervisor", "pit-boss-demo", "/pit/")
    page.goto(f"{live_server.url}/pit/tables/")  # each table's setup (issue 44, point 8)

    row = page.locator("table.stack tbody tr", has_text="CS-1").first
    game = row.locator("td[data-label=Game]")
    expect(game).to_contain_text("Caribbean Stud")
    label = game.evaluate("td => getComputedStyle(td, '::before').content")
    if page.viewport_size["width"] < 800:  # each cell under its column's name
        assert label == '"Game"'
        assert row.locator("select").bounding_box()["width"] <= row.bounding_box()["width"]
    else:  # a table as it is, headed by its columns
        assert label in ("none", "normal")
        expect(page.locator("table.stack thead").first).to_be_visible()


def test_the_pit_overview_has_no_serious_accessibility_violation(live_server, page: Page,
                                                                 floor, axe):
    log_in(page, live_server.url, "supervisor", "pit-boss-demo", "/pit/")

    assert axe() == []
    page.goto(f"{live_server.url}/pit/tables/")
    assert axe() == []
