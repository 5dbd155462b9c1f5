"""Every browser test also watches the console: a page that breaks the
Content-Security-Policy (an inline script or style the browser refused) fails its test."""

import pytest


@pytest.fixture(autouse=True)
def _no_policy_violations(page):
    refused = []
    page.on("console", lambda message: refused.append(message.text)
            if "Content Security Policy" in message.text else None)
    yield
    assert not refused, refused
