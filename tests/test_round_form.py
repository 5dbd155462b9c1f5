"""The dealer's round form answers every mistake of a round at once: what it could not
read (an ante of "abc", a card of junk) beside what the service refuses in the rest (a
duplicate card, an ante over the limit), each on its seat, nothing stored."""

from __future__ import annotations

import re
from html import unescape

import pytest

from payouts.jackpots.models import MeterEntry
from tables.stud.models import StudRound

pytestmark = pytest.mark.django_db

DEALER = "As Kd 7c 4h 2s"


def mistakes_on(response) -> dict[str, list[str]]:
    """The errors shown beside the fields, by the id of the field they are about."""
    shown = re.findall(r'<div class="error" id="([\w-]+)-error">(.*?)</div>',
                       response.content.decode())
    found: dict[str, list[str]] = {}
    for field, words in shown:
        found.setdefault(field, []).append(unescape(words))
    return found


def summary_of(response) -> list[str]:
    listed = response.content.decode().split("Fix these")[1].split("</ul>")[0]
    return [unescape(line) for line in re.findall(r"<li>(.*?)</li>", listed)]


def test_a_duplicate_card_an_ante_over_the_limit_and_abc_are_answered_together(
        client, dealer, live_table):
    client.force_login(dealer)
    response = client.post(f"/dealer/tables/{live_table.pk}/round/", {
        "dealer_cards": DEALER,
        "seat1_ante": "10", "seat1_decision": "raise", "seat1_cards": "As Qs 9d 5c 3h",
        "seat2_ante": "500", "seat2_decision": "raise", "seat2_cards": "Kh Ks 9c 5d 3d",
        "seat3_ante": "abc", "seat3_decision": "fold",
        "seat4_ante": "10", "seat4_decision": "raise", "seat4_cards": "QhQs9d5c3x"})

    assert response.status_code == 400
    assert mistakes_on(response) == {
        "seat1_cards": ["Cards: As appears more than once: in the dealer's cards and seat 1's "
                        "cards; a deck has one of each card."],
        "seat2_ante": ["Ante: an ante of 500.00 is outside this table's limits (5.00 to "
                       "100.00)."],
        "seat3_ante": ["Ante: 'abc' is not an ante: write it like 10 or 12.50."],
        "seat4_cards": ["Cards: 'QhQs9d5c3x' is not a card (after Qh Qs 9d 5c comes '3x'): "
                        "write a rank (2-9, T or 10, J, Q, K, A) and a suit (s, h, d, c), "
                        "e.g. 'As' or '10h'."],
    }
    assert sorted(summary_of(response)) == [
        "Seat 1, cards: As appears more than once: in the dealer's cards and seat 1's cards; "
        "a deck has one of each card.",
        "Seat 2, ante: an ante of 500.00 is outside this table's limits (5.00 to 100.00).",
        "Seat 3, ante: 'abc' is not an ante: write it like 10 or 12.50.",
        "Seat 4, cards: 'QhQs9d5c3x' is not a card (after Qh Qs 9d 5c comes '3x'): write a "
        "rank (2-9, T or 10, J, Q, K, A) and a suit (s, h, d, c), e.g. 'As' or '10h'."]
    assert StudRound.objects.count() == 0


def test_a_field_the_form_could_not_read_keeps_the_forms_words(client, dealer, live_table):
    """The service would refuse the seat's missing decision too: the dealer reads one
    problem per field, the form's."""
    client.force_login(dealer)
    response = client.post(f"/dealer/tables/{live_table.pk}/round/", {
        "dealer_cards": DEALER, "seat1_ante": "10", "seat1_decision": "raise",
        "seat1_cards": "Qh Qs 9d 5c 3h", "seat2_ante": "10", "seat2_decision": "stand",
        "seat2_cards": "Kh Ks 9c 5d 3d"})

    assert response.status_code == 400
    assert mistakes_on(response) == {
        "seat2_decision": ["Raise or fold: 'stand' is not raise or fold."]}


def test_a_round_right_but_for_what_the_form_could_not_read_stores_nothing(
        client, dealer, jackpot_table):
    """The rest is tried through the service and undone: no round, no side wager on the
    meter."""
    client.force_login(dealer)
    entries = MeterEntry.objects.count()
    response = client.post(f"/dealer/tables/{jackpot_table.pk}/round/", {
        "dealer_cards": DEALER, "seat1_ante": "10", "seat1_decision": "raise",
        "seat1_cards": "Qh Qs 9d 5c 3h", "seat1_progressive": "on",
        "seat2_ante": "1O", "seat2_decision": "fold", "seat2_progressive": "on"})

    assert response.status_code == 400
    assert mistakes_on(response) == {
        "seat2_ante": ["Ante: '1O' is not an ante: write it like 10 or 12.50."]}
    assert StudRound.objects.count() == 0
    assert MeterEntry.objects.count() == entries
