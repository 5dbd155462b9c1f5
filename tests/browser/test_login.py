import pytest
from playwright.sync_api import Page, expect

from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANDINGS = [
    ("supervisor", "/pit/", "Pit overview"),
    ("dealer", "/dealer/", "My tables"),
    ("accountant", "/accounting/", "Accounting"),
]


@pytest.mark.parametrize(("role", "path", "heading"), LANDINGS)
def test_each_role_logs_in_and_lands_on_its_page(live_server, page: Page, role, path, heading):
    make_user(f"{role}_1", role)

    page.goto(f"{live_server.url}/")
    expect(page).to_have_url(f"{live_server.url}/login/?next=/")
    page.get_by_label("User name").fill(f"{role}_1")
    page.get_by_label("Password").fill(f"{role}_1-password-1")
    page.get_by_role("button", name="Log in").click()

    expect(page).to_have_url(f"{live_server.url}{path}")
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page.locator(".who")).to_contain_text(role)


def test_a_wrong_password_is_explained(live_server, page: Page):
    make_user("dealer_2", "dealer")

    page.goto(f"{live_server.url}/login/")
    page.get_by_label("User name").fill("dealer_2")
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()

    expect(page.get_by_role("alert")).to_contain_text("user name and password do not match")


def test_logging_out_returns_to_the_login_page(live_server, page: Page):
    make_user("acc_3", "accountant")
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("User name").fill("acc_3")
    page.get_by_label("Password").fill("acc_3-password-1")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{live_server.url}/accounting/")

    page.get_by_role("button", name="Log out").click()

    expect(page).to_have_url(f"{live_server.url}/login/")


def test_the_api_docs_ask_for_a_login_then_show_the_operations(live_server, page: Page):
    """The docs page fetches the schema with the page's session (both need a role)."""
    make_user("acc_4", "accountant")

    page.goto(f"{live_server.url}/api/docs/")
    expect(page).to_have_url(f"{live_server.url}/login/?next=/api/docs/")
    page.get_by_label("User name").fill("acc_4")
    page.get_by_label("Password").fill("acc_4-password-1")
    page.get_by_role("button", name="Log in").click()

    expect(page).to_have_url(f"{live_server.url}/api/docs/")
    expect(page.locator(".opblock-summary-path").filter(has_text="/api/v1/auth/token/")
           ).to_be_visible()
