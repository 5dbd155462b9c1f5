"""A jackpot hit changes as it is settled and approved, so its row is not sealed; its
audit events are, and its live row must say what its last event says. The approval, the
witness and the W-2G details are records, sealed. What the database's owner changes in
any of them is found."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from casino.common import seals
from casino.common.chains import breaks
from payouts.jackpots import settlement
from payouts.jackpots.models import HitStatus, JackpotHit
from tests.jackpots.conftest import FOUR, approve, play

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_paid_jackpots_amount_raised_by_the_owner_is_found(jackpot_table, progressive,
                                                           as_owner, capsys):
    play(jackpot_table, FOUR, seat=3)
    settlement.settle_pending_hits(progressive.pk)
    hit = JackpotHit.objects.get()
    assert (hit.status, hit.amount) == (HitStatus.PAID, D("500.00"))
    seals.seal_pending()
    assert breaks() == []

    as_owner("UPDATE payouts_jackpothit SET amount = 5000 WHERE id = %s", [hit.pk],
             table="payouts_jackpothit")
    assert [(b["ledger"], b["entry"], b["broken"]) for b in breaks()] == [
        ("payouts_jackpothitevent", f"jackpot hit {hit.pk}",
         "last audit event (the row was changed or removed without a trace)")]


def test_an_approval_its_witness_and_w2g_details_altered_by_the_owner_are_found(
        w2g_hit, supervisor, witness, as_owner):
    from tests.jackpots.conftest import W2G_PLAYER

    approve(supervisor, w2g_hit, player=W2G_PLAYER)
    approval = w2g_hit.approval
    seals.seal_pending()
    assert breaks() == []
    as_owner("UPDATE payouts_hitapproval SET witnessed_at = witnessed_at - interval '1 hour' "
             "WHERE id = %s", [approval.pk], table="payouts_hitapproval")
    as_owner("UPDATE payouts_w2gplayer SET full_name = 'Someone Else' "
             "WHERE approval_id = %s", [approval.pk], table="payouts_w2gplayer")
    found = {(b["ledger"], b["broken"]) for b in breaks()}
    assert found == {("payouts_hitapproval", "content"), ("payouts_w2gplayer", "content")}
