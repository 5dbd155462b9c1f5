"""Every role's pages on a fresh demo, as its staff reach them: from the page each lands on,
every link of the service followed (one page of each kind: the first round, not every
round), on a tablet both ways up. No page answers an error, scrolls sideways, logs an
error to the console, or shows an amount of a thousand or more without its thousands
marked ("1,083.00", never "1083.00")."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.core.management import call_command
from django.urls import Resolver404, resolve
from playwright.sync_api import Page

from tests.browser.conftest import TABLETS, on_tablets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each demo role and where its day starts (README's log-in table).
ROLES = {"dealer": "deal-cards-demo", "supervisor": "pit-boss-demo",
         "controller": "group-terms-demo", "host": "comp-players-demo",
         "cage": "issue-slips-demo", "counter": "count-boxes-demo",
         "accountant": "count-chips-demo"}
# Links not to follow: leaving, Django's admin (its own pages), the API, files and streams.
NOT_PAGES = re.compile(r"^/(logout|admin|api)/|/events$|\.(pdf|json|js|csv|xlsx)$|"
                       r"/download/$|/export/$|^/static/")
# An amount as a page must never show it: four digits or more before the cents, unmarked.
UNMARKED = re.compile(r"(?<![\d,.\-/:])\d{4,}\.\d\d(?!\d)")
PAGES_A_ROLE = 70


@pytest.fixture(params=list(TABLETS))
def browser_context_args(request, browser_context_args):
    return on_tablets(browser_context_args, request.param)


def _kind(path: str) -> tuple | None:
    """One page of each kind: its address's name, its words (a report's name), not its
    numbers (a round's id), and the names of its query's fields."""
    parts = urlsplit(path)
    if NOT_PAGES.search(parts.path):
        return None
    try:
        match = resolve(parts.path)
    except Resolver404:
        return ("missing", parts.path)
    words = tuple(sorted((k, v) for k, v in match.kwargs.items() if not isinstance(v, int)))
    return (match.url_name, words, tuple(sorted({k for k, _ in parse_qsl(parts.query)})))


def _links(page: Page, base: str) -> list[str]:
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    return [href[len(base):].split("#")[0] for href in hrefs if href.startswith(base + "/")]


def _log_in(page: Page, base: str, user: str) -> str:
    page.goto(f"{base}/login/")
    page.get_by_label("User name").fill(user)
    page.get_by_label("Password").fill(ROLES[user])
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    return urlsplit(page.url).path


def _crawl(page: Page, base: str, start: str) -> tuple[list[str], list[str]]:
    """The pages reached from ``start`` (one of each kind), and what is wrong on each."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    seen, queue, visited, problems = {_kind(start)}, [start], [], []
    while queue and len(visited) < PAGES_A_ROLE:
        path = queue.pop(0)
        errors.clear()
        response = page.goto(base + path)
        page.wait_for_load_state("networkidle")
        visited.append(path)
        if response is None or response.status >= 400:
            problems.append(f"{path}: answered {response and response.status}")
            continue
        wide = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        if wide[0] > wide[1]:
            problems.append(f"{path}: {wide[0]} px wide on {wide[1]} px")
        unmarked = UNMARKED.findall(page.inner_text("body"))
        if unmarked:
            problems.append(f"{path}: amounts without thousands marked: {unmarked[:3]}")
        problems += [f"{path}: console: {e}" for e in errors]
        for link in _links(page, base):
            kind = _kind(link)
            if kind is not None and kind not in seen:
                seen.add(kind)
                queue.append(link)
    return visited, problems


def test_every_page_each_role_reaches_opens_fits_and_marks_its_thousands(live_server,
                                                                          page: Page):
    call_command("load_demo", debug_off_ok=True, history_days=3)
    found = []
    for user in ROLES:
        page.context.clear_cookies()
        start = _log_in(page, live_server.url, user)
        visited, problems = _crawl(page, live_server.url, start)
        found += [f"{user} {problem}" for problem in problems]
        assert len(visited) > 1, f"{user} reached no page from {start}"
    assert not found, "\n".join(found)
