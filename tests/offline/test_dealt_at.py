"""Issue 33: a round or hand a dealer's tablet queued offline arrives with the time it was
dealt (``dealt_at``): it lands on that time's gaming day and shift while they are open,
is refused in words once they are closed or when it waited too long, and a supervisor's
late entry records it on the books open now."""

import datetime as dt
from decimal import Decimal as D

import pytest
from django.core.exceptions import ValidationError

from tables.chips import services as chips
from tables.chips.models import SignerRole
from tables.poker.models import PokerHand
from tables.poker.services import poker_hand_record
from tables.stud.models import StudRound
from tables.stud.services import stud_round_record
from tests.helpers import CONTRACT_ROUND
from tests.played import at

pytestmark = pytest.mark.django_db
URL = "/api/v1/tables/{}/stud-rounds/"


def posted(api, dealer, table, dealt_at, key="tablet-1"):
    return api.as_user(dealer).post(URL.format(table.pk), {**CONTRACT_ROUND,
                                                           "dealt_at": dealt_at.isoformat()},
                                    format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_a_queued_round_lands_on_the_day_and_shift_it_was_dealt_in(api, dealer, live_table,
                                                                   travel):
    # Dealt at 13:50 in shift 1 (06:00 to 14:00), sent at 14:20 in shift 2.
    travel(at(2026, 11, 30, 14, 20))
    answer = posted(api, dealer, live_table, at(2026, 11, 30, 13, 50))

    assert answer.status_code == 201, answer.json()
    round_ = StudRound.objects.get()
    assert (round_.gaming_day, round_.shift) == (dt.date(2026, 11, 30), 1)
    assert round_.dealt_at == at(2026, 11, 30, 13, 50)
    assert round_.recorded_at == at(2026, 11, 30, 14, 20)
    assert answer.json()["dealt_at"] == "2026-11-30T13:50:00-05:00"
    assert answer.json()["shift"] == 1

    # Its answer lost, the tablet sends it again: the first record, 200, nothing doubled.
    travel(at(2026, 11, 30, 14, 21))
    again = posted(api, dealer, live_table, at(2026, 11, 30, 13, 50))
    assert again.status_code == 200
    assert again.json()["id"] == round_.pk
    assert StudRound.objects.count() == 1


def test_a_round_sent_as_it_is_dealt_keeps_no_dealt_time(api, dealer, live_table, travel):
    travel(at(2026, 11, 30, 9, 0))
    answer = posted(api, dealer, live_table, at(2026, 11, 30, 8, 59) + dt.timedelta(seconds=30))

    assert answer.status_code == 201
    assert StudRound.objects.get().shift == 1
    assert answer.json()["recorded_at"] == "2026-11-30T09:00:00-05:00"


def test_a_round_from_a_tablet_whose_clock_runs_ahead_is_refused(api, dealer, live_table,
                                                                 travel):
    travel(at(2026, 11, 30, 9, 0))
    answer = posted(api, dealer, live_table, at(2026, 11, 30, 9, 10))

    assert answer.status_code == 400
    assert answer.json() == {"dealt_at": [
        "Dealt at 2026-11-30 09:10:00 EST is later than now (09:00:00 EST) by the casino's "
        "clock: the tablet's clock runs ahead. Nothing was recorded; the tablet now keeps "
        "the casino's time: send it again."]}
    assert not StudRound.objects.exists()


@pytest.mark.parametrize("ahead", [dt.timedelta(seconds=1), dt.timedelta(minutes=1, seconds=59)])
def test_a_dealt_time_ahead_of_the_services_clock_by_however_little_is_refused(
        api, dealer, live_table, travel, ahead):
    """Issue 44: a tablet up to two minutes ahead was taken; the tablet keeps the
    service's time now (static/js/offline/queue.js), so any time ahead is refused."""
    travel(at(2026, 11, 30, 9, 0))
    answer = posted(api, dealer, live_table, at(2026, 11, 30, 9, 0) + ahead)

    assert answer.status_code == 400
    assert "the tablet's clock runs ahead" in answer.json()["dealt_at"][0]
    assert not StudRound.objects.exists()


def test_a_dealt_time_without_its_utc_offset_is_refused_for_rounds_hands_and_held_entries(
        api, dealer, live_table, holdem, travel):
    """Issue 44: "2026-11-30T09:00:00" was read on the service's clock (UTC), five hours
    from the casino's 09:00."""
    from tables.offline.models import HeldEntry
    from tables.poker.models import PokerHand

    travel(at(2026, 11, 30, 9, 30))
    naive = "2026-11-30T09:00:00"
    said = ["Say when it was dealt with its offset from UTC, like 2026-11-30T09:00:00-05:00: "
            "a time without one could be any clock's."]
    api.as_user(dealer)
    round_ = api.post(URL.format(live_table.pk), {**CONTRACT_ROUND, "dealt_at": naive},
                      format="json", HTTP_IDEMPOTENCY_KEY="naive-1")
    hand = api.post(f"/api/v1/tables/{holdem.pk}/poker-hands/",
                    {"pot": "85.00", "flop_dealt": True, "dealt_at": naive}, format="json",
                    HTTP_IDEMPOTENCY_KEY="naive-2")
    held = api.post("/api/v1/held-entries/", {
        "table": live_table.pk, "kind": "stud_round",
        "body": {**CONTRACT_ROUND, "dealt_at": naive}}, format="json",
        HTTP_IDEMPOTENCY_KEY="naive-3")

    assert (round_.status_code, round_.json()) == (400, {"dealt_at": said})
    assert (hand.status_code, hand.json()) == (400, {"dealt_at": said})
    assert (held.status_code, held.json()) == (400, {"dealt_at": said})
    assert not StudRound.objects.exists()
    assert not PokerHand.objects.exists()
    assert not HeldEntry.objects.exists()


def test_a_round_queued_too_long_waits_for_a_supervisor(api, dealer, live_table, travel,
                                                        settings):
    settings.QUEUED_ENTRY_MAX_AGE_MINUTES = 90
    travel(at(2026, 11, 30, 12, 0))
    answer = posted(api, dealer, live_table, at(2026, 11, 30, 10, 29))

    assert answer.status_code == 400
    assert answer.json() == {"dealt_at": [
        "Dealt at 2026-11-30 10:29 EST, this stud round waited longer than a queued one may "
        "(1 hour 30 minutes): a supervisor confirms it before it is recorded."]}
    assert not StudRound.objects.exists()

    round_, created = stud_round_record(actor=dealer, table=live_table, **_checked(),
                                        dealt_at=at(2026, 11, 30, 10, 29), late_entry=True)
    assert created
    assert (round_.gaming_day, round_.shift, round_.dealt_at) == (
        dt.date(2026, 11, 30), 1, at(2026, 11, 30, 10, 29))


def _checked():
    """CONTRACT_ROUND as the service takes it (amounts as decimals)."""
    return {"dealer_cards": CONTRACT_ROUND["dealer_cards"],
            "seats": [{**seat, "ante": D(seat["ante"])} for seat in CONTRACT_ROUND["seats"]]}


@pytest.fixture
def banked_shift(live_table, supervisor, dealer, travel):
    """CS-1 in a casino that keeps its table inventory here: shift 1 of 2026-11-30 opened
    at 06:05, signed by both."""
    chips.accounting_rules_set(actor=supervisor, casino=live_table.casino,
                               inventory_in_service=True)
    travel(at(2026, 11, 30, 6, 5))
    opener = chips.inventory_open(actor=supervisor, table=live_table,
                                  gaming_day=dt.date(2026, 11, 30), shift=1,
                                  chips={"100": "20"})
    chips.inventory_sign(actor=dealer, slip=opener, role=SignerRole.DEALER)
    return live_table


def test_a_round_dealt_in_a_shift_its_closer_closed_is_refused_then_entered_late(
        api, dealer, supervisor, banked_shift, travel):
    table = banked_shift
    travel(at(2026, 11, 30, 13, 58))
    chips.inventory_close(actor=supervisor, table=table, chips={"100": "20"})
    travel(at(2026, 11, 30, 14, 3))
    opener = chips.inventory_open(actor=supervisor, table=table,
                                  gaming_day=dt.date(2026, 11, 30), shift=2,
                                  chips={"100": "20"})
    chips.inventory_sign(actor=dealer, slip=opener, role=SignerRole.DEALER)
    travel(at(2026, 11, 30, 14, 10))

    answer = posted(api, dealer, table, at(2026, 11, 30, 13, 50))

    assert answer.status_code == 400
    assert answer.json() == {"dealt_at": [
        "This was dealt at 13:50 EST, in 2026-11-30 shift 1; CS-1's open shift is now "
        "2026-11-30 shift 2: the shift it was dealt in is closed, so a supervisor enters it "
        "late, on the open shift."]}
    assert not StudRound.objects.exists()

    round_, _ = stud_round_record(actor=dealer, table=table, **_checked(),
                                  dealt_at=at(2026, 11, 30, 13, 50), late_entry=True)
    assert (round_.gaming_day, round_.shift) == (dt.date(2026, 11, 30), 2)


def test_a_round_dealt_in_a_shift_still_open_lands_on_it(api, dealer, banked_shift, travel):
    travel(at(2026, 11, 30, 9, 30))
    answer = posted(api, dealer, banked_shift, at(2026, 11, 30, 9, 0))

    assert answer.status_code == 201
    assert StudRound.objects.get().shift == 1


def test_a_hand_dealt_in_a_gaming_day_since_closed_is_refused_in_words(dealer, holdem,
                                                                       travel):
    from tables.reports.closing import close_day

    travel(at(2026, 12, 1, 6, 30))
    close_day(holdem.casino, dt.date(2026, 11, 30))
    with pytest.raises(ValidationError) as refused:
        poker_hand_record(actor=dealer, table=holdem, pot=D("85.00"), flop_dealt=True,
                          dealt_at=at(2026, 12, 1, 5, 50), idempotency_key="h1")

    assert refused.value.message_dict == {"dealt_at": [
        "Dealt at 2026-12-01 05:50 EST, this poker hand belongs to gaming day 2026-11-30, "
        "whose books Test Harbor has closed since: a supervisor enters it late, on the books "
        "open now."]}
    assert not PokerHand.objects.exists()

    hand, _ = poker_hand_record(actor=dealer, table=holdem, pot=D("85.00"), flop_dealt=True,
                                dealt_at=at(2026, 12, 1, 5, 50), late_entry=True)
    assert (hand.gaming_day, hand.dealt_at) == (dt.date(2026, 12, 1), at(2026, 12, 1, 5, 50))


def test_a_queued_hand_lands_on_its_day_and_does_not_move_the_floor(dealer, other_dealer,
                                                                    holdem, supervisor,
                                                                    travel):
    from tables.pit import services as pit
    from tables.pit.models import DealerMove

    travel(at(2026, 11, 30, 5, 50))
    hand, _ = poker_hand_record(actor=dealer, table=holdem, pot=D("85.00"), flop_dealt=True)
    assert hand.gaming_day == dt.date(2026, 11, 29)
    # The dealer went on his break and another took the table; his queued hand arrives.
    travel(at(2026, 11, 30, 6, 10))
    holdem.dealers.add(other_dealer)
    pit.dealer_clock_in(actor=supervisor, casino=holdem.casino, dealer=other_dealer)
    pit.dealer_relieve(actor=supervisor, table=holdem, relief=other_dealer)
    moves = DealerMove.objects.count()
    hand, _ = poker_hand_record(actor=dealer, table=holdem, pot=D("24.00"), flop_dealt=True,
                                dealt_at=at(2026, 11, 30, 5, 58))

    assert (hand.gaming_day, hand.shift) == (dt.date(2026, 11, 29), 3)
    assert DealerMove.objects.count() == moves
    assert DealerMove.objects.latest("at", "id").dealer == other_dealer


def test_the_dealt_time_is_sealed_with_its_round_and_a_round_without_one_as_before(
        api, dealer, live_table, as_owner, travel):
    from django.db import connection

    from casino.common.chains import breaks

    travel(at(2026, 11, 30, 9, 30))
    queued = posted(api, dealer, live_table, at(2026, 11, 30, 9, 0)).json()["id"]
    plain = api.post(URL.format(live_table.pk), {**CONTRACT_ROUND, "up_card": "Kd"},
                     format="json").json()["id"]
    with connection.cursor() as cursor:  # what COMMIT does to the deferred sealing
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        cursor.execute("SELECT tables_record_content('stud_round', %s)", [queued])
        assert cursor.fetchone()[0].endswith(" dealt 2026-11-30T14:00:00.000000")
        cursor.execute("SELECT tables_record_content('stud_round', %s)", [plain])
        assert cursor.fetchone()[0].endswith(', "Kd"]')   # the up card, sealed as before
    assert breaks() == []

    as_owner("UPDATE tables_studround SET dealt_at = dealt_at - interval '1 hour' "
             "WHERE id = %s", [queued], table="tables_studround")

    assert [b["broken"] for b in breaks()] == ["content"]
