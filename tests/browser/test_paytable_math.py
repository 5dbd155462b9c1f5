"""A supervisor edits a draft paytable and reads its game math beside the published
version's: a real worker computes it while the page shows the progress."""

import pytest
from playwright.sync_api import Page, expect

from payouts.analysis import computing
from payouts.analysis.models import ParAnalysis
from payouts.terms import services as terms

pytestmark = [pytest.mark.browser, pytest.mark.redis,
              pytest.mark.django_db(transaction=True)]


def test_the_draft_figures_appear_beside_the_published_ones_with_progress_on_the_way(
        live_server, page: Page, supervisor, controller, us_paytable, celery_worker):
    computing.forget_figures()  # the worker computes them while the page watches
    # The group's paytable: its controller drafts v2; a casino's supervisor reads it.
    draft = terms.paytable_new_version(actor=controller, paytable=us_paytable)
    terms.paytable_update(actor=controller, paytable=draft, odds={**draft.odds, "flush": 8})
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("User name").fill("sam_supervisor")
    page.get_by_label("Password").fill("sam_supervisor-password-1")
    page.get_by_role("button", name="Log in").click()

    page.goto(f"{live_server.url}/pit/paytables/{draft.pk}/")
    panel = page.locator("#par-figures")
    expect(panel.locator("progress").first).to_be_visible()
    expect(panel).to_contain_text("House edge (per ante)", timeout=90_000)
    compare = panel.locator("table.par-compare")
    expect(compare.locator("thead")).to_contain_text("v2 (draft)")
    expect(compare.locator("thead")).to_contain_text("v1 (published)")
    edge_row = compare.locator("tr", has_text="House edge (per ante)")
    expect(edge_row.locator("td").nth(1)).to_have_text("5.224%")
    draft_edge = float(edge_row.locator("td").nth(0).inner_text().rstrip("%"))
    assert draft_edge < 5.224  # flushes pay 8 to 1 instead of 5

    panel.get_by_text("Optimal strategy of v2").click()
    expect(panel.locator("table.strategy")).to_contain_text("A K 4 3 2")

    page.get_by_label("At an ante of").fill("100.00")
    page.get_by_role("button", name="Compute").click()
    expect(compare.locator("thead")).to_contain_text("ante 100.00", timeout=90_000)
    expect(panel).to_contain_text("House edge (per ante)", timeout=90_000)
    assert ParAnalysis.objects.filter(ante_key="100.00").count() == 2

    with page.expect_download() as download:
        panel.get_by_role("link", name="PDF").first.click()
    assert download.value.suggested_filename.startswith(f"par-sheet-{us_paytable.pk}-v2-")
