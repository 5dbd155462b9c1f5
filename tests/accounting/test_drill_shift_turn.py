"""The tamper drill's preparation (scripts/tamper_cases.py) records a round on the demo
seconds after the demo opened the current shift: begun just before a shift change, it
would be refused. It closes the shift that ran out and opens the running one first."""

from __future__ import annotations

import pytest

from scripts.tamper_cases import open_the_running_shift
from tables.chips import services as chips
from tables.chips.models import SignerRole
from tables.floor.shifts import recording_refusal
from tests.accounting.conftest import OPENER
from tests.played import at

pytestmark = pytest.mark.django_db


def test_the_drill_opens_the_running_shift_when_the_shift_turned(played_shift, supervisor,
                                                                 dealer, travel):
    table = played_shift["table"]
    travel(at(2026, 11, 30, 14, 5))
    opener = chips.inventory_open(actor=supervisor, table=table,
                                  gaming_day=played_shift["day"], shift=2, chips=OPENER)
    chips.inventory_sign(actor=dealer, slip=opener, role=SignerRole.DEALER)
    assert not open_the_running_shift(table, supervisor, dealer)  # shift 2 is running

    travel(at(2026, 11, 30, 22, 1))  # shift 3 began a minute ago
    assert "it is now 2026-11-30 shift 3" in recording_refusal(table, "rounds",
                                                                at(2026, 11, 30, 22, 1))
    assert open_the_running_shift(table, supervisor, dealer)

    assert recording_refusal(table, "rounds", at(2026, 11, 30, 22, 1)) == ""
