"""Content-Security-Policy on every page, and no page that would need it relaxed: no
inline script, no inline event handler, no inline style."""

import re

import pytest

pytestmark = pytest.mark.django_db
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", re.I)
HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)
STYLE_BLOCK = re.compile(r"<style|\sstyle\s*=", re.I)


def pages(live_table, us_paytable, progressive):
    return {
        "supervisor": ["/pit/", f"/pit/paytables/{us_paytable.pk}/", "/pit/paytables/",
                       f"/pit/progressives/{progressive.pk}/", "/pit/progressives/",
                       f"/pit/paytables/{us_paytable.pk}/analysis/",
                       f"/pit/progressives/{progressive.pk}/side-wager/",
                       "/accounting/closed-days/", "/admin/", "/api/docs/"],
        "dealer": ["/dealer/", f"/dealer/tables/{live_table.pk}/round/"],
        "accountant": ["/accounting/", "/accounting/reports/rake/?from=2026-03-01&to=2026-03-02",
                       "/accounting/reports/stud/?from=2026-03-01&to=2026-03-02"],
        None: ["/login/", f"/sign/{progressive.pk}/"],
    }


def test_every_page_carries_the_policy_and_needs_no_inline_code(
        client, request, live_table, us_paytable, progressive):
    for role, urls in pages(live_table, us_paytable, progressive).items():
        client.logout()
        if role:
            client.force_login(request.getfixturevalue(role))
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, url
            policy = response["Content-Security-Policy"]
            assert "script-src 'self'" in policy
            assert "unsafe-inline" not in policy
            html = response.content.decode()
            assert not INLINE_SCRIPT.search(html), url
            assert not HANDLER.search(html), url
            assert not STYLE_BLOCK.search(html), url
