"""The group's players (issue 29): supervisors and hosts open, find, change and read
accounts on the desk's pages and the API; accountants read none, a dealer only the
players seated at his tables (none until seating exists); every reading is logged; an
account is changed with its reason in the history and never deleted."""

from __future__ import annotations

import html
import re

import pytest
from django.db import DatabaseError, transaction

from tables.players import services
from tables.players.models import Player, PlayerAccess
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def text(response) -> str:
    """The page's words, without its tags."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_a_host_opens_an_account_and_finds_it_by_card_or_name(client, host):
    client.force_login(host)
    assert client.get("/")["Location"] == "/players/"  # a host's work

    opened = client.post("/players/", {"card": " 10042 ", "name": "Pat  Q. Player",
                                       "tier": "gold", "status": "active"})

    pat = Player.objects.get()
    assert opened["Location"] == f"/players/{pat.pk}/"
    assert (pat.card, pat.name, pat.first_name, pat.tier) == ("10042", "Pat Q. Player",
                                                              "Pat", "gold")
    for words in ("10042", "pat", "q. play", "PLAYER pat"):
        assert "Pat Q. Player" in text(client.get("/players/", {"q": words})), words
    assert 'No player&#x27;s card' not in client.get("/players/", {"q": "pat"}).content.decode()
    assert "No player's card or name matches \"Lee\"." in text(client.get("/players/",
                                                                         {"q": "Lee"}))


@pytest.mark.parametrize(("posted", "words"), [
    ({"card": "10042", "name": "Lee Other"},
     "Card number: Card 10042 is already Pat Q. Player's: one card, one player."),
    ({"card": "10-42", "name": "Lee Other"},
     "Card number: A card number is 4 to 20 letters or digits, as printed on the card."),
    ({"card": "20077", "name": ""}, "Name: none given."),
])
def test_a_bad_account_is_refused_naming_the_field_and_nothing_is_stored(client, host, pat,
                                                                         posted, words):
    client.force_login(host)
    refused = client.post("/players/", {"tier": "member", "status": "active", **posted})

    assert refused.status_code == 400
    assert words in text(refused)
    assert Player.objects.count() == 1


def test_excluding_a_player_needs_its_reason_which_his_history_keeps(client, host, pat):
    client.force_login(host)
    account = {"card": pat.card, "name": pat.name, "first_name": "Pat", "tier": "gold",
               "status": "excluded"}

    refused = client.post(f"/players/{pat.pk}/", account)
    assert refused.status_code == 400
    assert "Why (a status change): Say why Pat Q. Player is excluded" in text(refused)
    client.post(f"/players/{pat.pk}/", {**account, "reason": "self-exclusion, one year"})

    page = text(client.get(f"/players/{pat.pk}/"))
    assert "Excluded: he may not be seated" in page
    assert "hana_host self-exclusion, one year Status: Active → Excluded" in page


def test_every_reading_of_a_player_is_logged_and_shown_on_his_page(client, api, host, pat):
    supervisor = make_user("sid_supervisor", "supervisor")
    client.force_login(supervisor)
    client.get("/players/", {"q": "10042"})
    api.as_user(host).get("/api/v1/players/", {"search": "pat"})
    api.as_user(host).get(f"/api/v1/players/{pat.pk}/")

    page = text(client.get(f"/players/{pat.pk}/"))

    seen = list(PlayerAccess.objects.filter(player=pat).order_by("id")
                .values_list("user__username", "channel", "sight"))
    assert seen == [("sid_supervisor", "page", "listed"), ("hana_host", "api", "listed"),
                    ("hana_host", "api", "opened"), ("sid_supervisor", "page", "opened")]
    assert "Who read this player" in page
    assert "sid_supervisor opened (Page)" in page
    assert "hana_host listed (API)" in page


def test_the_api_opens_finds_and_changes_accounts_in_the_contracts_names(api, host, pat):
    created = api.as_user(host).post("/api/v1/players/", {"card": "20077", "name": "Lee Wu",
                                                          "tier": "silver"}, format="json")
    assert created.status_code == 201, created.content
    assert {k: created.json()[k] for k in ("card", "name", "tier", "status")} == {
        "card": "20077", "name": "Lee Wu", "tier": "silver", "status": "active"}

    found = api.as_user(host).get("/api/v1/players/", {"search": "20077"}).json()
    assert [p["name"] for p in found["results"]] == ["Lee Wu"]

    unexplained = api.as_user(host).patch(f"/api/v1/players/{pat.pk}/",
                                          {"status": "excluded"}, format="json")
    assert unexplained.status_code == 400
    assert "Say why Pat Q. Player is excluded" in unexplained.json()["reason"][0]
    barred = api.as_user(host).patch(f"/api/v1/players/{pat.pk}/",
                                     {"status": "excluded", "reason": "barred by security"},
                                     format="json")
    assert (barred.status_code, barred.json()["status"]) == (200, "excluded")

    taken = api.as_user(host).post("/api/v1/players/", {"card": "20077", "name": "Ann"},
                                   format="json")
    assert taken.status_code == 400
    assert taken.json()["card"] == ["Card 20077 is already Lee Wu's: one card, one player."]
    assert api.as_user(host).delete(f"/api/v1/players/{pat.pk}/").status_code == 403  # no one


def test_accountants_read_no_one_and_a_dealer_no_one_not_seated_at_his_tables(
        api, client, pat, accountant, dealer):
    assert api.as_user(accountant).get("/api/v1/players/").status_code == 403
    assert api.as_user(accountant).get(f"/api/v1/players/{pat.pk}/").status_code == 403
    listed = api.as_user(dealer).get("/api/v1/players/")
    assert (listed.status_code, listed.json()["results"]) == (200, [])
    assert api.as_user(dealer).get(f"/api/v1/players/{pat.pk}/").status_code == 404
    assert api.as_user(dealer).post("/api/v1/players/", {"card": "3003", "name": "X"},
                                    format="json").status_code == 403
    for reader in (accountant, dealer):
        client.force_login(reader)
        assert client.get("/players/").status_code == 403
        assert client.get(f"/players/{pat.pk}/").status_code == 403
    assert not PlayerAccess.objects.exists()


def test_a_player_is_never_deleted_and_a_reading_never_changed(pat, host):
    services.players_read(actor=host, players=[pat], channel="page", sight="opened")
    with pytest.raises(DatabaseError), transaction.atomic():
        Player.objects.filter(pk=pat.pk).delete()  # the service's role may not
    with pytest.raises(DatabaseError, match="permission denied"), transaction.atomic():
        PlayerAccess.objects.update(sight="listed")
