"""The chips at a banked table through the services: openers against the last closer,
fills and credits on numbered slips, two signatures, voids by two people, and every
refusal in words, with nothing stored."""

from __future__ import annotations

import re
from decimal import Decimal as D

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from casino.common import credentials
from casino.common.witness import Device
from tables.chips import services as chips
from tables.chips.models import (
    ChipRequest,
    ChipSlip,
    ChipSlipVoid,
    Discrepancy,
    InventorySlip,
    SignerRole,
)
from tables.chips.selectors import open_shift, rules_of
from tests.accounting.conftest import CLOSER, FILL, OPENER
from tests.conftest import make_user
from tests.played import at

pytestmark = pytest.mark.django_db


def message_of(refused: pytest.ExceptionInfo) -> dict:
    error = refused.value
    return getattr(error, "detail", None) or error.message_dict


@pytest.fixture
def opened(live_table, supervisor, travel):
    travel(at(2026, 11, 30, 6, 5))
    chips.inventory_open(actor=supervisor, table=live_table, gaming_day=at(2026, 11, 30, 6).date(),
                         shift=1, chips=OPENER)
    return live_table


def reopen(table, supervisor, counts, shift=2):
    return chips.inventory_open(actor=supervisor, table=table, shift=shift, chips=counts,
                                gaming_day=at(2026, 11, 30, 6).date())


def test_an_opener_matching_the_last_closer_has_no_discrepancy(opened, supervisor):
    chips.inventory_close(actor=supervisor, table=opened, chips=CLOSER)

    opener = reopen(opened, supervisor, CLOSER)

    assert opener.total == D("3411.00")
    assert opener.last_closer.kind == "closer"
    assert not Discrepancy.objects.exists()


@pytest.mark.parametrize(("counts", "difference", "level"), [
    ({**CLOSER, "1": "0"}, D("-1.00"), "noted"),                    # one 1-chip fewer
    ({**CLOSER, "25": "77"}, D("25.00"), "reported"),               # one 25 more
    ({**CLOSER, "100": "14"}, D("-100.00"), "escalated"),           # one 100 fewer
    ({**CLOSER, "5": "7", "25": "75"}, D("0.00"), "noted"),         # same total, other chips
])
def test_an_opener_that_differs_from_the_last_closer_is_a_discrepancy(
        opened, supervisor, counts, difference, level):
    chips.inventory_close(actor=supervisor, table=opened, chips=CLOSER)

    opener = reopen(opened, supervisor, counts)

    found = Discrepancy.objects.get(opener=opener)
    assert (found.difference, found.level) == (difference, level)
    assert (found.report_at, found.escalate_at) == (D("25.00"), D("100.00"))


def test_the_casinos_thresholds_decide_the_level(opened, supervisor, us_casino):
    chips.accounting_rules_set(actor=supervisor, casino=us_casino, report_at=D("1.00"),
                               escalate_at=D("5.00"))
    chips.inventory_close(actor=supervisor, table=opened, chips=CLOSER)

    opener = reopen(opened, supervisor, {**CLOSER, "5": "1"})

    assert opener.discrepancy.level == "escalated"


@pytest.mark.parametrize(("chips_typed", "where", "words"), [
    ({"25": "forty"}, ("chips", "25"), "'forty' is not a number of chips."),
    ({"3": "10"}, ("chips", "3"), "3 is not a chip of this casino; its chips are 1, 2.50, 5, "
                                   "25, 100, 500, 1000, 5000."),
    ({"25": "-4"}, ("chips", "25"), "'-4' is not a number of chips."),
    ({"25": "100001"}, ("chips", "25"), "100001 chips of 25 is more than 100,000 in one "
                                        "count; check the number."),
    ({}, ("chips",), "Give the number of chips of at least one denomination."),
])
def test_chips_that_cannot_be_read_are_refused_by_denomination(live_table, supervisor, travel,
                                                               chips_typed, where, words):
    travel(at(2026, 11, 30, 6, 5))
    with pytest.raises(ValidationError) as refused:
        chips.inventory_open(actor=supervisor, table=live_table, shift=1, chips=chips_typed,
                             gaming_day=at(2026, 11, 30, 6).date())

    detail = message_of(refused)
    for key in where:
        detail = detail[key]
    assert detail == [words]
    assert not InventorySlip.objects.exists()


def test_the_shift_order_is_kept(opened, supervisor, travel):
    with pytest.raises(ValidationError) as still_open:
        reopen(opened, supervisor, OPENER)
    chips.inventory_close(actor=supervisor, table=opened, chips=CLOSER)
    with pytest.raises(ValidationError) as earlier:
        reopen(opened, supervisor, OPENER, shift=1)
    with pytest.raises(ValidationError) as closed:
        chips.inventory_close(actor=supervisor, table=opened, chips=CLOSER)
    with pytest.raises(ValidationError) as future:
        chips.inventory_open(actor=supervisor, table=opened, shift=1, chips=OPENER,
                             gaming_day=at(2026, 12, 1, 6).date())
    with pytest.raises(ValidationError) as no_shift:
        reopen(opened, supervisor, OPENER, shift=4)

    assert message_of(still_open)["shift"] == [
        "CS-1's 2026-11-30 shift 1 is still open: record its closer first (the next opener "
        "is checked against it)."]
    assert message_of(earlier)["shift"] == [
        "CS-1 closed 2026-11-30 shift 1; an opener for 2026-11-30 shift 1 would come before "
        "it. Open a later shift."]
    assert message_of(closed)["shift"] == ["CS-1 has no open shift: record its opener first."]
    assert message_of(future)["gaming_day"] == [
        "2026-12-01 has not begun: Test Harbor's gaming day is 2026-11-30."]
    assert message_of(no_shift)["shift"] == [
        "4 is not a shift: a gaming day has shifts 1, 2 and 3."]
    assert InventorySlip.objects.count() == 2


def test_a_card_room_table_keeps_no_inventory(holdem, supervisor):
    with pytest.raises(ValidationError) as refused:
        chips.inventory_open(actor=supervisor, table=holdem, shift=1, chips=OPENER,
                             gaming_day=holdem.casino.gaming_day(holdem.created_at))

    assert "HE-1 is a card-room table: it keeps no chip inventory" in str(refused.value)


def test_only_the_casinos_supervisors_record_chips(live_table, dealer, accountant, cage,
                                                   travel):
    travel(at(2026, 11, 30, 6, 5))
    for who in (dealer, accountant, cage):
        with pytest.raises(PermissionDenied):
            chips.inventory_open(actor=who, table=live_table, shift=1, chips=OPENER,
                                 gaming_day=at(2026, 11, 30, 6).date())
    stranger = make_user("sid_elsewhere", "supervisor", at=[])
    with pytest.raises(ValidationError, match="is not on the staff"):
        chips.inventory_open(actor=stranger, table=live_table, shift=1, chips=OPENER,
                             gaming_day=at(2026, 11, 30, 6).date())


def test_a_fill_is_issued_on_the_next_number_and_signed_by_two_people(
        opened, supervisor, dealer, cage):
    request = chips.chips_request(actor=supervisor, table=opened, kind="fill", chips=FILL)
    slip = chips.slip_issue(actor=cage, carried_by="Officer Reyes", chip_request=request)

    with pytest.raises(ValidationError) as twice:
        chips.slip_issue(actor=cage, carried_by="Officer Reyes", chip_request=request)
    chips.slip_sign(actor=dealer, slip=slip, role=SignerRole.DEALER)
    with pytest.raises(ValidationError) as again:
        chips.slip_sign(actor=dealer, slip=slip, role=SignerRole.DEALER)
    both = make_user("bo_both", "supervisor", "dealer")
    opened.dealers.add(both)

    assert (slip.number, request.total, request.gaming_day, request.shift) == (
        1, D("1000.00"), at(2026, 11, 30, 6).date(), 1)
    assert "has its slip already" in str(twice.value)
    assert "Slip 1 is signed by its dealer already (dana_dealer)." in str(again.value)
    chips.slip_sign(actor=supervisor, slip=slip, role=SignerRole.SUPERVISOR)
    assert {s.role for s in slip.signatures.all()} == {"dealer", "supervisor"}


def test_one_person_cannot_sign_as_dealer_and_as_supervisor(opened, supervisor, cage):
    both = make_user("bo_both", "supervisor", "dealer")
    opened.dealers.add(both)
    slip = chips.slip_issue(actor=cage, carried_by="Officer Reyes",
                            chip_request=chips.chips_request(
        actor=supervisor, table=opened, kind="credit", chips={"100": "5"}))
    chips.slip_sign(actor=both, slip=slip, role=SignerRole.DEALER)

    with pytest.raises(ValidationError) as refused:
        chips.slip_sign(actor=both, slip=slip, role=SignerRole.SUPERVISOR)

    assert "bo_both signed Slip 1 already: the dealer and the supervisor are two people." in \
        str(refused.value)


def test_only_the_tables_dealer_signs_as_its_dealer(opened, supervisor, other_dealer, cage):
    slip = chips.slip_issue(actor=cage, carried_by="Officer Reyes",
                            chip_request=chips.chips_request(
        actor=supervisor, table=opened, kind="fill", chips=FILL))

    with pytest.raises(PermissionDenied,
                       match=re.escape("Only a dealer of CS-1 signs as its dealer.")):
        chips.slip_sign(actor=other_dealer, slip=slip, role=SignerRole.DEALER)


def test_the_closer_waits_for_the_shifts_slips_to_be_signed(opened, supervisor, dealer, cage):
    slip = chips.slip_issue(actor=cage, carried_by="Officer Reyes",
                            chip_request=chips.chips_request(
        actor=supervisor, table=opened, kind="fill", chips=FILL))
    chips.slip_sign(actor=dealer, slip=slip, role=SignerRole.DEALER)

    with pytest.raises(ValidationError) as refused:
        chips.inventory_close(actor=supervisor, table=opened, chips=CLOSER)
    chips.slip_sign(actor=supervisor, slip=slip, role=SignerRole.SUPERVISOR)

    assert message_of(refused) == {"shift": [
        "Slip 1 of this shift still waits for the supervisor's signature (or a void): sign it "
        "before closing."]}
    assert chips.inventory_close(actor=supervisor, table=opened, chips=CLOSER).kind == "closer"


def test_the_closer_names_what_each_waiting_slip_lacks(opened, supervisor, dealer, cage):
    slips = [chips.slip_issue(actor=cage, carried_by="Officer Reyes",
                            chip_request=chips.chips_request(
        actor=supervisor, table=opened, kind=kind, chips=FILL)) for kind in ("fill", "credit")]
    chips.slip_sign(actor=supervisor, slip=slips[0], role=SignerRole.SUPERVISOR)

    with pytest.raises(ValidationError) as refused:
        chips.inventory_close(actor=supervisor, table=opened, chips=CLOSER)

    assert message_of(refused) == {"shift": [
        "Slips 1 and 2 of this shift still wait for signatures (or a void): slip 1 the "
        "dealer's; slip 2 the dealer's and the supervisor's. Sign them before closing."]}


def test_a_request_of_a_closed_shift_lapses(opened, supervisor, cage):
    request = chips.chips_request(actor=supervisor, table=opened, kind="fill", chips=FILL)
    chips.inventory_close(actor=supervisor, table=opened, chips=CLOSER)

    with pytest.raises(ValidationError) as refused:
        chips.slip_issue(actor=cage, carried_by="Officer Reyes", chip_request=request)

    assert "was for 2026-11-30 shift 1, which is closed" in str(refused.value)
    assert not ChipSlip.objects.exists()


def test_only_the_cage_issues_slips(opened, supervisor):
    request = chips.chips_request(actor=supervisor, table=opened, kind="fill", chips=FILL)
    with pytest.raises(PermissionDenied, match="Only the cage issues"):
        chips.slip_issue(actor=supervisor, carried_by="Officer Reyes", chip_request=request)


def void(slip, actor, witness="wes_witness", password="wes_witness-password-1",
         reason="printed for the wrong table"):
    return chips.slip_void(actor=actor, slip=slip, reason=reason, witness=witness,
                           witness_password=password, device=Device(address=None, path="/"))


@pytest.fixture
def issued(opened, supervisor, cage):
    make_user("wes_witness", "supervisor")
    return chips.slip_issue(actor=cage, carried_by="Officer Reyes",
                            chip_request=chips.chips_request(
        actor=supervisor, table=opened, kind="fill", chips=FILL))


def test_a_void_needs_a_reason_and_a_second_person(issued, cage):
    with pytest.raises(ValidationError) as refused:
        void(issued, cage, witness="", reason=" ")
    with pytest.raises(ValidationError) as self_witness:
        void(issued, cage, witness="cleo_cage")
    with pytest.raises(ValidationError) as wrong_password:
        void(issued, cage, password="guess")

    assert message_of(refused) == {
        "reason": ["Say why slip 1 is void."],
        "witness": ["Name the second person: someone in the cage, a supervisor or an "
                    "accountant of Test Harbor confirms with their own password."]}
    assert message_of(self_witness) == {
        "witness": ["cleo_cage is voiding: the witness is a second person."]}
    assert message_of(wrong_password) == {"witness_password": ["That is not wes_witness's "
                                                               "password."]}
    assert not ChipSlipVoid.objects.exists()


def test_a_dealer_cannot_witness_a_void(issued, cage, dealer):
    with pytest.raises(ValidationError) as refused:
        void(issued, cage, witness="dana_dealer", password="dana_dealer-password-1")

    assert message_of(refused) == {"witness": [
        "dana_dealer is not in the cage, a supervisor or an accountant."]}


def test_a_void_slip_keeps_its_number_and_moves_no_chips(issued, cage, supervisor, dealer):
    voided = void(issued, cage)
    next_slip = chips.slip_issue(
        actor=cage, carried_by="Officer Reyes", chip_request=chips.chips_request(
            actor=supervisor, table=issued.request.table, kind="fill", chips=FILL))

    with pytest.raises(ValidationError, match=re.escape("Slip 1 is void: it moved no chips.")):
        chips.slip_sign(actor=dealer, slip=issued, role=SignerRole.DEALER)
    assert (voided.voided_by.username, voided.witnessed_by.username) == ("cleo_cage",
                                                                         "wes_witness")
    assert voided.witness_credential == credentials.proven(voided.witnessed_by)[0]
    assert next_slip.number == 2
    # The void slip waits for no signature: the shift closes.
    for role, who in ((SignerRole.DEALER, dealer), (SignerRole.SUPERVISOR, supervisor)):
        chips.slip_sign(actor=who, slip=next_slip, role=role)
    chips.inventory_close(actor=supervisor, table=issued.request.table, chips=CLOSER)


def test_a_slip_signed_by_both_is_corrected_by_a_new_slip_not_voided(issued, cage, sign_both):
    sign_both(issued)

    with pytest.raises(ValidationError) as refused:
        void(issued, cage)

    assert "Slip 1 is signed by the dealer and the supervisor: its chips moved." in \
        str(refused.value)


def test_the_accounting_rules_start_from_the_currencys_chips_and_changes_are_audited(
        us_casino, supervisor):
    assert rules_of(us_casino).denominations == [D(d) for d in
                                                ("1", "2.50", "5", "25", "100", "500", "1000",
                                                 "5000")]
    with pytest.raises(ValidationError) as refused:
        chips.accounting_rules_set(actor=supervisor, casino=us_casino, report_at=D(50),
                                   escalate_at=D(40), confidence=D("1.2"))

    rules = chips.accounting_rules_set(actor=supervisor, casino=us_casino,
                                       variance_at=D("10.00"))
    assert message_of(refused) == {
        "escalate_at": ["40 is below the reporting threshold 50: escalate at that much or "
                        "more."],
        "confidence": ["1.2 is not a confidence: give a share above 0.5 and below 0.9999, "
                       "e.g. 0.99."]}
    event = rules.events.get()
    assert (event.variance_at, event.pgh_context.metadata["user"]) == (D("10.00"),
                                                                       supervisor.pk)


def test_a_credit_needs_chips_and_a_kind(opened, supervisor):
    with pytest.raises(ValidationError, match=re.escape("'both' is neither a fill nor a credit.")):
        chips.chips_request(actor=supervisor, table=opened, kind="both", chips=FILL)
    assert not ChipRequest.objects.exists()
    assert open_shift(opened).total == D("3500.00")
