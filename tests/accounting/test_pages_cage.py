"""The cage on the pages: the requests to issue and the slips issued lately, a slip
issued on the casino's next number and printed, a request whose shift closed first, and
a slip's void with a second person (refused by field, nothing stored; refused once both
signatures say the chips moved)."""

from __future__ import annotations

import pytest

from tables.chips.models import ChipSlip, ChipSlipVoid

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode()


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_the_cage_issues_a_request_on_the_next_slip_and_prints_it(accounting_floor, client,
                                                                  cage):
    client.force_login(cage)

    page = text(client.get("/cage/"))
    assert "Requests to issue" in page
    assert "1 x 100 = $100.00" in page
    assert "sam_supervisor, 2026-11-30 15:00" in page
    assert "Fill 3</a>" in page  # issued lately, not signed yet
    assert "dealer: waiting<br>supervisor: waiting" in page

    assert 'name="carried_by"' in page
    issued = client.post(f"/cage/requests/{accounting_floor['ids']['request']}/issue/",
                         {"carried_by": "  L. Okafor,   badge 214 "}, follow=True)

    slip = ChipSlip.objects.get(request=accounting_floor["ids"]["request"])
    assert slip.number == 4
    assert slip.carried_by == "L. Okafor, badge 214"
    assert issued.redirect_chain[-1][0] == f"/cage/slips/{slip.pk}/"
    printed = text(issued)
    assert "Slip 4, the credit of $100.00 for CS-1, is issued." in printed
    assert 'Credit slip <span class="slip-number">4</span>' in printed
    assert "Test Harbor" in printed
    assert "2026-11-30 shift 2" in printed
    assert "<td>$100.00</td><td class=\"num\">1</td>" in printed
    assert "Void slip 4" in printed
    assert "<dt>Carried by</dt><dd>L. Okafor, badge 214 (security)</dd>" in printed
    assert "<small>carried by L. Okafor, badge 214</small>" in text(client.get("/cage/"))
    assert "Runner (security): L. Okafor, badge 214" in printed
    # A tablet hides the browser's print: the page has its own button (static/js/print.js).
    assert '<button type="button" class="primary" data-print>Print slip 4</button>' in printed
    assert 'src="/static/js/print.js"' in printed


def test_the_cage_finds_a_slip_by_its_number_and_lists_them_a_page_at_a_time(
        accounting_floor, client, cage):
    client.force_login(cage)
    slip = ChipSlip.objects.get(number=3)

    page = text(client.get("/cage/"))
    assert '<td data-label="Casino">Test Harbor</td>' in page
    assert 'name="number"' in page
    assert client.get("/cage/?number=3")["Location"] == f"/cage/slips/{slip.pk}/"

    missing = client.get("/cage/?number=99")
    assert missing.status_code == 400
    assert "Slip number: no slip numbered 99 at your casinos." in text(missing)
    junk = client.get("/cage/?number=three")
    assert junk.status_code == 400
    assert "Slip number: &#x27;three&#x27; is not a whole number." in text(junk)


def test_the_cages_slips_come_thirty_a_page(accounting_floor, client, cage, monkeypatch):
    from tables.chips import cage_views

    monkeypatch.setattr(cage_views, "SLIPS_SHOWN", 1)
    client.force_login(cage)
    first, second = text(client.get("/cage/")), text(client.get("/cage/?page=2"))
    assert "Page 1 of " in first
    assert 'href="?page=2">Older</a>' in first
    assert 'href="?page=1">Newer</a>' in second


def test_a_request_whose_shift_closed_is_not_issued(accounting_floor, client, cage,
                                                    supervisor, sign_both):
    from tables.chips.services import inventory_close

    sign_both(ChipSlip.objects.get(pk=accounting_floor["ids"]["slip"]))
    inventory_close(actor=supervisor, table=ChipSlip.objects.get(
        pk=accounting_floor["ids"]["slip"]).request.table, chips={"25": "1"})
    client.force_login(cage)

    assert "Requests whose shift closed first" in text(client.get("/cage/"))
    refused = client.post(f"/cage/requests/{accounting_floor['ids']['request']}/issue/",
                          {"carried_by": "L. Okafor"}, follow=True)

    assert messages_of(refused) == [
        "Not issued: Request: The credit of $100.00 for CS-1 was for 2026-11-30 shift 2, "
        "which is closed: ask the supervisor for a new request."]
    assert not ChipSlip.objects.filter(request=accounting_floor["ids"]["request"]).exists()


@pytest.mark.parametrize(("runner", "words"), [
    ("", "Not issued: Runner: Name the security officer who carries the chips (the slip's "
         "runner): his signature goes on the slip with the chips."),
    ("x" * 81, f"Not issued: Runner: '{'x' * 20}…' is 81 characters: a name (and badge) of "
               "at most 80 fits."),
])
def test_a_slip_names_the_officer_who_carries_its_chips(accounting_floor, client, cage,
                                                        runner, words):
    client.force_login(cage)
    refused = client.post(f"/cage/requests/{accounting_floor['ids']['request']}/issue/",
                          {"carried_by": runner}, follow=True)

    assert messages_of(refused) == [words]
    assert not ChipSlip.objects.filter(request=accounting_floor["ids"]["request"]).exists()


def test_a_slip_issued_before_runners_were_named_says_so(accounting_floor, client, cage):
    from tables.chips.models import ChipRequest

    # As migration 0030 left the slips issued before it: no runner (null, so sealed as
    # before).
    legacy = ChipSlip.objects.create(
        request=ChipRequest.objects.get(pk=accounting_floor["ids"]["request"]),
        casino=ChipRequest.objects.get(pk=accounting_floor["ids"]["request"]).table.casino,
        number=99, issued_by=cage)
    client.force_login(cage)
    printed = text(client.get(f"/cage/slips/{legacy.pk}/"))

    assert ("<dt>Carried by</dt><dd>not recorded: the slip was issued before the cage named "
            "its runner</dd>") in printed


@pytest.mark.parametrize(("posted", "words"), [
    ({}, ["Why is the slip void?: Say why slip 3 is void.",
          "Second person&#x27;s user name: Name the second person: someone in the cage, a "
          "supervisor or an accountant of Test Harbor confirms with their own password."]),
    ({"reason": "wrong table", "witness": "alice_accountant", "witness_password": "nope"},
     ["Second person&#x27;s password: That is not alice_accountant&#x27;s password."]),
    ({"reason": "wrong table", "witness": "cleo_cage", "witness_password": "x"},
     ["Second person&#x27;s user name: cleo_cage is voiding: the witness is a second person."]),
    ({"reason": "wrong table", "witness": "dana_dealer", "witness_password": "x"},
     ["dana_dealer is not in the cage, a supervisor or an accountant."]),
])
def test_a_refused_void_names_each_field_and_stores_nothing(accounting_floor, client, cage,
                                                             posted, words):
    client.force_login(cage)

    response = client.post(f"/cage/slips/{accounting_floor['ids']['slip']}/", posted)

    assert response.status_code == 400
    for line in words:
        assert line in text(response)
    assert not ChipSlipVoid.objects.exists()


def test_a_slip_is_voided_with_a_second_person_and_says_so(accounting_floor, client, cage):
    client.force_login(cage)

    response = client.post(f"/cage/slips/{accounting_floor['ids']['slip']}/", {
        "reason": "sent to the wrong table", "witness": "alice_accountant",
        "witness_password": "alice_accountant-password-1"}, follow=True)

    void = ChipSlipVoid.objects.get()
    assert (void.voided_by.username, void.witnessed_by.username) == ("cleo_cage",
                                                                     "alice_accountant")
    assert "Slip 3 is void: it moved no chips." in text(response)
    assert "VOID — sent to the wrong table" in text(response)
    assert "Void slip 3</button>" not in text(response)


def test_a_slip_signed_by_both_is_not_voided(accounting_floor, client, supervisor, sign_both):
    slip = sign_both(ChipSlip.objects.get(pk=accounting_floor["ids"]["slip"]))
    client.force_login(supervisor)

    response = client.post(f"/cage/slips/{slip.pk}/", {
        "reason": "late", "witness": "alice_accountant",
        "witness_password": "alice_accountant-password-1"})

    assert response.status_code == 400
    assert "Slip 3 is signed by the dealer and the supervisor: its chips moved. Correct it " \
           "with a new slip (a credit for a fill, a fill for a credit)." in text(response)
    assert not ChipSlipVoid.objects.exists()


def test_a_printed_slip_lists_every_denomination_in_order_and_the_cashiers_line(
        accounting_floor, client, cage):
    import re

    from casino.house.models import Casino
    from tables.chips.selectors import rules_of

    client.force_login(cage)
    issued = client.post(f"/cage/requests/{accounting_floor['ids']['request']}/issue/",
                         {"carried_by": "L. Okafor"}, follow=True)
    printed = text(issued)
    rows = re.findall(r'<tr(?: class="none")?><td>\$([\d,.]+)</td><td class="num">([^<]+)</td>',
                      printed)
    shown = [float(d.replace(",", "")) for d, _ in rows]
    casino = Casino.objects.get(name="Test Harbor")
    assert shown == sorted(float(d) for d in rules_of(casino).denominations)  # smallest first
    assert ("100.00", "1") in rows  # the credit's one chip
    assert all(count == "—" for d, count in rows if d != "100.00")
    assert re.search(r'<span class="line">cleo_cage, 2026-11-30 \d\d:\d\d</span>'
                     r'<span class="who">Cage cashier \(issued\)</span>', printed)
