"""The tables' log (tables.pit.log): a limit change with its old and new limits, who and
when; a round's limits are those in force when it was recorded (the round before the
change stays, the one after is held to the new limits); a table closed and opened again.
The log's times are the database's own (the audit history's: no service sets them), so
these tests run on the real clock, and read the log's last lines (a test is one
transaction: its fixtures' changes carry the same time). The chip shift's openings and closings:
tests/accounting/test_table_log_shift.py."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tables.floor.models import TableStatus
from tables.floor.services import table_assign_paytable, table_update
from tables.pit.log import table_log
from tables.stud.models import StudSeat
from tables.stud.services import stud_round_record

CLOCK = r"\d\d:\d\d"


def ante(amount: str) -> dict:
    return {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
            "seats": [{"seat": 1, "ante": amount, "decision": "fold"}]}


def since_a_minute_ago(casino) -> list[str]:
    now = timezone.now()
    return [c.words(casino.zone) for c in table_log(casino, now - dt.timedelta(minutes=1),
                                                    now + dt.timedelta(minutes=1))]


def test_a_limit_change_is_logged_and_holds_the_rounds_after_it(live_table, supervisor,
                                                                  dealer):
    stud_round_record(actor=dealer, table=live_table, **ante("100.00"))
    table_assign_paytable(actor=supervisor, table=live_table, paytable=live_table.paytable,
                          min_ante="10.00", max_ante="50.00")
    with pytest.raises(ValidationError, match="100"):
        stud_round_record(actor=dealer, table=live_table, **ante("100.00"))
    with pytest.raises(ValidationError):
        stud_round_record(actor=dealer, table=live_table, **ante("5.00"))
    stud_round_record(actor=dealer, table=live_table, **ante("50.00"))
    assert [str(a) for a in StudSeat.objects.order_by("id").values_list("ante", flat=True)] == [
        "100.00", "50.00"]
    change = since_a_minute_ago(live_table.casino)[-1]
    assert re.fullmatch(f"{CLOCK} · CS-1 limits changed by sam_supervisor: minimum ante "
                        f"5.00 → 10.00; maximum ante 100.00 → 50.00.", change), change


def test_a_table_closed_and_opened_again(live_table, supervisor):
    table_update(actor=supervisor, table=live_table, status=TableStatus.CLOSED)
    table_update(actor=supervisor, table=live_table, status=TableStatus.OPEN)
    logged = since_a_minute_ago(live_table.casino)[-2:]
    assert [line[5:] for line in logged] == [" · CS-1 closed by sam_supervisor.",
                                             " · CS-1 opened by sam_supervisor."]
    later = timezone.now() + dt.timedelta(minutes=5)
    assert table_log(live_table.casino, later, later + dt.timedelta(hours=1)) == []


def test_the_rotation_page_shows_the_days_log(client, live_table, supervisor):
    table_update(actor=supervisor, table=live_table, status=TableStatus.CLOSED)
    client.force_login(supervisor)
    shown = " ".join(client.get("/pit/rotation/").content.decode().split())
    assert re.search(f"<li>{CLOCK} · CS-1 closed by sam_supervisor.</li>", shown), shown[-800:]
