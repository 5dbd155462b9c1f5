"""The floor sign in a browser, served by the ASGI process as in production: it follows
the meter by its stream, never asking every second, and says "Reconnecting…" while its
server is away, then follows the meter again once it is back."""

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from tests.asgi_server import wait_for
from tests.helpers import DEALER

pytestmark = [pytest.mark.browser, pytest.mark.redis, pytest.mark.django_db(transaction=True)]
NO_HIT = [{"seat": n, "ante": Decimal(10), "decision": "fold", "progressive": True,
           "cards": cards.split()} for n, cards in [(1, "Qh Qs 9d 5c 3h"),
                                                    (2, "Jh Js 8d 6c 5s")]]


def test_the_sign_follows_the_meter_by_its_stream_and_through_a_restart(
        served, page: Page, dealer, jackpot_table, progressive):
    from tables.stud.services import stud_round_record

    server, redis = served
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"http://127.0.0.1:{server.port}/sign/{progressive.pk}/")
    amount, stale = page.locator("#amount"), page.locator("#stale")
    expect(amount).to_have_text("USD 10,000.00")
    assert wait_for(lambda: redis.subscriptions() == 1, 10)

    stud_round_record(actor=dealer, table=jackpot_table, dealer_cards=DEALER, seats=NO_HIT)
    expect(amount).to_have_text("USD 10,001.40", timeout=2_000)  # pushed: no second's wait
    assert [url for url in asked if "/sign/" in url] == [
        f"http://127.0.0.1:{server.port}/sign/{progressive.pk}/",
        f"http://127.0.0.1:{server.port}/sign/{progressive.pk}/events"]

    server.stop()
    expect(stale).to_be_visible(timeout=10_000)
    stud_round_record(actor=dealer, table=jackpot_table, dealer_cards=DEALER, seats=NO_HIT)
    server.start()  # on the same port: the browser opens the stream again by itself
    expect(amount).to_have_text("USD 10,002.80", timeout=15_000)
    expect(stale).to_be_hidden()
