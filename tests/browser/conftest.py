"""Every browser test also watches the console: a page that breaks the
Content-Security-Policy (an inline script or style the browser refused) fails its test,
and so does a Permissions-Policy header the browser cannot read (an unknown feature).

The tablet sizes the floor uses (landscape 1024x768, portrait 768x1024, touch), and
axe-core (vendored: vendor/README.md) for accessibility checks."""

from pathlib import Path

import pytest

from tests.conftest import make_user

TABLETS = {"1024x768": (1024, 768), "768x1024": (768, 1024)}
AXE = Path(__file__).parent / "vendor" / "axe.min.js"


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


@pytest.fixture
def axe(page):
    """axe-core in every page the test opens: ``axe()`` answers the serious and critical
    violations of the page now shown, as 'rule: target' lines."""
    page.add_init_script(path=str(AXE))

    def serious() -> list[str]:
        found = page.evaluate("""async () => {
            const result = await axe.run(document, {resultTypes: ["violations"]});
            return result.violations.filter(v => ["serious", "critical"].includes(v.impact))
              .flatMap(v => v.nodes.map(n => v.id + ": " + n.target.join(" ")));
        }""")
        return found

    return serious


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
