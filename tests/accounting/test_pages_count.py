"""The count room on the pages: a gaming day's boxes, a box counted by two (the shift set
beside the records after it: matching, within the threshold, or a variance), a count
refused with every problem beside its box and nothing stored, a count's page and its
correction; the supervisor's variances and their explanation."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from casino.common.witness import Device
from tables.count import services as count
from tables.count.models import BoxCount, CountCorrection, Variance, VarianceExplanation
from tests.played import at

pytestmark = pytest.mark.django_db

PASSWORD = "cora_count-password-1"


def text(response) -> str:
    return response.content.decode()


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def counting(played_shift, counters, travel, client):
    """CS-1's shift 1 closed, the count team logged in as carl_count the next hour."""
    travel(at(2026, 11, 30, 15))
    client.force_login(counters[0])
    return f"/count/boxes/{played_shift['table'].pk}/2026-11-30/1/"


def counted(cash: dict, **extra) -> dict:
    return {**{f"cash_{note}": n for note, n in cash.items()}, "witness": "cora_count",
            "witness_password": PASSWORD, **extra}


# --- The count room -------------------------------------------------------------------


def test_the_count_room_shows_the_previous_gaming_day_first(counting, client):
    page = text(client.get("/count/"))

    assert "gaming day 2026-11-29" in page
    assert "No box of 2026-11-29 waits to be counted." in page


def test_a_closed_shifts_box_waits_and_a_counted_one_shows_its_figures(accounting_floor,
                                                                       client, counters):
    client.force_login(counters[0])

    page = text(client.get("/count/?day=2026-11-30"))

    assert "No box of 2026-11-30 waits to be counted." in page  # shift 2 is still open
    assert ">CS-1 shift 1</a>" in page
    assert '<td data-label="Drop" class="num"><strong>$500.00</strong></td>' in page
    assert '<td data-label="Cash" class="num">$500.00</td>' in page
    assert "carl_count and cora_count" in page


def test_the_box_of_a_closed_shift_is_offered(counting, client, played_shift):
    page = text(client.get("/count/?day=2026-11-30"))

    assert f'href="{counting}"' in page
    assert "Count CS-1 shift 1" in page


def test_a_day_that_is_not_a_day_is_named(counting, client):
    response = client.get("/count/?day=yesterday")

    assert response.status_code == 400
    assert "Gaming day: &#x27;yesterday&#x27; is not a day: write it like 2026-11-30." \
        in text(response)


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01"])
def test_a_day_outside_the_books_is_refused_not_computed(counting, client, day):
    response = client.get(f"/count/?day={day}")

    assert response.status_code == 400
    assert "is not a day of the books: give one from 1900-01-01 to 2999-12-31." \
        in text(response)


def test_an_address_of_a_day_that_does_not_exist_is_not_found(counting, client, played_shift):
    assert client.get(f"/count/boxes/{played_shift['table'].pk}/2026-02-30/1/"
                      ).status_code == 404
    assert client.get(f"/count/boxes/{played_shift['table'].pk}/2026-11-30/4/"
                      ).status_code == 404
    assert client.get(f"/count/boxes/{played_shift['table'].pk}/9999-12-31/3/"
                      ).status_code == 404


# --- Counting a box ---------------------------------------------------------------------


def test_the_count_form_has_a_box_per_note_and_chip(counting, client):
    page = text(client.get(counting))

    for note in ("1", "2", "5", "10", "20", "50", "100"):
        assert f'name="cash_{note}"' in page
    assert 'name="chips_2_50"' in page
    assert 'inputmode="numeric"' in page


def test_a_box_that_matches_the_records_says_so(counting, client):
    response = client.post(counting, counted({"20": "30"}), follow=True)

    box = BoxCount.objects.get()
    assert box.drop == D("600.00")
    assert response.redirect_chain[-1][0] == f"/count/counts/{box.pk}/"
    assert messages_of(response) == [
        "CS-1's box for 2026-11-30 shift 1 is counted: drop $600.00. It matches the records: "
        "counted win $11.00, recorded $11.00."]
    assert not Variance.objects.exists()


def test_a_box_within_the_threshold_says_so(counting, client):
    response = client.post(counting, counted({"20": "29", "5": "1"}), follow=True)

    assert messages_of(response)[0].endswith(
        "It is within $25.00 of the records (counted win -$4.00, recorded $11.00): no "
        "variance.")


def test_a_box_short_opens_a_variance_and_says_so(counting, client):
    response = client.post(counting, counted({"20": "25"}), follow=True)

    assert messages_of(response)[0].endswith(
        "It does not match the records: CS-1 2026-11-30 shift 1: counted win -$89.00 against "
        "$11.00 recorded, $100.00 short (more than $25.00). A supervisor explains the "
        "variance.")
    assert Variance.objects.get().difference == D("-100.00")


def test_a_refused_count_names_every_problem_keeps_the_figures_and_stores_nothing(counting,
                                                                                  client):
    response = client.post(counting, {"cash_20": "3o", "cash_100": "2", "chips_25": "-1",
                                      "markers": "12,50", "witness": "carl_count",
                                      "witness_password": PASSWORD})

    assert response.status_code == 400
    page = text(response)
    assert "Cash of 20: &#x27;3o&#x27; is not a number of notes or coins." in page
    assert "Chips of 25: &#x27;-1&#x27; is not a number of chips." in page
    assert "Markers: " in page
    assert "12,50" in page
    assert "Second member&#x27;s user name: carl_count is counting: the witness is a second " \
           "person." in page
    assert 'value="3o"' in page  # the figures stay as typed
    assert 'value="2"' in page
    assert PASSWORD not in page  # a password is typed again
    assert not BoxCount.objects.exists()


def test_a_wrong_password_of_the_second_member_is_named(counting, client):
    response = client.post(counting, counted({"20": "30"}, witness_password="guess"))

    assert response.status_code == 400
    assert "Second member&#x27;s password: That is not cora_count&#x27;s password." \
        in text(response)
    assert not BoxCount.objects.exists()


def test_figures_beyond_what_the_books_hold_are_refused_in_words(counting, client):
    response = client.post(counting, counted({"100": "100000"}, markers="99999999999999"))

    assert response.status_code == 400
    assert "Markers: 99999999999999 is more than 999,999,999,999.99, the most a box can be " \
           "counted at; check the number." in text(response)
    assert not BoxCount.objects.exists()


def test_the_box_of_an_open_shift_waits_for_its_closer(accounting_floor, client, counters):
    client.force_login(counters[0])

    response = client.post(f"/count/boxes/{accounting_floor['ids']['table']}/2026-11-30/2/",
                           counted({"20": "30"}))

    assert response.status_code == 400
    assert "CS-1 has no closer for 2026-11-30 shift 2: its box is counted after the " \
           "supervisor records the closer." in text(response)
    assert BoxCount.objects.count() == 1  # the fixture's


def test_the_box_of_an_open_shift_says_why_it_waits(accounting_floor, client, counters):
    client.force_login(counters[0])

    page = text(client.get(f"/count/boxes/{accounting_floor['ids']['table']}/2026-11-30/2/"))

    assert "<strong>Not yet:</strong> CS-1 has no closer for 2026-11-30 shift 2" in page


def test_a_counted_box_sends_to_its_count(accounting_floor, client, counters):
    client.force_login(counters[0])

    response = client.get(f"/count/boxes/{accounting_floor['ids']['table']}/2026-11-30/1/")

    assert response["Location"] == f"/count/counts/{accounting_floor['ids']['count']}/"


# --- A count and its correction ----------------------------------------------------------


def test_a_counts_page_sets_the_shift_beside_the_records(accounting_floor, client, counters):
    client.force_login(counters[0])

    page = text(client.get(f"/count/counts/{accounting_floor['ids']['count']}/"))

    for figure in ("$3,500.00", "$1,000.00", "$500.00", "$3,411.00", "-$89.00", "$11.00",
                   "-$100.00"):
        assert f"{figure}</" in page
    assert "25 x 20 = $500.00" in page
    assert "counted win -$89.00 against $11.00 recorded, $100.00 short" in page
    assert "Waiting for a supervisor's explanation." in page
    assert "Correct this count" in page


def test_a_correction_starts_from_the_standing_figures_and_says_what_it_found(
        accounting_floor, client, counters):
    second = counters[1]
    client.force_login(second)
    address = f"/count/counts/{accounting_floor['ids']['count']}/correct/"
    assert client.get(address).context["form"]["cash_20"].value() == 25

    response = client.post(address, {
        "cash_20": "30", "reason": "a bundle stayed in the machine", "witness": "carl_count",
        "witness_password": "carl_count-password-1"}, follow=True)

    correction = CountCorrection.objects.get()
    assert (correction.drop, correction.counted_by) == (D("600.00"), second)
    assert messages_of(response) == [
        "Corrected. CS-1's box for 2026-11-30 shift 1 is counted: drop $600.00. It matches "
        "the records: counted win $11.00, recorded $11.00."]
    assert "a bundle stayed in the machine" in text(response)


def test_a_correction_without_a_reason_is_refused(accounting_floor, client, counters):
    client.force_login(counters[1])

    response = client.post(f"/count/counts/{accounting_floor['ids']['count']}/correct/", {
        "cash_20": "30", "witness": "carl_count", "witness_password": "carl_count-password-1"})

    assert response.status_code == 400
    assert "Why is the box counted again?: Say why the 2026-11-30 shift 1 box of CS-1 is " \
           "counted again." in text(response)
    assert not CountCorrection.objects.exists()


# --- Variances ------------------------------------------------------------------------------


def test_the_variances_wait_then_show_who_explained_them(accounting_floor, client, supervisor):
    variance = accounting_floor["ids"]["variance"]
    client.force_login(supervisor)
    waiting = text(client.get("/pit/variances/"))
    assert f'href="/pit/variances/{variance}/"' in waiting
    assert "None yet." in waiting

    page = text(client.get(f"/pit/variances/{variance}/"))
    assert "CS-1 2026-11-30 shift 1: counted win -$89.00 against $11.00 recorded" in page
    assert "Record the explanation" in page

    done = client.post(f"/pit/variances/{variance}/",
                       {"found": "A fill slip was entered twice."}, follow=True)

    assert VarianceExplanation.objects.get().explained_by == supervisor
    assert "A fill slip was entered twice." in text(done)
    assert "Record the explanation" not in text(done)
    listed = text(client.get("/pit/variances/"))
    assert "None: every variance is explained." in listed
    assert "sam_supervisor, 2026-11-30 15:00:</small> A fill slip was entered twice." in listed


def test_an_empty_explanation_is_refused(accounting_floor, client, supervisor):
    client.force_login(supervisor)

    response = client.post(f"/pit/variances/{accounting_floor['ids']['variance']}/",
                           {"found": "  "})

    assert response.status_code == 400
    assert "What was found</a>: Say what was found: where the difference came from, or what was " \
           "done about it." in text(response)
    assert not VarianceExplanation.objects.exists()


def test_a_variance_is_explained_once(accounting_floor, client, supervisor):
    variance = Variance.objects.get(pk=accounting_floor["ids"]["variance"])
    count.variance_explain(actor=supervisor, variance=variance, found="known")
    client.force_login(supervisor)

    response = client.post(f"/pit/variances/{variance.pk}/", {"found": "again"})

    assert response.status_code == 400
    assert "This variance was explained by sam_supervisor at 2026-11-30 15:00." \
        in text(response)


def test_a_corrected_count_shows_on_the_variance(accounting_floor, client, supervisor,
                                                 counters):
    box = BoxCount.objects.get(pk=accounting_floor["ids"]["count"])
    count.count_correct(actor=counters[1], count=box, reason="recount", cash={"20": "30"},
                        chips={}, witness="carl_count", witness_password="carl_count-password-1",
                        device=Device(address=None, path="/"))
    client.force_login(supervisor)

    page = text(client.get(f"/pit/variances/{accounting_floor['ids']['variance']}/"))

    assert "The count was corrected since:" in page
    assert "differ from the records by $0.00" in page
