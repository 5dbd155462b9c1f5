"""A page lives in the package that owns it; the packages above add their panels to it
(casino.common.panels), registered from the app's ready()."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from casino.common.panels import Panels


def test_a_page_gets_what_each_panel_adds_beside_its_own_part():
    page = Panels("a test page")
    page.add("first", lambda request, shown: {"doubled": shown["n"] * 2})
    page.add("second", lambda request, shown: {"named": f"n is {shown['n']}"})

    assert page.gather(None, {"n": 3}) == {"doubled": 6, "named": "n is 3"}


def test_a_panel_added_again_under_its_name_replaces_itself():
    page = Panels("a test page")
    page.add("chips", lambda request, shown: {"old": 1})
    page.add("chips", lambda request, shown: {"new": 2})

    assert page.gather(None, {}) == {"new": 2}


def test_two_panels_naming_the_same_thing_are_refused_not_overwritten():
    page = Panels("a test page")
    page.add("chips", lambda request, shown: {"to_sign": []})
    page.add("count", lambda request, shown: {"to_sign": ["slip 3"]})

    with pytest.raises(ImproperlyConfigured, match="count panel of a test page names to_sign"):
        page.gather(None, {})


def test_a_panel_naming_what_the_page_shows_already_is_refused():
    page = Panels("the pit")
    page.add("chips", lambda request, shown: {"casinos": []})

    with pytest.raises(ImproperlyConfigured, match="chips panel of the pit names casinos"):
        page.gather(None, {"casinos": ["Harbor"]})


def test_the_chips_the_count_and_the_players_add_their_panels_to_the_pages_below():
    from tables.chips.pages import PIT_CHIPS
    from tables.floor.pages import DEALER, PIT, TABLES
    from tables.players.pages import PLAYER
    from tables.stud.pages import ROUND_FORM

    assert list(PIT._panels) == ["count", "comps", "offline", "board"]
    assert list(TABLES._panels) == ["chips", "players"]
    assert list(PLAYER._panels) == ["comps"]
    assert list(DEALER._panels) == ["chips", "players", "pit"]
    assert list(PIT_CHIPS._panels) == ["count"]
    assert list(ROUND_FORM._panels) == ["players"]


def shown_to(client, user, address: str):
    client.force_login(user)
    page = client.get(address)
    assert page.status_code == 200
    return page


@pytest.mark.django_db
def test_the_pit_shows_the_counts_variances_and_the_chips_page_link(client, supervisor,
                                                                     stud_table):
    page = shown_to(client, supervisor, "/pit/")

    assert page.context["variances_waiting"] == 0  # the count's panel
    assert [t.label for c in page.context["casinos"] for t in c.tables.all()] == ["CS-1"]
    # Each table's settings are on the tables page (issue 44, point 8), the chips' with them.
    tables = shown_to(client, supervisor, "/pit/tables/")
    assert tables.context["shift_words"] == {}  # the chips': inventory kept elsewhere
    assert [t.label for c in tables.context["casinos"] for t in c.tables.all()] == ["CS-1"]


@pytest.mark.django_db
def test_the_dealers_page_shows_the_slips_waiting_for_his_signature(client, dealer,
                                                                    stud_table):
    page = shown_to(client, dealer, "/dealer/")

    assert page.context["to_sign"] == []  # the chips' panel
    assert [t.label for t in page.context["tables"]] == ["CS-1"]
