"""A jackpot hit waiting for approval, with and without a W-2G, and its witness."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from django.core.exceptions import ValidationError

from casino.common.errors import error_detail
from casino.common.witness import Device
from payouts.jackpots import services as jackpots
from payouts.jackpots import settlement
from payouts.jackpots.models import HitApproval, HitStatus, JackpotHit, W2GPlayer
from tables.stud.services import stud_round_record
from tests.conftest import make_user
from tests.helpers import ROYAL_HEARTS

FOUR = "9c 9d 9h 9s 2d"
W2G_PLAYER = {"full_name": "Pat Q. Player", "street": "3570 Las Vegas Blvd S",
              "city": "Las Vegas", "region": "NV", "postal_code": "89109",
              "country": "United States", "tin": "234-56-7891", "id_kind": "drivers_license",
              "id_number": "NV1234567", "date_of_birth": "1970-05-31"}
PASSWORD = "{}-password-1"


def play(table, cards, seat=1):
    return stud_round_record(
        actor=table.dealers.get(), table=table, dealer_cards=["As", "Kd", "7c", "4h", "2s"],
        seats=[{"seat": seat, "ante": D("10.00"), "decision": "raise", "progressive": True,
                "cards": cards.split()}])[0]


@pytest.fixture
def w2g_hit(controller, jackpot_table, progressive):
    """A royal flush on a grown meter: $50,000.70, over the threshold, with a W-2G (the
    group's meter, corrected by the group's controller)."""
    jackpots.progressive_correct(actor=controller, progressive=progressive, meter="meter",
                                 new_balance=D("50000.00"), reason="test: a grown meter")
    play(jackpot_table, ROYAL_HEARTS)
    settlement.settle_pending_hits(progressive.pk)
    hit = JackpotHit.objects.get()
    assert (hit.status, hit.amount, hit.w2g) == (HitStatus.AWAITING_APPROVAL, D("50000.70"), True)
    return hit


@pytest.fixture
def plain_hit(jackpot_table, progressive):
    """Four of a kind, $500.00: over a low threshold, under the W-2G's $600."""
    type(progressive).objects.filter(pk=progressive.pk).update(approval_threshold=D("100.00"))
    play(jackpot_table, FOUR, seat=3)
    settlement.settle_pending_hits(progressive.pk)
    hit = JackpotHit.objects.get()
    assert (hit.status, hit.amount, hit.w2g) == (HitStatus.AWAITING_APPROVAL, D("500.00"), False)
    return hit


@pytest.fixture
def witness(db):
    return make_user("wendy_witness", "accountant")


def typed_in():
    return Device(address="10.0.0.9", path="/pit/jackpot-hits/1/approve/")


def approve(supervisor, hit, witness_name="wendy_witness", password=None, **kwargs):
    return jackpots.hit_approve(actor=supervisor, hit=hit, device=typed_in(),
                                witness=witness_name,
                                witness_password=password or PASSWORD.format(witness_name),
                                **kwargs)


def refusal(call) -> dict:
    with pytest.raises(ValidationError) as refused:
        call()
    return error_detail(refused.value)


def nothing_stored(hit):
    hit.refresh_from_db()
    assert hit.status == HitStatus.AWAITING_APPROVAL
    assert not HitApproval.objects.exists()
    assert not W2GPlayer.objects.exists()


def w2g_hit_committed(supervisor):
    """The w2g_hit fixture's hit, written outside a test transaction (for the owner's
    own connection to see it)."""
    from payouts.terms.services import paytable_create, paytable_publish
    from tables.floor import services as floor

    dealer = make_user("dana_dealer", "dealer")
    casino = floor.casino_create(actor=supervisor, name="Test Harbor", currency="USD",
                                 timezone="America/New_York")
    table = floor.table_create(actor=supervisor, casino=casino, label="CS-1",
                               game="caribbean_stud", status="open", dealers=[dealer])
    floor.table_assign_paytable(actor=supervisor, table=table, paytable=paytable_publish(
        actor=supervisor, paytable=paytable_create(actor=supervisor, name="US", variant="us",
                                                   casino=casino)))
    meter = jackpots.progressive_create(actor=supervisor, name="Harbor Jackpot", currency="USD",
                                        seed=D("50000.00"), contribution_rate=D("0.70"),
                                        approval_threshold=D("20000.00"), casino=casino)
    table = floor.table_link_progressive(actor=supervisor, table=table, progressive=meter)
    play(table, ROYAL_HEARTS)
    settlement.settle_pending_hits(meter.pk)
    return JackpotHit.objects.get(status=HitStatus.AWAITING_APPROVAL)
