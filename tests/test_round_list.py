"""The rounds list (/rounds/): a dealer finds his tables' rounds of today, a supervisor
or accountant any table's of any day of his casinos; a round's number goes straight to
it; a page at a time; a refused filter names the field and the value."""

from __future__ import annotations

import re

import pytest

from tables.stud.services import stud_round_record, stud_round_void
from tables.stud.views import ROUNDS_A_PAGE
from tests.played import at

pytestmark = pytest.mark.django_db

DEALER_CARDS = ["As", "Kd", "7c", "4h", "2s"]


def play(table, n: int = 1) -> list:
    return [stud_round_record(
        actor=table.dealers.get(), table=table, dealer_cards=DEALER_CARDS,
        seats=[{"seat": 1, "ante": "10.00", "decision": "fold"}])[0] for _ in range(n)]


def shown(response) -> list[int]:
    """The round numbers listed, in order."""
    return [int(n) for n in re.findall(r'<td data-label="Round"><a href="/rounds/\d+/">(\d+)</a>',
                                       response.content.decode())]


@pytest.fixture
def two_days(live_table, other_table, us_paytable, supervisor, travel):
    """CS-1: two rounds on 2026-11-30, three on 12-01; CS-2: one on 12-01. The clock
    stands on 12-01 at 20:00 in New York."""
    from tables.floor.services import table_assign_paytable

    other = table_assign_paytable(actor=supervisor, table=other_table, paytable=us_paytable)
    travel(at(2026, 11, 30, 12))
    yesterday = play(live_table, 2)
    travel(at(2026, 12, 1, 20))
    return {"yesterday": yesterday, "today": play(live_table, 3), "other": play(other)}


def test_a_dealer_finds_his_tables_rounds_of_today(client, dealer, two_days):
    client.force_login(dealer)

    page = client.get("/rounds/")

    assert page.status_code == 200
    assert shown(page) == [r.pk for r in reversed(two_days["today"])]
    text = page.content.decode()
    assert "Test Harbor: gaming day 2026-12-01, times in America/New_York time" in text
    assert 'name="day"' not in text  # the day is not his to choose
    assert "2026-12-01 20:00:00 EST" in text
    assert "Void…" not in text


def test_a_dealer_goes_to_a_round_by_its_number_but_only_to_todays_at_his_tables(
        client, dealer, two_days):
    client.force_login(dealer)
    today, yesterday = two_days["today"][0].pk, two_days["yesterday"][0].pk

    assert client.get(f"/rounds/?number={today}")["Location"] == f"/rounds/{today}/"
    refused = client.get(f"/rounds/?number={yesterday}")
    assert refused.status_code == 400
    assert f"Round number: no round {yesterday} at your tables today." in \
        refused.content.decode()
    other = client.get(f"/rounds/?number={two_days['other'][0].pk}")
    assert other.status_code == 400


def test_a_supervisor_reads_any_table_any_day_and_voids_from_the_round(
        client, supervisor, two_days):
    client.force_login(supervisor)
    first = two_days["yesterday"][0]
    stud_round_void(actor=supervisor, round_=first, reason="wrong table")

    today = client.get("/rounds/")
    assert shown(today) == sorted([r.pk for r in two_days["today"] + two_days["other"]],
                                  reverse=True)
    # Void is on the round's page only (issue 44, point 11), not in every row of the list.
    assert "Void…" not in today.content.decode()
    table = first.table_id
    yesterday = client.get(f"/rounds/?table={table}&day=2026-11-30")
    assert shown(yesterday) == [r.pk for r in reversed(two_days["yesterday"])]
    assert "voided by sam_supervisor: wrong table" in yesterday.content.decode()
    assert client.get(f"/rounds/?number={first.pk}")["Location"] == f"/rounds/{first.pk}/"
    assert f'id="void-{two_days["today"][0].pk}"' in client.get(
        f"/rounds/{two_days['today'][0].pk}/").content.decode()


def test_an_accountant_reads_rounds_without_a_void(client, accountant, two_days):
    client.force_login(accountant)
    page = client.get("/rounds/?day=2026-11-30")
    assert shown(page) == [r.pk for r in reversed(two_days["yesterday"])]
    assert "Void…" not in page.content.decode()


def test_the_rounds_come_a_page_at_a_time_keeping_the_filter(client, supervisor, live_table,
                                                              travel):
    travel(at(2026, 12, 1, 20))
    rounds = play(live_table, ROUNDS_A_PAGE + 3)
    client.force_login(supervisor)

    first = client.get(f"/rounds/?table={live_table.pk}")
    assert shown(first) == [r.pk for r in reversed(rounds)][:ROUNDS_A_PAGE]
    text = first.content.decode()
    assert f"Page 1 of 2 · {ROUNDS_A_PAGE + 3} rounds" in text
    assert f'href="?table={live_table.pk}&amp;page=2">Older</a>' in text
    second = client.get(f"/rounds/?table={live_table.pk}&page=2")
    assert shown(second) == [r.pk for r in reversed(rounds)][ROUNDS_A_PAGE:]


@pytest.mark.parametrize(("query", "words"), [
    ("day=yesterday", "Gaming day: &#x27;yesterday&#x27; is not a day: write it like "
                      "2026-11-30."),
    ("number=abc", "Round number: &#x27;abc&#x27; is not a whole number."),
    ("number=0", "Round number: 0 is less than 1."),
    ("table=999999", "Table: &#x27;999999&#x27; is not one of the choices."),
])
def test_a_filter_that_makes_no_sense_is_named(client, supervisor, two_days, query, words):
    client.force_login(supervisor)
    response = client.get(f"/rounds/?{query}")
    assert response.status_code == 400
    assert words in response.content.decode()


def test_each_round_shows_the_houses_result_and_a_voided_one_none(client, supervisor, live_table,
                                                                   travel):
    """Issue 44, point 11: the list says what the house won or lost on each round (its
    antes and raises), a voided round moved no chips; Void is done from the round's page."""
    travel(at(2026, 12, 1, 20))
    folded = play(live_table)[0]  # seat 1 folds its 10.00 ante: the house keeps it
    raised = stud_round_record(
        actor=live_table.dealers.get(), table=live_table,
        dealer_cards=["2s", "3d", "5h", "8c", "Jd"],  # the dealer does not qualify
        seats=[{"seat": 1, "ante": "10.00", "decision": "raise",
                "cards": ["As", "Ad", "9c", "7h", "4s"]}])[0]
    voided = play(live_table)[0]
    stud_round_void(actor=supervisor, round_=voided, reason="wrong table")
    client.force_login(supervisor)

    text = client.get(f"/rounds/?table={live_table.pk}").content.decode()

    def house(round_) -> str:
        row = text[text.index(f'<a href="/rounds/{round_.pk}/">'):]
        row = row[:row.index("</tr>")]
        return re.search(r'data-label="House" class="num house">([^<]*)<', row).group(1)

    assert house(folded) == "won $10.00"
    assert house(raised) == "lost $10.00"  # the ante paid even money, the raise pushed
    assert house(voided) == "—"
    assert "Void…" not in text
