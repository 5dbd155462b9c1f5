"""The table-accounting reports' floor: CS-1's played shift (tests/accounting/conftest.py)
beside HE-1 in the card room, boxes counted by the team, a second shift opened with its
slips, and the helpers the report tests share."""

from __future__ import annotations

import pytest

from casino.common.witness import Device
from tables.chips import services as chips
from tables.count import services as count
from tables.floor.models import Table
from tests.accounting.conftest import FILL, OPENER
from tests.played import at

DAY = {"from": "2026-11-30", "to": "2026-11-30"}
INJECTED = '=HYPERLINK("http://example.com","void")'


def count_box(counters, table, day, shift, cash):
    """The box counted by the team's first member, the second witnessing."""
    first, second = counters
    return count.box_count(actor=first, table=table, gaming_day=day, shift=shift, cash=cash,
                           chips={}, witness=second.username,
                           witness_password=f"{second.username}-password-1",
                           device=Device(address=None, path="/count/"))


def correct_box(counters, box, cash, reason="counted again"):
    first, second = counters
    return count.count_correct(actor=second, count=box, reason=reason, cash=cash, chips={},
                               witness=first.username,
                               witness_password=f"{first.username}-password-1",
                               device=Device(address=None, path="/count/"))


def void(slip, *, cage, witness, reason):
    return chips.slip_void(actor=cage, slip=slip, reason=reason, witness=witness.username,
                           witness_password=f"{witness.username}-password-1",
                           device=Device(address=None, path="/cage/"))


def report(api, user, name, **query) -> dict:
    answer = api.as_user(user).get(f"/api/v1/reports/{name}/", {**DAY, **query})
    assert answer.status_code == 200, answer.content[:500]
    return answer.json()


@pytest.fixture
def card_room(played_shift, holdem, play_hand):
    """CS-1 stands in Pit 1; HE-1 in the card room, with a hand of CS-1's shift (rake
    5.00, capped)."""
    Table.objects.filter(pk=played_shift["table"].pk).update(pit="Pit 1")
    Table.objects.filter(pk=holdem.pk).update(pit="Card room")
    play_hand(holdem, at(2026, 11, 30, 13, 57), pot="85.00")
    holdem.refresh_from_db()
    return holdem


@pytest.fixture
def second_shift(played_shift, supervisor, travel):
    """CS-1's shift 2 of the same day, opened at 15:00 with the chips shift 1 closed
    with, and still open."""
    travel(at(2026, 11, 30, 15))
    return chips.inventory_open(actor=supervisor, table=played_shift["table"],
                                gaming_day=played_shift["day"], shift=2, chips=OPENER)


@pytest.fixture
def fill_slip(played_shift, second_shift, supervisor, cage):
    """Issue a fill of 1,000 for the open shift 2 (the next slip number)."""
    def issue():
        return chips.slip_issue(actor=cage, carried_by="Officer Reyes",
                            chip_request=chips.chips_request(
            actor=supervisor, table=played_shift["table"], kind="fill", chips=FILL))
    return issue


@pytest.fixture
def day(played_shift, card_room, second_shift, fill_slip, counters, cage, accountant,
        supervisor, travel):
    """Both shift-1 boxes counted (CS-1's 100.00 short, explained); in shift 2 a fill
    voided with a reason a spreadsheet would run as a formula, and a fill issued."""
    short = count_box(counters, played_shift["table"], played_shift["day"], 1, {"20": "25"})
    count_box(counters, card_room, played_shift["day"], 1, {"5": "1"})
    void(fill_slip(), cage=cage, witness=accountant, reason=INJECTED)
    fill_slip()
    travel(at(2026, 11, 30, 16))
    count.variance_explain(actor=supervisor, variance=short.variances.get(),
                           found="+1 note stuck in the drop slot")
