"""Every page the README names, opened on the demo as the role whose section names it, and
every log-in of its table landing where it says: the README stays true."""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import resolve, reverse

from casino.house.models import Casino
from payouts.jackpots.models import Progressive
from payouts.terms.models import Paytable
from tables.floor.models import Table
from tables.players.models import Player

pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("demo_as_loaded")]

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()
# Who reads each section's pages.
SECTIONS = {"As a dealer": "dealer", "As a pit supervisor": "supervisor",
            "As the group's gaming controller": "controller", "As a host": "host",
            "As the cage": "cage", "As the count team": "counter",
            "As an accountant": "accountant"}
# What the number in an address names, by the address's name: the README counts as a
# fresh database does (the demo's first table is 1), the test database's may start later.
NUMBERED = {"dealer-round-form": Table, "dealer-poker": Table, "table-seats": Table,
            "cardroom-board": Casino, "pit-paytable": Paytable, "sign": Progressive,
            "player": Player, "player-comp-give": Player}
PATH = re.compile(r"`(/[a-z0-9/.\-]*)`")


def _sections() -> dict[str, str]:
    parts = re.split(r"^## ", README, flags=re.M)
    return {part.split("\n", 1)[0].strip(): part for part in parts[1:]}


def _paths_of(section: str) -> list[str]:
    return PATH.findall(_sections()[section])


def _as_in_the_demo(path: str) -> str:
    match = resolve(path)
    model = NUMBERED.get(match.url_name)
    if "pk" not in match.kwargs:
        return path
    assert model is not None, f"{path}: say in NUMBERED what its number names"
    nth = list(model.objects.order_by("pk").values_list("pk", flat=True))
    return reverse(match.url_name, kwargs={**match.kwargs, "pk": nth[match.kwargs["pk"] - 1]})


def test_every_section_of_the_readme_names_its_pages():
    for section in SECTIONS:
        assert _paths_of(section), f"README's section {section!r} names no page"


@pytest.mark.parametrize("section", SECTIONS)
def test_every_page_a_section_names_opens_for_its_role(printed, client, section):
    client.force_login(get_user_model().objects.get(username=SECTIONS[section]))
    for path in _paths_of(section):
        response = client.get(_as_in_the_demo(path))
        assert response.status_code == 200, (section, path, response.status_code)


def test_every_log_in_lands_where_the_readme_says(printed, client):
    rows = re.findall(r"^\| [^|]+ \| `(\w+)`[^|]* \| `([\w-]+)`[^|]* \| `(/[\w/-]*)` \|$",
                      README, flags=re.M)
    assert len(rows) == 7
    for username, password, lands_on in rows:
        client.logout()
        logged_in = client.post(reverse("login"), {"username": username, "password": password})
        assert logged_in.status_code == 302, username  # the form again: refused
        assert client.get("/").url == lands_on, username


def test_the_readmes_two_group_supervisors_lift_the_demos_exclusion(printed, api):
    """The README's Tom Hale: excluded, and lifted only by `controller` with `controller2`
    confirming by the password the README gives (issue 44, point 14, on the demo)."""
    assert "controller2" in printed
    tom = Player.objects.get(name="Tom Hale")
    assert tom.status == "excluded"
    assert f"`/players/{Player.objects.order_by('pk').filter(pk__lte=tom.pk).count()}/`: " \
           "Tom Hale is excluded" in README
    controller = get_user_model().objects.get(username="controller")
    lift = {"status": "active", "reason": "barring reviewed with security"}

    alone = api.as_user(controller).patch(f"/api/v1/players/{tom.pk}/", lift, format="json")
    confirmed = api.as_user(controller).patch(f"/api/v1/players/{tom.pk}/", {
        **lift, "witness": "controller2", "witness_password": "second-terms-demo"},
        format="json")

    assert alone.status_code == 400
    assert (confirmed.status_code, confirmed.json()["status"]) == (200, "active"), \
        confirmed.content
