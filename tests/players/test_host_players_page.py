"""The host's players page (issue 44, point 12): the players in the order he asks, by
worth or last visit at the chosen casino, his own players first (or only them), or the
latest note first; a player's host and notes kept on his page, through the services."""

from __future__ import annotations

import re
from decimal import Decimal as D

import pytest

from tables.players import services
from tables.players.models import (
    PlayerNote,
    Rating,
    RatingChange,
    RatingFigures,
    Standing,
)
from tests.conftest import make_user
from tests.played import at
from tests.players.test_players import text

pytestmark = pytest.mark.django_db


def listed(client, **asked) -> list[str]:
    page = client.get("/players/", asked).content.decode()
    return re.findall(r'data-player-name="([^"]+)"', page)


@pytest.fixture
def three(rated, host, supervisor, travel):
    """Pat (rated 2026-03-03, worth a few cents), Lee (a visit on 2026-02-01 worth
    50.00), Ann (never rated)."""
    pat = rated[0].player
    lee = services.player_create(actor=host, card="10077", name="Lee Wu")
    ann = services.player_create(actor=host, card="10088", name="Ann Avery")
    visit = Rating.objects.create(player=lee, table=rated[0].table, seat=4,
                                  gaming_day="2026-02-01", started_at=at(2026, 2, 1, 20),
                                  started_by=supervisor)
    RatingChange.objects.create(rating=visit, step="closed", at=at(2026, 2, 1, 21),
                                by=supervisor)
    RatingFigures.objects.create(rating=visit, revision=1, standing=Standing.CLOSED,
                                 seconds_played=3600, hands=60, theoretical_win=D("50.00"),
                                 strategy_cost=D("0.00"))
    return pat, lee, ann


def test_the_host_orders_his_players_by_worth_last_visit_his_own_and_notes(
        client, host, three, travel):
    pat, lee, ann = three
    client.force_login(host)
    assert listed(client) == ["Ann Avery", "Lee Wu", "Pat Q. Player"]  # by name
    assert listed(client, order="worth") == ["Lee Wu", "Pat Q. Player", "Ann Avery"]
    assert listed(client, order="last_visit") == ["Pat Q. Player", "Lee Wu", "Ann Avery"]
    page = text(client.get("/players/", {"order": "worth"}))
    assert "Lee Wu Member Active $50.00 2026-02-01" in page

    services.player_update(actor=host, player=lee, host=host)
    assert listed(client, order="mine") == ["Lee Wu", "Ann Avery", "Pat Q. Player"]
    assert listed(client, mine="1") == ["Lee Wu"]

    travel(at(2026, 3, 4, 10))
    services.note_add(actor=host, player=ann, text="Prefers the quiet table.")
    travel(at(2026, 3, 5, 10))
    services.note_add(actor=host, player=pat, text="Birthday on the 9th: a dinner comp.")
    client.force_login(host)  # a day later: the session of the day before has ended
    assert listed(client, order="notes") == ["Pat Q. Player", "Ann Avery", "Lee Wu"]
    assert "Birthday on the 9th: a dinner comp." in text(client.get("/players/",
                                                                    {"order": "notes"}))


def test_notes_and_the_host_are_kept_on_the_players_page(client, host, pat):
    client.force_login(host)
    empty = client.post(f"/players/{pat.pk}/notes/", {"text": "  "}, follow=True)
    assert "Note: Write the note." in text(empty)
    assert not PlayerNote.objects.exists()
    client.post(f"/players/{pat.pk}/notes/", {"text": "Likes CS-1, seat 7."})
    page = text(client.get(f"/players/{pat.pk}/"))
    assert "Likes CS-1, seat 7. hana_host" in page

    dealer = make_user("dan_dealer_2", "dealer")
    account = {"card": pat.card, "name": pat.name, "tier": "gold", "status": "active"}
    refused = client.post(f"/players/{pat.pk}/", {**account, "host": dealer.pk})
    assert refused.status_code == 400
    client.post(f"/players/{pat.pk}/", {**account, "host": host.pk})
    pat.refresh_from_db()
    assert pat.host == host
    with pytest.raises(Exception, match="is not a host"):
        services.player_update(actor=host, player=pat, host=dealer)


def test_a_note_is_never_changed(pat, host):
    from django.db import DatabaseError, transaction

    note = services.note_add(actor=host, player=pat, text="Comes on Fridays.")
    with pytest.raises(DatabaseError), transaction.atomic():
        PlayerNote.objects.filter(pk=note.pk).update(text="changed")
