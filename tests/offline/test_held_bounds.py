"""Issue 44, point 15: a held entry's dealt time is fixed once held (a dealer re-sending
it re-dated to now put a closed day's round on today's books, no supervisor asked), and
bounded by the entry's own (2001-09-11 was held and entered late); the refusal a
supervisor reads is the service's words, never the tablet's; and no character of any
field (a NUL, half a UTF-16 pair) is a 500."""

import datetime as dt
import json

import pytest

from casino.common.text import unstorable
from tables.offline.models import HeldCorrection, HeldEntry, HeldResolution
from tables.stud.models import StudRound
from tests.helpers import CONTRACT_ROUND
from tests.offline.conftest import DEALT_AT_STAYS, HELD
from tests.played import at


def hold(api, table, body, key="tab-5", refusal=None):
    """Held as the tablet holds it (its own copy of the refusal sent too, as it was)."""
    return api.post(HELD, {"table": table.pk, "kind": "stud_round", "body": body,
                           "refusal": refusal or {}}, format="json", HTTP_IDEMPOTENCY_KEY=key)


@pytest.mark.django_db
def test_a_dealer_re_sending_a_closed_days_round_dated_now_is_refused(api, dealer,
                                                                       closed_day_held):
    held, body = closed_day_held
    api.as_user(dealer)

    redated = api.post(f"{HELD}{held['id']}/send/",
                       {"body": {**body, "dealt_at": at(2026, 12, 1, 6, 30).isoformat()}},
                       format="json")

    assert redated.status_code == 400
    assert redated.json() == {"dealt_at": [DEALT_AT_STAYS.format("2026-12-01 05:40:00 EST")]}
    # Left out, the time it was held with: still the closed day's, still refused.
    undated = api.post(f"{HELD}{held['id']}/send/",
                       {"body": {k: v for k, v in body.items() if k != "dealt_at"}},
                       format="json")
    assert undated.status_code == 400
    assert "a supervisor enters it late" in undated.json()["dealt_at"][0]
    assert not StudRound.objects.exists()
    assert not HeldResolution.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("dealt_at", "words"), [
    (dt.datetime(2001, 9, 11, 8, 46, tzinfo=dt.UTC),
     "Dealt at 2001-09-11 04:46:00 EDT, 9211 days before it was held: no tablet keeps a "
     "round that long (7 days at most), so its clock was wrong, and when it was dealt is "
     "not known."),
    (at(2026, 11, 30, 9, 30) + dt.timedelta(seconds=1),
     "Dealt at 2026-11-30 09:30:01 EST, later than it was held (2026-11-30 09:30:00 EST): "
     "the tablet's clock ran ahead, and when it was dealt is not known.")])
def test_a_round_dealt_long_before_or_after_it_arrives_is_not_held(api, dealer, live_table,
                                                                   travel, dealt_at, words):
    travel(at(2026, 11, 30, 9, 30))
    api.as_user(dealer)

    answer = hold(api, live_table, {**CONTRACT_ROUND, "dealt_at": dealt_at.isoformat()})

    assert (answer.status_code, answer.json()) == (400, {"dealt_at": [words]})
    assert not HeldEntry.objects.exists()


@pytest.mark.django_db
def test_enter_late_is_bounded_by_the_held_entrys_own_time(api, dealer, supervisor,
                                                          live_table, travel):
    """An entry held before the bound (as 2001-09-11 was) is not entered late."""
    travel(at(2026, 11, 30, 9, 30))
    body = {**CONTRACT_ROUND, "dealt_at": "2001-09-11T08:46:00+00:00"}
    held = HeldEntry.objects.create(
        table=live_table, dealer=dealer, kind="stud_round", body=body, idempotency_key="old",
        dealt_at=dt.datetime(2001, 9, 11, 8, 46, tzinfo=dt.UTC), refusal={})

    answer = api.as_user(supervisor).post(f"{HELD}{held.pk}/enter-late/")

    assert answer.status_code == 400
    assert "9211 days before it was held" in answer.json()["dealt_at"][0]
    assert not StudRound.objects.exists()


@pytest.mark.django_db
def test_the_refusal_kept_is_the_services_words_never_the_tablets(api, client, dealer,
                                                                  supervisor, live_table,
                                                                  travel):
    travel(at(2026, 11, 30, 9, 30))
    body = {**CONTRACT_ROUND, "dealt_at": at(2026, 11, 30, 9, 0).isoformat(),
            "seats": [{**CONTRACT_ROUND["seats"][0], "ante": "150.00"}]}
    planted = {"seats": ["Approved by the shift manager: enter it late at once."]}

    answer = hold(api.as_user(dealer), live_table, body, refusal=planted)

    assert answer.status_code == 201
    assert answer.json()["refusal"] == {"seats": {"0": {"ante": [
        "Seat 1: an ante of 150.00 is outside this table's limits (5.00 to 100.00)."]}}}
    client.force_login(supervisor)
    assert "shift manager" not in client.get("/pit/").content.decode()


@pytest.mark.django_db
def test_a_round_the_service_would_record_now_is_not_held(api, dealer, live_table, travel):
    """Refused a moment ago (a limit lowered, raised again since): 409, the tablet sends it
    again."""
    travel(at(2026, 11, 30, 9, 30))
    body = {**CONTRACT_ROUND, "dealt_at": at(2026, 11, 30, 9, 0).isoformat()}

    answer = hold(api.as_user(dealer), live_table, body)

    assert (answer.status_code, answer.json()) == (409, {"held": [
        "Nothing to hold: this stud round is recorded as it is now. The tablet sends it "
        "again."]})
    assert not HeldEntry.objects.exists()
    assert not StudRound.objects.exists()


# --- No character of any field is a 500 -----------------------------------------------

BAD = ["\u0000", "\ud800", "As\u0000", "K\udfffd"]


def raw(api, url, body, **headers):
    """JSON as a client sends it: escaped (\\ud800), which Python reads back as the lone
    surrogate itself."""
    return api.post(url, data=json.dumps(body), content_type="application/json", **headers)


def bodies(bad: str) -> list[tuple[str, dict]]:
    round_ = {**CONTRACT_ROUND, "dealt_at": at(2026, 11, 30, 9, 0).isoformat()}
    seat = round_["seats"][0]
    return [
        ("kind", {"kind": bad, "body": round_}),
        ("table", {"kind": "stud_round", "table": bad, "body": round_}),
        ("body.dealer_cards", {"kind": "stud_round", "body": {**round_, "dealer_cards": [bad]}}),
        ("body.seats.0.decision", {"kind": "stud_round", "body": {
            **round_, "seats": [{**seat, "decision": bad}]}}),
        ("body.void", {"kind": "stud_round", "body": {**round_, "void": bad}}),
        ("body.dealt_at", {"kind": "stud_round", "body": {**round_, "dealt_at": bad}}),
        ("body (a key)", {"kind": "stud_round", "body": {**round_, bad: 1}}),
        ("refusal", {"kind": "stud_round", "body": round_, "refusal": {"seats": [bad]}}),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("bad", BAD, ids=["nul", "surrogate", "nul-inside", "low-surrogate"])
def test_no_character_in_a_held_entrys_fields_is_a_500(api, client, dealer, supervisor,
                                                       live_table, refused, bad):
    held, body = refused
    api.as_user(dealer)
    answers = {field: raw(api, HELD, {"table": live_table.pk, **sent},
                          HTTP_IDEMPOTENCY_KEY="tab-bad")
               for field, sent in bodies(bad)}
    answers["the Idempotency-Key"] = raw(api, HELD, {"table": live_table.pk,
                                                     "kind": "stud_round", "body": body},
                                         HTTP_IDEMPOTENCY_KEY=f"tab{bad}")
    answers["send"] = raw(api, f"{HELD}{held['id']}/send/",
                          {"body": {**body, "up_card": bad}})
    answers["discard"] = raw(api, f"{HELD}{held['id']}/discard/", {"reason": f"why{bad}"})
    api.as_user(supervisor)
    answers["enter-late"] = raw(api, f"{HELD}{held['id']}/enter-late/",
                                {"body": {**body, "seats": [{**body["seats"][0],
                                                             "ante": bad}]}})

    assert {field: answer.status_code for field, answer in answers.items()} == {
        field: 400 for field in answers}
    # The same words as every door's (casino.common.text), at the field's place.
    assert answers["body.seats.0.decision"].json() == {
        "body": {"seats": {"0": {"decision": [unstorable(bad)]}}}}
    assert answers["discard"].json() == {"reason": [unstorable(f"why{bad}")]}
    assert HeldEntry.objects.count() == 1
    assert not HeldResolution.objects.exists()

    # The supervisor's pages: a reason or a correction typed with a NUL (a form cannot
    # carry half a pair: the browser sends a replacement character).
    client.force_login(supervisor)
    if "\u0000" in bad:
        discarded = client.post(f"/pit/held/{held['id']}/discard/", {"reason": f"why{bad}"})
        assert discarded.status_code == 400
        assert "reason: &#x27;why" in discarded.content.decode()
        assert "holds a NUL character" in discarded.content.decode()
        corrected = client.post(f"/pit/held/{held['id']}/correct/", {"seats.0.ante": bad})
        assert corrected.status_code == 400
        assert "seats.0.ante: &#x27;" in corrected.content.decode()
    assert not HeldResolution.objects.exists()
    assert not HeldCorrection.objects.exists()
