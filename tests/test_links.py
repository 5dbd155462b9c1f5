"""Every link a page shows leads somewhere its reader may go: no link on a supervisor's
or dealer's page answers 403 (the supervisor's "Card room day" link in the reports'
menu once did), 404 or 500."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db

LINK = re.compile(r'href="(/[^"#?]*)')
NOT_FOLLOWED = ("/static/", "/admin/", "/api/")  # files, Django's admin, the API's browser


def links_on(client, pages: list[str]) -> dict[str, set[str]]:
    """{link: the pages showing it} for the pages as the logged-in client reads them."""
    found: dict[str, set[str]] = {}
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        for link in LINK.findall(response.content.decode()):
            if not link.startswith(NOT_FOLLOWED):
                found.setdefault(link, set()).add(page)
    return found


@pytest.mark.parametrize(("who", "pages"), [
    ("supervisor", ["/pit/", "/rounds/", "/pit/chips/", "/pit/dealers/",
                    "/accounting/reports/rake/", "/accounting/reports/stud/",
                    "/accounting/closed-days/"]),
    ("dealer", ["/dealer/", "/dealer/slips/", "/rounds/"]),
    ("accountant", ["/accounting/", "/accounting/reports/rake/", "/rounds/"]),
])
def test_every_link_on_a_page_opens_for_its_reader(client, request, live_table, holdem, who,
                                                   pages):
    client.force_login(request.getfixturevalue(who))

    refused = {link: (client.get(link).status_code, sorted(shown))
               for link, shown in links_on(client, pages).items()
               if client.get(link).status_code not in (200, 302)}

    assert refused == {}


def test_the_product_has_an_icon(client, supervisor):
    client.force_login(supervisor)
    icon = client.get("/favicon.ico")
    assert (icon.status_code, icon["Location"]) == (301, "/static/img/favicon.svg")
    assert '<link rel="icon" href="/static/img/favicon.svg"' in client.get("/pit/").content.decode()
    from pathlib import Path

    from django.contrib.staticfiles import finders

    assert Path(finders.find("img/favicon.svg")).read_text().startswith("<svg")
