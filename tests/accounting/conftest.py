"""The cage and the count team beside the floor's personas, and one banked table's shift
played from opener to closer at chosen instants (the reports' floor helpers)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from casino.common.witness import Device
from tables.chips import services as chips
from tables.chips.models import SignerRole
from tables.count import services as count
from tests.conftest import make_user
from tests.played import WINNING_ROUND, at

OPENER = {"100": "20", "25": "40", "5": "100"}            # 2,000 + 1,000 + 500 = 3,500
FILL = {"25": "40"}                                         # 1,000
CREDIT = {"100": "5"}                                       # 500
CLOSER = {"100": "15", "25": "76", "5": "2", "1": "1"}      # 1,500 + 1,900 + 10 + 1 = 3,411
LOSING_ROUND = {  # the dealer's kings beat seat 1's ace-queen (10 + 20, and the jackpot
    # wager of 1.00 taken); seat 2 folds 5
    "dealer_cards": ["Ks", "Kc", "9h", "6d", "3s"],
    "seats": [{"seat": 1, "ante": "10.00", "decision": "raise", "progressive": True,
               "cards": ["Ah", "Qc", "Jd", "8s", "4c"]},
              {"seat": 2, "ante": "5.00", "decision": "fold"}],
}
# The rounds above and the reports' WINNING_ROUND (the house pays 30, takes 5): the
# house's result is -25 + 35 + 1 = 11.00.
RECORDED = D("11.00")


@pytest.fixture
def cage(db):
    return make_user("cleo_cage", "cage")


@pytest.fixture
def counters(db):
    return make_user("carl_count", "count"), make_user("cora_count", "count")


@pytest.fixture
def sign_both(dealer, supervisor):
    """The dealer's and the supervisor's signatures on a chip slip."""
    def sign(slip):
        chips.slip_sign(actor=dealer, slip=slip, role=SignerRole.DEALER)
        chips.slip_sign(actor=supervisor, slip=slip, role=SignerRole.SUPERVISOR)
        return slip
    return sign


@pytest.fixture
def inventory_here(us_casino, supervisor):
    """Test Harbor keeps its table inventory here: its banked tables deal only inside a
    shift opened on the chips page, its opener signed by the supervisor and the dealer."""
    return chips.accounting_rules_set(actor=supervisor, casino=us_casino,
                                      inventory_in_service=True)


@pytest.fixture
def played_shift(jackpot_table, inventory_here, supervisor, dealer, cage, play_round, travel,
                 sign_both):
    """CS-1's first shift of 2026-11-30 (New York): opened with 3,500 (the opener signed by
    the supervisor and the dealer), a winning and a losing round, a fill of 1,000 and a
    credit of 500, closed with 3,411."""
    travel(at(2026, 11, 30, 6, 5))
    opener = chips.inventory_open(actor=supervisor, table=jackpot_table,
                                  gaming_day=at(2026, 11, 30, 6).date(), shift=1, chips=OPENER)
    chips.inventory_sign(actor=dealer, slip=opener, role=SignerRole.DEALER)
    play_round(jackpot_table, at(2026, 11, 30, 7), WINNING_ROUND)
    fill = chips.chips_request(actor=supervisor, table=jackpot_table, kind="fill", chips=FILL)
    travel(at(2026, 11, 30, 8))
    sign_both(chips.slip_issue(actor=cage, carried_by="Officer Reyes", chip_request=fill))
    play_round(jackpot_table, at(2026, 11, 30, 9), LOSING_ROUND)
    credit = chips.chips_request(actor=supervisor, table=jackpot_table, kind="credit",
                                 chips=CREDIT)
    travel(at(2026, 11, 30, 10))
    sign_both(chips.slip_issue(actor=cage, carried_by="Officer Reyes", chip_request=credit))
    travel(at(2026, 11, 30, 13, 55))
    closer = chips.inventory_close(actor=supervisor, table=jackpot_table, chips=CLOSER)
    return {"table": jackpot_table, "opener": opener, "closer": closer,
            "day": opener.gaming_day}


@pytest.fixture
def accounting_floor(played_shift, supervisor, dealer, other_dealer, accountant, outsider,
                     cage, counters, holdem, travel):
    from casino.house.models import Casino

    table = played_shift["table"]
    first, second = counters
    travel(at(2026, 11, 30, 15))
    box = count.box_count(actor=first, table=table, gaming_day=played_shift["day"], shift=1,
                          cash={"20": "25"}, chips={}, witness=second.username,
                          witness_password="cora_count-password-1",
                          device=Device(address=None, path="/count/"))
    opener = chips.inventory_open(actor=supervisor, table=table, gaming_day=played_shift["day"],
                                  shift=2, chips=OPENER)
    issued = chips.slip_issue(actor=cage, carried_by="Officer Reyes",
                            chip_request=chips.chips_request(
        actor=supervisor, table=table, kind="fill", chips=FILL))
    waiting = chips.chips_request(actor=supervisor, table=table, kind="credit",
                                  chips={"100": "1"})
    mayfair = Casino.objects.create(name="Mayfair", currency="GBP", timezone="Europe/London")
    mayfair.staff.remove(*mayfair.staff.all())
    other = make_user("mo_mayfair", "supervisor", "dealer", "accountant", "cage", "count",
                      at=[mayfair])
    return {
        "people": {"anonymous": None, "no_role": outsider, "dealer_assigned": dealer,
                   "dealer_unassigned": other_dealer, "supervisor": supervisor,
                   "accountant": accountant, "cage": cage, "count": first,
                   "other_casino": other},
        "ids": {"casino": table.casino_id, "table": table.pk, "poker": holdem.pk,
                "opener": opener.pk, "request": waiting.pk, "slip": issued.pk,
                "count": box.pk, "variance": box.variances.get().pk},
    }
