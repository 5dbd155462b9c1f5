"""Every browser test also watches the console: a page that breaks the
Content-Security-Policy (an inline script or style the browser refused) fails its test.

The tablet sizes the floor uses (landscape 1024x768, portrait 768x1024, touch), and
axe-core (vendored: vendor/README.md) for accessibility checks."""

from pathlib import Path

import pytest

TABLETS = {"1024x768": (1024, 768), "768x1024": (768, 1024)}
AXE = Path(__file__).parent / "vendor" / "axe.min.js"


@pytest.fixture(autouse=True)
def _no_policy_violations(page):
    refused = []
    page.on("console", lambda message: refused.append(message.text)
            if "Content Security Policy" in message.text else None)
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
