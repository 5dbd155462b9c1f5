"""A limit the pit sets that is refused names the limit that is wrong and says how (issue
44, point 10): a stud table's antes against its paytable's ('Maximum ante: 200.00 is above
the paytable's 100.00'), a minimum above its maximum ('Minimum ante: 500.00 is above the
maximum ante, 100.00'), and a poker table's pairs of stakes the same way, on the pit's
pages and through the API; nothing changed."""

from __future__ import annotations

import html
from decimal import Decimal as D
from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import strategies as st

from tables.floor.models import Table
from tables.floor.services import table_assign_paytable
from tables.floor.stakes import check_ante_limits
from tests.card_room import poker_table

pytestmark = pytest.mark.django_db


def limits_posted(client, supervisor, table, low: str, high: str):
    client.force_login(supervisor)
    return client.post(f"/pit/tables/{table.pk}/limits/", {"min_ante": low, "max_ante": high})


@pytest.mark.parametrize(("low", "high", "said"), [
    ("10", "200", ["Maximum ante: 200.00 is above the paytable's 100.00."]),
    ("500", "100", ["Minimum ante: 500.00 is above the maximum ante, 100.00."]),
    ("1", "50", ["Minimum ante: 1.00 is below the paytable's 5.00."]),
    ("0", "50", ["Minimum ante: 0.00 is below the paytable's 5.00."]),
    ("1", "200", ["Minimum ante: 1.00 is below the paytable's 5.00.",
                  "Maximum ante: 200.00 is above the paytable's 100.00."]),
    ("500", "200", ["Minimum ante: 500.00 is above the maximum ante, 200.00.",
                    "Maximum ante: 200.00 is above the paytable's 100.00."]),
], ids=lambda v: v if isinstance(v, str) else "")
def test_the_pits_limits_form_names_each_limit_that_is_wrong(client, supervisor, live_table,
                                                             low, high, said):
    answer = limits_posted(client, supervisor, live_table, low, high)

    assert answer.status_code == 400
    page = html.unescape(answer.content.decode())
    alert = page[page.index("Not changed:"):page.index("</section>", page.index("Not changed:"))]
    assert [line for line in said if line in alert] == said
    assert alert.count("<li>") == len(said)
    table = Table.objects.get(pk=live_table.pk)
    assert (table.min_ante, table.max_ante) == (D("5.00"), D("100.00"))


def test_the_api_names_the_maximum_when_the_maximum_is_wrong(api, supervisor, stud_table,
                                                             us_paytable):
    answer = api.as_user(supervisor).patch(f"/api/v1/tables/{stud_table.pk}/", {
        "paytable": us_paytable.pk, "min_ante": "10.00", "max_ante": "200.00"}, format="json")

    assert answer.status_code == 400
    assert answer.json() == {"max_ante": ["200.00 is above the paytable's 100.00."]}


def test_a_maximum_alone_below_the_tables_minimum_is_the_one_named(api, supervisor,
                                                                   live_table, us_paytable):
    table_assign_paytable(actor=supervisor, table=live_table, paytable=us_paytable,
                          min_ante=D(10), max_ante=D(50))
    answer = api.as_user(supervisor).patch(f"/api/v1/tables/{live_table.pk}/",
                                           {"max_ante": "8.00"}, format="json")

    assert answer.status_code == 400
    assert answer.json() == {"max_ante": ["8.00 is below the minimum ante, 10.00."]}
    assert Table.objects.get(pk=live_table.pk).max_ante == D("50.00")


@pytest.mark.parametrize(("stakes", "change", "said"), [
    ({"structure": "spread_limit", "min_bet": D(5), "max_bet": D(10), "big_blind": D(2)},
     {"min_bet": "500", "max_bet": "100"}, {"min_bet": ["500.00 is above the maximum bet, "
                                                        "100.00."]}),
    ({"structure": "spread_limit", "min_bet": D(5), "max_bet": D(10), "big_blind": D(2)},
     {"max_bet": "4"}, {"max_bet": ["4.00 is below the minimum bet, 5.00."]}),
    ({"structure": "fixed_limit", "small_bet": D(20), "big_bet": D(40), "big_blind": D(2)},
     {"small_bet": "50"}, {"small_bet": ["50.00 is above the big bet, 40.00."]}),
    ({"structure": "fixed_limit", "small_bet": D(20), "big_bet": D(40), "big_blind": D(2)},
     {"big_bet": "10"}, {"big_bet": ["10.00 is below the small bet, 20.00."]}),
    ({"structure": "no_limit", "small_blind": D(1), "big_blind": D(2)}, {"big_blind": "0.50"},
     {"big_blind": ["0.50 is below the small blind, 1.00."]}),
    ({"structure": "no_limit", "small_blind": D(1), "big_blind": D(2)}, {"small_blind": "5"},
     {"small_blind": ["5.00 is above the big blind, 2.00."]}),
], ids=["spread both", "spread maximum", "fixed small bet", "fixed big bet", "big blind",
        "small blind"])
def test_a_poker_tables_stakes_out_of_order_name_the_one_changed(
        api, supervisor, dealer, us_casino, schedule, stakes, change, said):
    table = poker_table(supervisor, dealer, us_casino, schedule, **stakes)

    answer = api.as_user(supervisor).patch(f"/api/v1/tables/{table.pk}/", change,
                                           format="json")

    assert answer.status_code == 400
    assert answer.json() == said


def test_the_poker_settings_page_names_the_stake_by_its_label(client, supervisor, dealer,
                                                              us_casino, schedule):
    table = poker_table(supervisor, dealer, us_casino, schedule, structure="spread_limit",
                        min_bet=D(5), max_bet=D(10), big_blind=D(2))
    client.force_login(supervisor)

    answer = client.post(f"/pit/tables/{table.pk}/poker/", {
        "rake_schedule": schedule.pk, "structure": "spread_limit", "min_bet": "500",
        "max_bet": "100", "big_blind": "2", "kill": "off", "reopen_rule": "full_bet"})

    assert answer.status_code == 400
    assert "Minimum bet: 500.00 is above the maximum bet, 100.00." in html.unescape(
        answer.content.decode())


PAYTABLE = SimpleNamespace(min_ante=D(5), max_ante=D(100))
ANTES = st.integers(0, 300).map(D)


@given(ANTES, ANTES)
def test_every_refused_limit_and_only_it_is_named(low, high):
    """Both limits given anew: each outside the paytable's is named; a minimum above the
    maximum is named on the minimum; limits that fit are taken."""
    wrong = {name for name, value in (("min_ante", low), ("max_ante", high))
             if not D(5) <= value <= D(100)}
    if low > high:
        wrong.add("min_ante")
    table = SimpleNamespace(min_ante=None, max_ante=None)
    if not wrong:
        check_ante_limits(table, PAYTABLE, low, high)  # taken
        return

    with pytest.raises(ValidationError) as refused:
        check_ante_limits(table, PAYTABLE, low, high)
    said = refused.value.message_dict
    assert set(said) == wrong
    assert all(said[name][0].startswith(f"{value:.2f} is ")
               for name, value in (("min_ante", low), ("max_ante", high)) if name in wrong)
