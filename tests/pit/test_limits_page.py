"""A stud table's limits changed on the floor (/pit/tables/<pk>/limits/): from the next
round; a round above the new maximum is refused in words; a limit outside the paytable's
is refused naming it, nothing changed; a poker table's stakes are on its settings page."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from django.core.exceptions import ValidationError

from tables.floor.models import Table
from tables.stud.services import stud_round_record
from tests.card_room import poker_table
from tests.helpers import DEALER


def ante(amount: str) -> list[dict]:
    return [{"seat": 1, "ante": D(amount), "decision": "fold"}]


def test_new_limits_hold_from_the_next_round(client, supervisor, dealer, live_table):
    before, _ = stud_round_record(actor=dealer, table=live_table, dealer_cards=DEALER,
                                  seats=ante("80"))
    client.force_login(supervisor)
    assert client.get(f"/pit/tables/{live_table.pk}/limits/").status_code == 200
    answer = client.post(f"/pit/tables/{live_table.pk}/limits/",
                         {"min_ante": "10", "max_ante": "50"}, follow=True)
    assert "CS-1: antes 10.00 to 50.00 from the next round." in answer.content.decode()
    table = Table.objects.get(pk=live_table.pk)
    assert (table.min_ante, table.max_ante) == (D("10.00"), D("50.00"))
    with pytest.raises(ValidationError, match="50"):
        stud_round_record(actor=dealer, table=table, dealer_cards=DEALER, seats=ante("80"))
    before.refresh_from_db()  # the round before stands as it was
    assert before.seats.get().ante == D("80.00")


@pytest.mark.parametrize(("posted", "said"), [
    ({"min_ante": "1", "max_ante": "50"},
     "Minimum ante: 1.00 is below the paytable&#x27;s 5.00."),
    ({"min_ante": "ten", "max_ante": "50"},
     "Minimum ante: &#x27;ten&#x27; is not an amount: write it like 12.50."),
])
def test_a_limit_refused_names_it_and_changes_nothing(client, supervisor, live_table,
                                                      posted, said):
    client.force_login(supervisor)
    answer = client.post(f"/pit/tables/{live_table.pk}/limits/", posted)
    assert answer.status_code == 400
    assert said in answer.content.decode()
    table = Table.objects.get(pk=live_table.pk)
    assert (table.min_ante, table.max_ante) == (live_table.min_ante, live_table.max_ante)


def test_a_poker_table_s_stakes_are_on_its_settings_page(client, supervisor, dealer,
                                                         us_casino, schedule):
    table = poker_table(supervisor, dealer, us_casino, schedule)
    client.force_login(supervisor)
    answer = client.get(f"/pit/tables/{table.pk}/limits/")
    assert answer.status_code == 302
    assert answer["Location"] == f"/pit/tables/{table.pk}/poker/"
