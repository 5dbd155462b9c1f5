"""Issue 44, point 6: a held round refused for its ante was offered "Enter late", which
could never succeed, and nobody could correct it. The Pit overview now says up front why
entering it as sent would be refused; the supervisor corrects its fields (the dealer's
round kept as his tablet sent it, the correction a record of its own: who, when, what
changed) and enters it late. A late entry is recorded in the name of the dealer who dealt
it, whether or not he deals at that table now."""

import datetime as dt
import html
from decimal import Decimal

import pytest

from tables.offline.correcting import form_fields
from tables.offline.models import HeldCorrection, HeldEntry, HeldResolution
from tables.stud.models import StudRound
from tests.offline.conftest import DEALT_AT_STAYS, HELD
from tests.played import at

pytestmark = pytest.mark.django_db


def as_shown(held: HeldEntry, **changed: str) -> dict:
    """What the correction page posts: every field as it shows it, ``changed`` typed over
    (by the field's name, dots as double underscores: seats__0__ante)."""
    top, seats = form_fields(held.kind, held.body)
    posted = {field["name"]: field["value"]
              for field in [*top, *(f for seat in seats for f in seat["fields"])]
              if field["shape"] != "yes" or field["value"]}
    posted.update({name.replace("__", "."): value for name, value in changed.items()})
    return posted


def test_the_pit_says_why_enter_late_alone_will_not_work_and_offers_the_correction(
        client, supervisor, refused):
    held, _ = refused
    client.force_login(supervisor)

    page = client.get("/pit/").content.decode()

    assert ("<li>Seat 1: an ante of 150.00 is outside this table&#x27;s limits (5.00 to "
            "100.00).</li>") in page
    assert ("<strong>Entering it late as it was sent would be refused for the same "
            "reason.</strong> Correct it first, or discard it.") in page
    assert f"/pit/held/{held['id']}/enter-late/" not in page   # no button that cannot work
    assert f'href="/pit/held/{held["id"]}/correct/">Correct and enter late' in page


def test_a_supervisor_corrects_the_ante_and_enters_it_late_the_dealers_round_kept(
        client, api, dealer, supervisor, refused, travel):
    held, body = refused
    entry = HeldEntry.objects.get(pk=held["id"])
    client.force_login(supervisor)
    url = f"/pit/held/{held['id']}/correct/"

    form = client.get(url)
    assert form.status_code == 200
    shown = form.content.decode()
    assert 'name="seats.0.ante" value="150.00"' in shown
    assert "Entering it late as it was sent would be refused:" in shown

    travel(at(2026, 11, 30, 9, 40))
    asked = client.post(url, as_shown(entry, seats__0__ante="100.00"))
    question = asked.content.decode()
    assert asked.status_code == 200
    assert "Seat 1, ante: 150.00 → 100.00" in question
    assert "What his tablet sent is kept as it was" in question
    assert not StudRound.objects.exists()   # asked first: nothing written
    assert not HeldCorrection.objects.exists()
    assert not HeldResolution.objects.exists()

    done = client.post(url, {**as_shown(entry, seats__0__ante="100.00"), "confirm": "yes"},
                       follow=True)
    round_ = StudRound.objects.get()
    assert (f"Round {round_.pk} at CS-1 is entered late, in {dealer.username}'s name, with "
            "your correction.") in html.unescape(done.content.decode())
    assert (round_.dealer, round_.dealt_at, round_.gaming_day) == (
        dealer, at(2026, 11, 30, 9, 0), dt.date(2026, 11, 30))
    assert round_.seats.get(seat=1).ante == Decimal("100.00")
    entry.refresh_from_db()
    assert entry.body == body                                  # the dealer's, as sent
    correction = HeldCorrection.objects.get(held=entry)
    assert (correction.by, correction.at, correction.changes) == (
        supervisor, at(2026, 11, 30, 9, 40), [["seats.0.ante", "150.00", "100.00"]])
    resolution = HeldResolution.objects.get(held=entry)
    assert (resolution.outcome, resolution.by, resolution.stud_round) == (
        "late_entry", supervisor, round_)
    shown = api.as_user(supervisor).get(f"{HELD}{held['id']}/").json()
    assert shown["correction"]["changes"] == [["seats.0.ante", "150.00", "100.00"]]
    assert shown["correction"]["by"] == supervisor.username
    assert shown["body"] == body


def test_a_correction_the_service_would_refuse_is_said_beside_its_field_and_kept_nowhere(
        client, supervisor, refused):
    held, _ = refused
    entry = HeldEntry.objects.get(pk=held["id"])
    client.force_login(supervisor)

    answer = client.post(f"/pit/held/{held['id']}/correct/",
                         as_shown(entry, seats__0__ante="120.00"))

    page = answer.content.decode()
    assert answer.status_code == 400
    assert "Not entered: your correction would be refused." in page
    assert 'name="seats.0.ante" value="120.00" autocomplete="off"' in page
    assert ('aria-invalid="true" aria-describedby="f-seats-0-ante-error"' in page)
    assert ('<div class="error" id="f-seats-0-ante-error">Seat 1: an ante of 120.00 is outside '
            "this table&#x27;s limits (5.00 to 100.00).</div>") in page
    assert not StudRound.objects.exists()
    assert not HeldCorrection.objects.exists()
    assert not HeldResolution.objects.exists()


def test_enter_late_takes_the_supervisors_correction_through_the_api_its_dealt_time_as_held(
        api, dealer, supervisor, refused):
    held, body = refused
    api.as_user(supervisor)
    moved = {**body, "seats": [{**body["seats"][0], "ante": "100.00"}],
             "dealt_at": "2026-11-30T09:25:00-05:00"}

    refused_move = api.post(f"{HELD}{held['id']}/enter-late/", {"body": moved}, format="json")
    assert refused_move.status_code == 400
    assert refused_move.json() == {"dealt_at": [
        DEALT_AT_STAYS.format("2026-11-30 09:00:00 EST")]}
    entered = api.post(f"{HELD}{held['id']}/enter-late/",
                       {"body": {k: v for k, v in moved.items() if k != "dealt_at"}},
                       format="json")

    assert entered.status_code == 201, entered.json()
    assert entered.json()["seats"][0]["ante"] == "100.00"
    assert StudRound.objects.get().dealer == dealer
    correction = HeldCorrection.objects.get()
    assert correction.changes == [["seats.0.ante", "150.00", "100.00"]]
    assert correction.body["dealt_at"] == body["dealt_at"]


def test_a_supervisor_enters_late_a_round_of_a_dealer_taken_off_the_table(
        api, client, dealer, supervisor, live_table, closed_day_held):
    """Taken off CS-1 after his round was held, the dealer is still the casino's: the
    round is entered late in his name (it was a 403, "... is not assigned")."""
    from tables.floor.services import table_configure

    held, _ = closed_day_held
    table_configure(actor=supervisor, table=live_table, dealers=[])
    client.force_login(supervisor)
    page = client.get("/pit/").content.decode()
    assert f"/pit/held/{held['id']}/enter-late/" in page          # it would be entered
    assert "would be refused" not in page

    entered = api.as_user(supervisor).post(f"{HELD}{held['id']}/enter-late/")

    assert entered.status_code == 201, entered.json()
    round_ = StudRound.objects.get()
    assert (round_.dealer, round_.gaming_day) == (dealer, dt.date(2026, 12, 1))
    assert not live_table.dealers.filter(pk=dealer.pk).exists()   # the floor as it was


def test_a_round_of_someone_no_longer_a_dealer_here_is_said_so_and_not_entered(
        api, client, dealer, supervisor, live_table, closed_day_held):
    held, _ = closed_day_held
    live_table.casino.staff.remove(dealer)
    words = (f"{dealer.username} is no longer a dealer of Test Harbor: a late entry is "
             "recorded in the name of the dealer who dealt it. Discard it, saying why, and "
             "record what was dealt another way.")
    client.force_login(supervisor)
    assert words in html.unescape(client.get("/pit/").content.decode())

    answer = api.as_user(supervisor).post(f"{HELD}{held['id']}/enter-late/")

    assert (answer.status_code, answer.json()) == (400, {"held": [words]})
    assert not StudRound.objects.exists()


def test_the_dealers_own_correction_is_kept_with_what_he_changed(api, dealer, refused):
    held, body = refused
    fixed = {**body, "seats": [{**body["seats"][0], "ante": "100.00"}]}

    sent = api.as_user(dealer).post(f"{HELD}{held['id']}/send/", {"body": fixed},
                                    format="json")

    assert sent.status_code == 201, sent.json()
    correction = HeldCorrection.objects.get()
    assert (correction.by, correction.changes) == (dealer, [["seats.0.ante", "150.00", "100.00"]])
    assert HeldEntry.objects.get().body == body


def test_a_held_poker_hand_is_corrected_by_its_own_fields(client, dealer, supervisor, holdem,
                                                         api, travel):
    """A quick hand (its pot, the flop, the players, the winner) is corrected the same way:
    held for a closed day, its pot typed 58 for 85; corrected, it is entered late."""
    from tables.poker.models import PokerHand
    from tables.reports.closing import close_day

    travel(at(2026, 12, 1, 6, 30))
    close_day(holdem.casino, dt.date(2026, 11, 30))
    body = {"pot": "58.00", "flop_dealt": True, "dealt_at": at(2026, 12, 1, 5, 50).isoformat()}
    api.as_user(dealer)
    assert api.post(f"/api/v1/tables/{holdem.pk}/poker-hands/", body, format="json",
                    HTTP_IDEMPOTENCY_KEY="hand-1").status_code == 400
    held = api.post(HELD, {"table": holdem.pk, "kind": "poker_hand", "body": body},
                    format="json", HTTP_IDEMPOTENCY_KEY="hand-1").json()
    entry = HeldEntry.objects.get(pk=held["id"])
    client.force_login(supervisor)
    url = f"/pit/held/{held['id']}/correct/"

    page = client.get(url).content.decode()
    assert 'name="pot" value="58.00"' in page
    assert '<option value="yes" selected>yes</option>' in page   # the flop, dealt
    asked = client.post(url, as_shown(entry, pot="85.00")).content.decode()
    assert "Pot: 58.00 → 85.00" in asked
    client.post(url, {**as_shown(entry, pot="85.00"), "confirm": "yes"})

    hand = PokerHand.objects.get()
    assert (hand.pot, hand.dealer, hand.gaming_day) == (Decimal("85.00"), dealer,
                                                        dt.date(2026, 12, 1))
    assert HeldCorrection.objects.get().changes == [["pot", "58.00", "85.00"]]

