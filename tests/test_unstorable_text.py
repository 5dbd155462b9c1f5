"""Text no field may hold (issue 44, point 18): a NUL or a lone surrogate anywhere in a
JSON body, a query, a path, a read header or a page's posted form is refused with a 400
naming where it was and repeating the value escaped, nothing stored; never a 500 (the
refusal's echo cannot fail on it, nor the database)."""

from __future__ import annotations

import json
from io import BytesIO

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ValidationError

from casino.common.parsers import JSONParser
from casino.common.text import escaped, unstorable_in
from tables.cardroom.models import Waitlist
from tables.comps.models import CompEntry
from tables.offline.models import HeldEntry
from tables.players import services as players
from tables.players.models import Player, Rating
from tables.stud.models import StudRound
from tests.conftest import make_user
from tests.helpers import CONTRACT_ROUND
from tests.unstorable import NUL, SURROGATE, TEXT, UNSTORABLE_TEXT, spoiled

pytestmark = pytest.mark.django_db

ESCAPED = {NUL: "\\u0000", SURROGATE: "\\ud800"}
BAD = pytest.mark.parametrize("bad", [NUL, SURROGATE], ids=["NUL", "lone surrogate"])


def said(bad: str, value: str) -> str:
    """The refusal's words for ``value`` holding ``bad``, as the API answers them."""
    shown = value.replace(bad, ESCAPED[bad])
    if bad == NUL:
        return f"'{shown}' holds a NUL character (\\u0000): no text here may hold one."
    return (f"'{shown}' holds \\ud800, half of a character (a lone surrogate): no text here "
            "may hold one; send whole characters in UTF-8.")


@pytest.fixture
def pat(supervisor):
    return players.player_create(actor=supervisor, card="10042", name="Pat Q. Player",
                                 tier="gold")


def posted(api, user, url: str, body: dict, **headers):
    # Sent as the raw JSON a client writes: the escapes, never the characters, on the wire.
    return api.as_user(user).post(url, json.dumps(body), content_type="application/json",
                                  **headers)


@BAD
def test_a_players_tier_is_refused_by_name(api, supervisor, bad):
    answer = posted(api, supervisor, "/api/v1/players/",
                    {"card": "1", "name": "Kim", "tier": f"gold{bad}"})

    assert answer.status_code == 400
    assert answer.json() == {"tier": [said(bad, f"gold{bad}")]}
    assert not Player.objects.exists()


@BAD
def test_a_comps_kind_is_refused_by_name(api, pat, bad):
    host = make_user("hana_host", "host")
    answer = posted(api, host, f"/api/v1/players/{pat.pk}/comps/",
                    {"amount": "0.10", "kind": bad, "reason": "coffee"})

    assert answer.status_code == 400
    assert answer.json() == {"kind": [said(bad, bad)]}
    assert not CompEntry.objects.exclude(kind="earned").exists()


@BAD
def test_a_waitlists_game_is_refused_by_name(api, supervisor, us_casino, bad):
    answer = posted(api, supervisor, "/api/v1/waitlists/",
                    {"casino": us_casino.pk, "game": f"holdem{bad}", "structure": "fixed_limit",
                     "small": "20.00", "big": "40.00"})

    assert answer.status_code == 400
    assert answer.json() == {"game": [said(bad, f"holdem{bad}")]}
    assert not Waitlist.objects.exists()


@BAD
def test_a_stud_rounds_seat_is_refused_where_it_is(api, dealer, live_table, bad):
    body = {**CONTRACT_ROUND, "seats": [CONTRACT_ROUND["seats"][0],
                                        {"seat": 3, "ante": "5.00", "decision": bad}]}
    answer = posted(api, dealer, f"/api/v1/tables/{live_table.pk}/stud-rounds/", body)

    assert answer.status_code == 400
    assert answer.json() == {"seats": {"1": {"decision": [said(bad, bad)]}}}
    assert not StudRound.objects.exists()


@BAD
def test_a_held_entrys_refusal_and_body_are_refused_where_they_are(api, dealer, live_table,
                                                                   bad):
    answer = posted(api, dealer, "/api/v1/held-entries/", {
        "table": live_table.pk, "kind": "stud_round",
        "body": {**CONTRACT_ROUND, "dealer_cards": ["As", "Kd", "7c", "4h", f"2s{bad}"]},
        "refusal": {"seats": {"0": {"ante": [f"too high{bad}"]}}}})

    assert answer.status_code == 400
    assert answer.json() == {
        "body": {"dealer_cards": {"4": [said(bad, f"2s{bad}")]}},
        "refusal": {"seats": {"0": {"ante": {"0": [said(bad, f"too high{bad}")]}}}}}
    assert not HeldEntry.objects.exists()


@BAD
def test_a_field_name_is_refused_escaped(api, supervisor, bad):
    answer = posted(api, supervisor, "/api/v1/players/",
                    {"card": "1", "name": "Kim", f"ti{bad}er": "gold"})

    assert answer.status_code == 400
    assert answer.json() == {f"ti{ESCAPED[bad]}er": [f"The field name {said(bad, f'ti{bad}er')}"]}


def test_a_nul_in_a_query_parameter_is_refused_by_name(api, supervisor, pat):
    answer = api.as_user(supervisor).get("/api/v1/players/?search=%00")

    assert answer.status_code == 400
    assert answer.json() == {"search": [said(NUL, NUL)]}


def test_a_nul_in_a_path_is_refused(api, supervisor, pat):
    answer = api.as_user(supervisor).get(f"/api/v1/players/{pat.pk}%00/")

    assert answer.status_code == 400
    assert answer.json() == {"path": [said(NUL, f"/api/v1/players/{pat.pk}{NUL}/")]}


def test_a_nul_in_an_idempotency_key_is_refused_before_it_is_kept(api, dealer, live_table):
    answer = posted(api, dealer, f"/api/v1/tables/{live_table.pk}/stud-rounds/",
                    CONTRACT_ROUND, HTTP_IDEMPOTENCY_KEY=f"tab{NUL}1")

    assert answer.status_code == 400
    assert answer.json() == {"Idempotency-Key": [said(NUL, f"tab{NUL}1")]}
    assert not StudRound.objects.exists()


def test_a_nul_in_the_user_agent_of_a_failed_log_in_is_refused_before_it_is_kept(client,
                                                                                 supervisor):
    answer = client.post("/login/", {"username": supervisor.username, "password": "wrong"},
                         HTTP_USER_AGENT=f"tablet{NUL}")

    assert answer.status_code == 400
    assert "User-Agent: &#x27;tablet\\u0000&#x27; holds a NUL character" in (
        answer.content.decode())


def test_a_nul_in_a_page_form_gets_a_page_naming_the_field(client, supervisor, live_table,
                                                           pat):
    client.force_login(supervisor)
    answer = client.post(f"/tables/{live_table.pk}/seats/",
                         {"action": "seat", "seat": "1", "card": f"10042{NUL}"})

    assert answer.status_code == 400
    page = answer.content.decode()
    assert "Not read" in page
    assert "card: &#x27;10042\\u0000&#x27; holds a NUL character (\\u0000)" in page
    assert not Rating.objects.exists()


def test_a_nul_in_a_page_query_gets_a_page_naming_the_parameter(client, supervisor):
    client.force_login(supervisor)
    answer = client.get("/players/?q=Pat%00")

    assert answer.status_code == 400
    assert "q: &#x27;Pat\\u0000&#x27; holds a NUL character" in answer.content.decode()


def test_text_that_may_be_held_goes_through_as_it_was(api, supervisor):
    answer = posted(api, supervisor, "/api/v1/players/",
                    {"card": "10043", "name": "Zoë \U0001f0a1 Ünal", "tier": "gold"})

    assert answer.status_code == 201, answer.json()
    assert Player.objects.get().name == "Zoë \U0001f0a1 Ünal"


# --- The parser's rule, whatever the body -------------------------------------------------

BODIES = st.recursive(st.none() | st.booleans() | st.integers() | TEXT,
                      lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(TEXT, inner, max_size=3), max_leaves=12)


def parsed(body) -> object:
    return JSONParser().parse(BytesIO(json.dumps(body).encode()))


@settings(max_examples=200, deadline=None)
@given(BODIES)
def test_a_body_without_such_text_is_read_as_sent(body):
    assert parsed(body) == body


@settings(max_examples=200, deadline=None)
@given(BODIES, st.sampled_from(UNSTORABLE_TEXT), st.data())
def test_such_text_anywhere_in_a_body_is_refused_where_it_is(body, bad, data):
    path, spoiled_body = data.draw(spoiled(body, bad))
    where = path or ("non_field_errors",)
    with pytest.raises(ValidationError) as refused:
        parsed(spoiled_body)

    node = refused.value.detail
    for key in where:
        node = node[key]
    assert escaped(bad) in str(node[0])
    assert [found for found, _ in unstorable_in(spoiled_body)] == [where]
