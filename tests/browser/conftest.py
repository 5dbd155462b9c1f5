"""Every browser test also watches the console: a page that breaks the
Content-Security-Policy (an inline script or style the browser refused) fails its test,
and so does a Permissions-Policy header the browser cannot read (an unknown feature).

The tablet sizes the floor uses (landscape 1024x768, portrait 768x1024, touch), and
axe-core (vendored: vendor/README.md) for accessibility checks."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import make_user

TABLETS = {"1024x768": (1024, 768), "768x1024": (768, 1024)}
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
# The controls a tablet's finger must hit, in the page and the top bar.
CONTROLS = ", ".join(f"{where} {what}" for where in ("main", "header.topbar") for what in (
    "a", "button", "input:not([type=hidden])", "select", "textarea", "summary"))
# How wide the page is, and every visible control smaller than 44x44 px.
MEASURE = """(controls) => ({
  wide: document.documentElement.scrollWidth, viewport: window.innerWidth,
  small: [...document.querySelectorAll(controls)].map(e => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden")
    .filter(([e, r]) => r.width < 44 || r.height < 44)
    .map(([e, r]) => `${e.tagName.toLowerCase()} "${(e.textContent || e.name || "").trim()
      .slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`)})"""
# The cards of the dealer's usual round (seat by seat).
# Whether a control can be seen and touched once scrolled to as the keyboard or a link
# scrolls (scrollIntoView): the element at its centre is itself, not a sticky panel.
SEEN_WHEN_SCROLLED_TO = """el => {
  el.scrollIntoView({block: "nearest"});
  const box = el.getBoundingClientRect();
  const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return el.contains(found) || (found !== null && found.contains(el) && found.tagName === "LABEL");
}"""
CARDS = {"dealer": "As Kd 7c 4h 2s", 1: "Qh Qs 9d 5c 3h", 2: "9h 8h 7h 6h 5h",
         4: "Ks Kc 4d 3c 2d", 5: "Jh Jd 8c 6s 4s", 7: "Ts 9s 8d 6c 3s"}


@pytest.fixture(autouse=True)
def _no_policy_violations(page):
    refused = []
    page.on("console", lambda message: refused.append(message.text)
            if "Content Security Policy" in message.text
            or "Permissions-Policy" in message.text else None)
    yield
    assert not refused, refused


def on_tablets(browser_context_args, size: str) -> dict:
    """The browser context of a tablet (``size`` a key of TABLETS), touch on. A module
    runs its tests at both sizes by overriding pytest-playwright's fixture with it."""
    width, height = TABLETS[size]
    return {**browser_context_args, "viewport": {"width": width, "height": height},
            "has_touch": True}


def log_in(page: Page, base: str, user: str = "deb_dealer", lands_on: str = "/dealer/"):
    """A user made by make_user logs in and lands on his page: by default deb_dealer
    (dealer_at_live_table) on the dealer's page."""
    page.goto(f"{base}/login/")
    page.get_by_label("User name").fill(user)
    page.get_by_label("Password").fill(f"{user}-password-1")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{base}{lands_on}")


def top_bar(page: Page, link: str) -> None:
    """Open a page of the top bar, through its Menu button where the tablet is held
    upright (casino.navigation: every page of a role one tap from the bar)."""
    menu = page.get_by_role("banner").locator("details[data-menu]")
    # static/js/menu.js (deferred) opens the menu on a wide screen, where its button is
    # hidden: a page whose heading is already there may not have run it yet.
    page.wait_for_load_state("domcontentloaded")
    if not menu.evaluate("menu => menu.open"):
        menu.locator("summary").click()
    page.get_by_role("banner").get_by_role("link", name=link, exact=True).click()


def fits(page: Page) -> list[str]:
    """What keeps the page now shown from fitting the tablet: a page wider than the
    screen, every control smaller than a finger."""
    measured = page.evaluate(MEASURE, CONTROLS)
    problems = measured["small"]
    if measured["wide"] > measured["viewport"]:
        problems.insert(0, f"{measured['wide']} px wide on {measured['viewport']} px")
    return problems


def axe_violations(page: Page) -> list[str]:
    """The serious and critical axe-core violations of the page now shown (axe added to
    the page by ``add_init_script(path=str(AXE))``), as 'rule: target' lines."""
    return page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ["violations"]});
        return result.violations.filter(v => ["serious", "critical"].includes(v.impact))
          .flatMap(v => v.nodes.map(n => v.id + ": " + n.target.join(" ")));
    }""")


@pytest.fixture
def axe(page):
    """axe-core in every page the test opens: ``axe()`` answers the serious and critical
    violations of the page now shown, as 'rule: target' lines."""
    page.add_init_script(path=str(AXE))
    return lambda: axe_violations(page)


@pytest.fixture
def dealer_at_live_table(db):
    """CS-7, an open stud table on the published US paytable with a jackpot meter, dealt by
    deb_dealer (password deb_dealer-password-1); pit_boss supervises."""
    from decimal import Decimal

    from payouts.jackpots import services as jackpots
    from payouts.terms import services as payouts
    from tables.floor.services import (
        casino_create,
        table_assign_paytable,
        table_create,
        table_link_progressive,
    )

    supervisor = make_user("pit_boss", "supervisor")
    dealer = make_user("deb_dealer", "dealer")
    casino = casino_create(actor=supervisor, name="Browser Casino", currency="USD",
                           timezone="America/New_York")
    table = table_create(actor=supervisor, casino=casino, label="CS-7",
                         game="caribbean_stud", status="open", dealers=[dealer])
    paytable = payouts.paytable_publish(
        actor=supervisor,
        paytable=payouts.paytable_create(actor=supervisor, name="US", variant="us",
                                         casino=casino))
    table_assign_paytable(actor=supervisor, table=table, paytable=paytable)
    meter = jackpots.progressive_create(
        actor=supervisor, name="Browser Jackpot", currency="USD", seed=Decimal("10000.00"),
        contribution_rate=Decimal("0.70"), approval_threshold=Decimal("5000.00"),
        casino=casino)
    return table_link_progressive(actor=supervisor, table=table, progressive=meter)


@pytest.fixture
def an_hour_on(dealer_at_live_table, time_machine):
    """deb_dealer has dealt CS-7 for 65 minutes; cal_dealer, who may deal stud, is clocked
    in and free: the rotation proposes him now."""
    import datetime as dt

    from django.contrib.auth.models import User
    from django.utils import timezone

    from tables.floor.models import Game
    from tables.pit import services

    table = dealer_at_live_table
    boss, deb = User.objects.get(username="pit_boss"), User.objects.get(username="deb_dealer")
    cal = make_user("cal_dealer", "dealer")
    table.casino.staff.add(cal)
    time_machine.move_to(timezone.now() - dt.timedelta(minutes=65), tick=True)
    for person in (deb, cal):
        services.dealer_games_set(actor=boss, casino=table.casino, dealer=person,
                                  games=[Game.CARIBBEAN_STUD])
        services.dealer_clock_in(actor=boss, casino=table.casino, dealer=person)
    services.dealer_relieve(actor=boss, table=table, relief=deb)
    time_machine.move_to(timezone.now() + dt.timedelta(minutes=65), tick=True)
    return table


@pytest.fixture
def served(settings, monkeypatch):
    """The ASGI process as production runs it (tests.asgi_server), with a Redis of the
    test's own: (server, redis)."""
    from tests.asgi_server import AsgiServer, private_redis

    with private_redis(settings, monkeypatch) as redis:
        server = AsgiServer(redis.url)
        try:
            server.start()
            yield server, redis
        finally:
            server.stop()
