"""What the statistical hold review reads of a shift's rounds (stud.selectors.wagers_by_shift)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from tables.stud.selectors import ShiftWagers, wagers_by_shift
from tables.stud.services import stud_round_void

pytestmark = pytest.mark.django_db


def test_a_days_wagers_per_paytable(played_shift, play_round, supervisor, dealer, travel):
    from tables.chips import services as chips
    from tables.chips.models import SignerRole
    from tests.accounting.conftest import CLOSER
    from tests.played import at

    table, day = played_shift["table"], played_shift["day"]
    travel(at(2026, 11, 30, 14, 5))   # shift 2 opened, signed by both: the table deals
    opener = chips.inventory_open(actor=supervisor, table=table, gaming_day=day, shift=2,
                                  chips=CLOSER)
    chips.inventory_sign(actor=dealer, slip=opener, role=SignerRole.DEALER)
    voided = play_round(table, at(2026, 11, 30, 16), {
        "dealer_cards": ["2s", "3d", "7c", "9h", "Jd"],
        "seats": [{"seat": 4, "ante": "50.00", "decision": "fold"}]})
    stud_round_void(actor=supervisor, round_=voided, reason="misdeal noticed late")
    forfeited = {"dealer_cards": ["2s", "3d", "7c", "9h", "Jd"],
                 "seats": [{"seat": 5, "ante": "20.00", "decision": "raise",
                            "irregularity": "violation", "cards": ["As", "Ah", "Ac", "Ad", "Kc"]},
                           {"seat": 6, "ante": "5.00", "decision": "fold"}]}
    play_round(table, at(2026, 11, 30, 17), forfeited)

    found = wagers_by_shift([table.pk], day, day)

    # Shift 1: 10 + 5 and 10 + 5 played, the side wager of 1.00 kept. Shift 2: the
    # forfeit round's 5 played, the forfeited 20 + 40 kept; the void round left out.
    assert found == {
        (table.pk, day, 1, table.paytable_id): ShiftWagers(
            antes=D("30.00"), ante_squares=D("250.0000"), round_squares=D("450.0000"),
            hands=4, kept=D("1.00")),
        (table.pk, day, 2, table.paytable_id): ShiftWagers(
            antes=D("5.00"), ante_squares=D("25.0000"), round_squares=D("25.0000"), hands=1,
            kept=D("60.00"))}
