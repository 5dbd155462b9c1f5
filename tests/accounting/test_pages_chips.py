"""The chips on the pages: the pit's table states and forms (opener, closer, fill,
credit), the signatures from the dealer's and the pit's pages, a casino's accounting
rules (the cage's pages: test_pages_cage.py). Each refusal is a 400 (or a message back on
the page a button was on) in words naming the field and the value; a refused write
stores nothing."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from tables.chips.models import (
    AccountingRules,
    ChipRequest,
    ChipSlip,
    ChipSlipSignature,
    InventorySignature,
    InventorySlip,
)
from tests.accounting.conftest import CLOSER
from tests.played import at

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode()


def boxes(chips: dict) -> dict:
    """A count as the form's boxes: {'25': '40'} -> {'chips_25': '40'}."""
    return {f"chips_{key.replace('.', '_')}": count for key, count in chips.items()}


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


# --- The pit's chips page -------------------------------------------------------------


def test_the_chips_page_shows_each_banked_tables_shift_slips_and_differences(
        accounting_floor, client, supervisor):
    client.force_login(supervisor)

    page = text(client.get("/pit/chips/"))

    # Test Harbor keeps its inventory here: shift 2's opener waits for the dealer.
    assert ("Closed: the opener of 2026-11-30 shift 2 waits for the dealer&#x27;s "
            "signature</span>") in page
    assert "$3,500.00" in page           # the opener
    assert "$1,000.00" in page           # the fill the cage issued
    assert "1 request waiting at the cage" in page
    assert "HE-1" not in page            # a card-room table keeps no chips
    # the fill slip waits for the supervisor (and the dealer)
    assert "Fill slip <strong>3</strong>" in page
    assert "40 x 25 = $1,000.00" in page
    assert "dealer: waiting<br>supervisor: waiting" in page
    assert ("$89.00 more than the closer of 2026-11-30 shift 1 (1 fewer of 1, 98 more of 5, "
            "36 fewer of 25, 5 more of 100): reported to the pit.") in page
    assert ("CS-1 2026-11-30 shift 1: counted win -$89.00 against $11.00 recorded, $100.00 "
            "short (more than $25.00).") in page


def test_the_pit_overview_links_the_chips_and_counts_the_variances_waiting(
        accounting_floor, client, supervisor):
    client.force_login(supervisor)

    page = text(client.get("/pit/"))

    assert 'href="/pit/chips/"' in page
    assert "1 count variance</strong>&nbsp;waits for an explanation" in page


def test_a_closed_table_offers_its_opener(played_shift, client, supervisor):
    client.force_login(supervisor)

    page = text(client.get("/pit/chips/"))

    assert "Closed since 2026-11-30 shift 1</span> (closer $3,411.00)" in page
    assert f"/pit/tables/{played_shift['table'].pk}/chips/opener/" in page


# --- Openers and closers ---------------------------------------------------------------


def test_an_opener_defaults_to_the_casinos_shift_and_is_checked_against_the_closer(
        played_shift, client, supervisor, travel):
    table = played_shift["table"]
    travel(at(2026, 11, 30, 14, 5))
    client.force_login(supervisor)
    address = f"/pit/tables/{table.pk}/chips/opener/"

    form = client.get(address).context["form"]
    assert (form["gaming_day"].value(), form["shift"].value()) == (at(2026, 11, 30, 14).date(),
                                                                   2)
    response = client.post(address, {"gaming_day": "2026-11-30", "shift": "2", **boxes(CLOSER)},
                           follow=True)

    assert "The opener of CS-1 for 2026-11-30 shift 2 is recorded: 1 x 1, 2 x 5, 76 x 25, " \
           "15 x 100 = $3,411.00." in messages_of(response)[0]
    assert "It matches the last closer chip for chip." in messages_of(response)[0]
    opener = InventorySlip.objects.get(kind="opener", shift=2)
    assert opener.total == D("3411.00")


def test_a_refused_opener_names_every_problem_keeps_the_figures_and_stores_nothing(
        played_shift, client, supervisor, travel):
    table = played_shift["table"]
    travel(at(2026, 11, 30, 14, 5))
    client.force_login(supervisor)

    response = client.post(f"/pit/tables/{table.pk}/chips/opener/", {
        "gaming_day": "2026-12-01", "shift": "2", "chips_25": "forty", "chips_100": "20"})

    assert response.status_code == 400
    page = text(response)
    assert "Gaming day: 2026-12-01 has not begun: Test Harbor&#x27;s gaming day is " \
           "2026-11-30." in page
    assert "Chips of 25: &#x27;forty&#x27; is not a number of chips." in page
    assert 'value="forty"' in page  # kept as typed
    assert 'value="20"' in page
    assert not InventorySlip.objects.filter(kind="opener", shift=2).exists()


def test_an_opener_worth_more_than_the_books_hold_is_refused(played_shift, client, supervisor,
                                                             us_casino, travel):
    from tables.chips.services import accounting_rules_set

    accounting_rules_set(actor=supervisor, casino=us_casino,
                         denominations=[D(25), D("100000000000")])
    travel(at(2026, 11, 30, 14, 5))
    client.force_login(supervisor)

    response = client.post(f"/pit/tables/{played_shift['table'].pk}/chips/opener/", {
        "gaming_day": "2026-11-30", "shift": "2", "chips_100000000000": "100"})

    assert response.status_code == 400
    assert "These chips come to 10,000,000,000,000.00, more than 999,999,999,999.99 in one " \
           "count; check the numbers." in text(response)
    assert not InventorySlip.objects.filter(shift=2).exists()


def test_a_day_that_is_not_a_day_is_named(played_shift, client, supervisor):
    client.force_login(supervisor)

    response = client.post(f"/pit/tables/{played_shift['table'].pk}/chips/opener/",
                           {"gaming_day": "30/11/2026", "shift": "4", "chips_25": "1"})

    assert response.status_code == 400
    assert "Gaming day: &#x27;30/11/2026&#x27; is not a day: write it like 2026-11-30." \
        in text(response)
    assert "Shift: &#x27;4&#x27; is not one of the choices." in text(response)


def test_the_closer_page_says_which_slips_wait_before_the_tray_is_counted(
        accounting_floor, client, supervisor, dealer):
    table_id = accounting_floor["ids"]["table"]
    slip = accounting_floor["ids"]["slip"]
    client.force_login(dealer)
    client.post(f"/chip-slips/{slip}/sign/", {"role": "dealer"})
    client.force_login(supervisor)

    waiting = text(client.get(f"/pit/tables/{table_id}/chips/closer/"))
    client.post(f"/chip-slips/{slip}/sign/", {"role": "supervisor"})
    signed = text(client.get(f"/pit/tables/{table_id}/chips/closer/"))

    assert "<strong>Not yet:</strong> Slip 3 of this shift still waits for the supervisor" \
           "&#x27;s signature (or a void): sign it before closing." in waiting
    assert "Not yet" not in signed
    assert "Not yet" not in text(client.get(f"/pit/tables/{table_id}/chips/fill/"))


def test_a_closer_waits_for_the_slips_signatures_then_closes_the_shift(
        accounting_floor, client, supervisor, dealer):
    table_id = accounting_floor["ids"]["table"]
    slip = ChipSlip.objects.get(pk=accounting_floor["ids"]["slip"])
    client.force_login(supervisor)
    closer = {"chips_100": "20", "chips_25": "80"}

    refused = client.post(f"/pit/tables/{table_id}/chips/closer/", closer)

    assert refused.status_code == 400
    assert "Slip 3 of this shift still waits for the dealer&#x27;s and the supervisor&#x27;s " \
           "signatures (or a void): sign it before closing." in text(refused)
    assert "Sign on the chips page" in text(refused)
    assert not InventorySlip.objects.filter(kind="closer", shift=2).exists()

    client.post(f"/chip-slips/{slip.pk}/sign/", {"role": "supervisor"})
    client.force_login(dealer)
    client.post(f"/chip-slips/{slip.pk}/sign/", {"role": "dealer"})
    client.force_login(supervisor)
    done = client.post(f"/pit/tables/{table_id}/chips/closer/", closer, follow=True)

    assert "The closer of CS-1 for 2026-11-30 shift 2 is recorded: 80 x 25, 20 x 100 = " \
           "$4,000.00." in messages_of(done)[-1]
    assert "Its box can be counted." in messages_of(done)[-1]


# --- Fills and credits ------------------------------------------------------------------


def test_a_fill_is_requested_for_the_open_shift(accounting_floor, client, supervisor):
    client.force_login(supervisor)

    response = client.post(f"/pit/tables/{accounting_floor['ids']['table']}/chips/fill/",
                           {"chips_100": "10", "chips_2_50": "4"}, follow=True)

    request = ChipRequest.objects.latest("pk")
    assert (request.kind, request.total, request.shift) == ("fill", D("1010.00"), 2)
    assert messages_of(response)[0].startswith(
        "The fill of $1,010.00 for CS-1 is requested (4 x 2.50, 10 x 100 = $1,010.00): the "
        "cage issues its numbered slip")


@pytest.mark.parametrize(("posted", "words"), [
    ({}, "Give the number of chips of at least one denomination."),
    ({"chips_25": "1000000"}, "Chips of 25: 1000000 chips of 25 is more than 100,000 in one "
                              "count; check the number."),
    ({"chips_5": "-3"}, "Chips of 5: &#x27;-3&#x27; is not a number of chips."),
])
def test_a_credit_refused_is_named_and_not_stored(accounting_floor, client, supervisor,
                                                  posted, words):
    client.force_login(supervisor)
    before = ChipRequest.objects.count()

    response = client.post(f"/pit/tables/{accounting_floor['ids']['table']}/chips/credit/",
                           posted)

    assert response.status_code == 400
    assert words in text(response)
    assert ChipRequest.objects.count() == before


def test_a_fill_for_a_table_without_an_open_shift_is_refused(played_shift, client,
                                                             supervisor):
    client.force_login(supervisor)

    response = client.post(f"/pit/tables/{played_shift['table'].pk}/chips/fill/",
                           {"chips_25": "4"})

    assert response.status_code == 400
    assert "CS-1 has no open shift: record its opener first." in text(response)


def test_a_card_room_table_has_no_chips_forms(accounting_floor, client, supervisor):
    client.force_login(supervisor)

    response = client.get(f"/pit/tables/{accounting_floor['ids']['poker']}/chips/opener/")

    assert response.status_code == 404
    assert "HE-1 is a card-room table: it keeps no chip inventory" in text(response)
    assert client.get(f"/pit/tables/{accounting_floor['ids']['table']}/chips/drop/"
                      ).status_code == 404


# --- Signatures -------------------------------------------------------------------------


def test_the_dealer_signs_his_slips_from_his_page(accounting_floor, client, dealer):
    slip_id, opener_id = accounting_floor["ids"]["slip"], accounting_floor["ids"]["opener"]
    client.force_login(dealer)

    page = text(client.get("/dealer/"))
    assert "Slips to sign" in page
    assert "Fill slip <strong>3</strong>" in page
    assert ('<td data-label="Shift">2026-11-30 shift 2</td>\n'
            '      <td data-label="Slip">Opener</td>') in page
    assert f'action="/chip-slips/{slip_id}/sign/"' in page

    signed = client.post(f"/chip-slips/{slip_id}/sign/", {"role": "dealer"}, follow=True)
    assert signed.redirect_chain[-1][0] == "/dealer/"
    assert messages_of(signed) == ["Slip 3, the fill of $1,000.00 for CS-1, is signed by you as "
                                   "dealer."]
    client.post(f"/inventory-slips/{opener_id}/sign/", {"role": "dealer"})
    assert {(s.role, s.signed_by) for s in ChipSlipSignature.objects.filter(slip=slip_id)} == {
        ("dealer", dealer)}
    assert InventorySignature.objects.filter(slip=opener_id, role="dealer").exists()

    again = client.post(f"/chip-slips/{slip_id}/sign/", {"role": "dealer"}, follow=True)
    assert messages_of(again)[-1:] == ["Not signed: Signature: Slip 3 is signed by its dealer "
                                  "already (dana_dealer)."]
    assert "Fill slip <strong>3</strong>" not in text(again)


def test_the_dealers_tables_come_first_and_older_shifts_slips_wait_behind_a_link(
        accounting_floor, client, dealer, travel):
    slip_id, opener_id = accounting_floor["ids"]["slip"], accounting_floor["ids"]["opener"]
    travel(at(2026, 11, 30, 22, 30))  # shift 3: shift 2's slips are the last shift's
    client.force_login(dealer)

    page = text(client.get("/dealer/"))
    assert page.index("Record a round") < page.index("Slips to sign")
    assert "Fill slip <strong>3</strong>" in page

    travel(at(2026, 12, 1, 7))  # the next day's first shift: both are older
    client.force_login(dealer)  # a new shift, a new log-in
    page = text(client.get("/dealer/"))
    assert page.index("Record a round") < page.index("Slips to sign")
    assert "None from this shift." in page
    assert f'action="/chip-slips/{slip_id}/sign/"' not in page
    # and shift 1's closer, older still
    assert '<a href="/dealer/slips/">3 older slips from earlier shifts</a>' in page

    older = text(client.get("/dealer/slips/"))
    assert "2026-11-30 shift 2</td>" in older
    assert f'action="/chip-slips/{slip_id}/sign/"' in older
    assert f'action="/inventory-slips/{opener_id}/sign/"' in older
    signed = client.post(f"/chip-slips/{slip_id}/sign/", {"role": "dealer", "back": "dealer-slips"},
                         follow=True)
    assert signed.redirect_chain[-1][0] == "/dealer/slips/"
    assert messages_of(signed) == ["Slip 3, the fill of $1,000.00 for CS-1, is signed by you as "
                                   "dealer."]
    elsewhere = client.post(f"/inventory-slips/{opener_id}/sign/",
                            {"role": "dealer", "back": "https://elsewhere.example/"})
    assert elsewhere.url == "/dealer/"
    left = text(client.get("/dealer/slips/"))
    assert f'action="/chip-slips/{slip_id}/sign/"' not in left
    assert f'action="/inventory-slips/{opener_id}/sign/"' not in left
    assert "2026-11-30 shift 1</td>" in left


def test_a_dealer_of_another_table_cannot_sign(accounting_floor, client, other_dealer):
    client.force_login(other_dealer)

    response = client.post(f"/chip-slips/{accounting_floor['ids']['slip']}/sign/",
                           {"role": "dealer"})

    assert response.status_code == 403
    assert "Only a dealer of CS-1 signs as its dealer." in text(response)
    assert not ChipSlipSignature.objects.filter(slip=accounting_floor["ids"]["slip"]).exists()


def test_the_supervisor_signs_from_the_chips_page(accounting_floor, client, supervisor):
    client.force_login(supervisor)

    signed = client.post(f"/chip-slips/{accounting_floor['ids']['slip']}/sign/",
                         {"role": "supervisor"}, follow=True)

    assert signed.redirect_chain[-1][0] == "/pit/chips/"
    assert messages_of(signed) == ["Slip 3, the fill of $1,000.00 for CS-1, is signed by you as "
                                   "supervisor."]
    assert "Slips waiting for your signature" not in text(signed)
    assert ChipSlipSignature.objects.filter(role="supervisor", signed_by=supervisor).exists()


def test_a_signer_that_is_neither_is_named(accounting_floor, client, supervisor):
    client.force_login(supervisor)

    response = client.post(f"/chip-slips/{accounting_floor['ids']['slip']}/sign/",
                           {"role": "pit boss"}, follow=True)

    assert messages_of(response) == ["Not signed: Signature: 'pit boss' is not a signer: a "
                                      "dealer or a supervisor signs."]
    assert not ChipSlipSignature.objects.filter(slip=accounting_floor["ids"]["slip"]).exists()


# --- Accounting rules ---------------------------------------------------------------------


RULES = {"denominations": "1, 5, 25, 100, 500", "report_at": "50.00", "escalate_at": "200",
         "variance_at": "30", "confidence": "0.95"}


def test_the_rules_are_shown_changed_and_their_history_kept(us_casino, client, supervisor):
    client.force_login(supervisor)
    address = f"/pit/casinos/{us_casino.pk}/accounting-rules/"

    page = text(client.get(address))
    assert 'value="1, 2.50, 5, 25, 100, 500, 1000, 5000"' in page  # USD's chips at first
    assert "No changes recorded." in page

    response = client.post(address, RULES, follow=True)

    rules = AccountingRules.objects.get(casino=us_casino)
    assert rules.denominations == [D(1), D(5), D(25), D(100), D(500)]
    assert (rules.report_at, rules.escalate_at, rules.variance_at, rules.confidence) == (
        D("50.00"), D("200.00"), D("30.00"), D("0.95"))
    page = text(response)
    assert "Test Harbor&#x27;s accounting rules are saved" in page
    # the first save, from the defaults it replaced; then a second change
    assert "Denominations: 1.00, 2.50, 5.00, 25.00, 100.00, 500.00, 1,000.00, 5,000.00 → " \
           "1.00, 5.00, 25.00, 100.00, 500.00<br>Report inventory differences from: 25.00 → " \
           "50.00" in page
    client.post(address, {**RULES, "variance_at": "40"})
    history = text(client.get(address))
    assert "<td>sam_supervisor</td><td>accounting rules changed</td><td>Explain count " \
           "variances over: 30.00 → 40.00<br></td>" in history
    client.post(address, {**RULES, "variance_at": "40", "variance_percent": "10"})
    assert AccountingRules.objects.get(casino=us_casino).variance_percent == D("0.1")
    assert 'name="variance_percent" value="10"' in text(client.get(address))  # as typed


def test_refused_rules_name_every_problem_and_change_nothing(us_casino, client, supervisor):
    client.force_login(supervisor)

    response = client.post(f"/pit/casinos/{us_casino.pk}/accounting-rules/", {
        **RULES, "denominations": "1, five, 2.505", "report_at": "100", "escalate_at": "50",
        "confidence": "1.5"})

    assert response.status_code == 400
    page = text(response)
    assert "&#x27;five&#x27; is not a chip value: write them like 1, 2.50, 25." in page
    assert "2.505 has more than 2 decimal places: a chip is worth whole cents." in page
    assert "Escalate inventory differences from</a>: 50 is below the reporting threshold " \
           "100: escalate at that much or more." in page
    assert "1.5 is not a confidence: give a share above 0.5 and below 0.9999, e.g. 0.99." in page
    assert not AccountingRules.objects.exists()


def test_a_denomination_given_twice_is_refused_by_the_service(us_casino, supervisor):
    from django.core.exceptions import ValidationError

    from tables.chips.services import accounting_rules_set

    with pytest.raises(ValidationError) as refused:
        accounting_rules_set(actor=supervisor, casino=us_casino,
                             denominations=[D(5), D(25), D(5)])

    assert refused.value.message_dict == {"denominations": ["5 is given twice: give each chip "
                                                            "once."]}
