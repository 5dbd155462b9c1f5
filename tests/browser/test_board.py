"""The live floor board on a tablet, both ways up, served by the ASGI process as in
production: the pit boss watches /pit/ while deb_dealer records a round at CS-7 (the
board shows it within 2 s, without a reload); he confirms the relief the rotation
proposes on a second tab (the board shows cal_dealer on CS-7 within 2 s), and changes
CS-7's limits (the board shows them within 2 s). The board fits the tablet and axe finds
nothing serious."""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from tables.stud.services import stud_round_record
from tests.asgi_server import wait_for
from tests.browser.conftest import TABLETS, fits, on_tablets

pytestmark = [pytest.mark.browser, pytest.mark.redis, pytest.mark.django_db(transaction=True)]
PUSHED = 2_000  # ms: the "within 2 s of a round, a push or a limit change"
FOLDS = [{"seat": n, "ante": Decimal(10), "decision": "fold"} for n in (1, 2, 3)]


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


def signed_in(page, base: str, username: str) -> None:
    """The user's session, made here and handed to the browser: the server's password
    hashers are production's, not the tests' fast one the user was made with."""
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    client = Client()
    client.force_login(User.objects.get(username=username))
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "url": base,
                               "value": client.cookies[settings.SESSION_COOKIE_NAME].value}])


def test_the_board_follows_a_round_a_relief_and_a_limit_within_two_seconds(
        served, page, axe, an_hour_on):
    from django.contrib.auth.models import User

    server, redis = served
    table, deb = an_hour_on, User.objects.get(username="deb_dealer")
    base = f"http://127.0.0.1:{server.port}"
    signed_in(page, base, "pit_boss")
    page.goto(f"{base}/pit/")
    row = page.locator(f'tr[data-row="t{table.pk}"]')
    expect(row).to_contain_text("deb_dealer")
    expect(row).to_contain_text("cal_dealer now")  # the next relief, due
    expect(row.locator(".rounds")).to_have_text("0 / 0")
    assert wait_for(lambda: redis.subscriptions() == 1, 10)  # the board's stream listens
    assert fits(page) == []
    assert axe() == []

    stud_round_record(actor=deb, table=table, dealer_cards=["2c", "3d", "7c", "4h", "9s"],
                      seats=FOLDS)
    expect(row.locator(".rounds")).to_have_text("1 / 1", timeout=PUSHED)
    expect(row.locator(".win")).to_have_text("$30.00", timeout=PUSHED)
    expect(row).to_contain_text("3 of 7")

    tab = page.context.new_page()
    tab.goto(f"{base}/pit/rotation/")
    tab.get_by_role("button", name="Confirm the relief at CS-7").click()
    expect(tab.get_by_text("Done: cal_dealer relieves deb_dealer at CS-7")).to_be_visible()
    expect(row.locator(".dealer")).to_have_text("cal_dealer", timeout=PUSHED)

    tab.goto(f"{base}/pit/tables/{table.pk}/limits/")
    tab.get_by_label("Minimum ante").fill("10")
    tab.get_by_label("Maximum ante").fill("50")
    tab.get_by_role("button", name="Change the limits").click()
    expect(tab.get_by_text("CS-7: antes 10.00 to 50.00 from the next round.")).to_be_visible()
    expect(row).to_contain_text("antes 10 to 50", timeout=PUSHED)
    page.screenshot(path=f"/tmp/board-{page.viewport_size['width']}.png", full_page=True)
    assert fits(page) == []
    assert axe() == []
