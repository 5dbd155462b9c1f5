"""Paying a meter's pending hits, exactly once, in the order they were recorded.

Settlement runs in a Celery task after the round commits (payouts.jackpots.tasks) and in
a periodic sweep for hits whose message was lost. It locks the meter, takes the pending
hits in the order they reached the meter (their ids: a round writes its hits, in seat
order, under the meter's lock) and moves each to ``paid`` or ``awaiting_approval`` in the
same transaction as the meter entries: a second run finds nothing pending, so a retried
or duplicated task changes nothing. The meter math is in ``tables.rules.progressive``.
"""

from __future__ import annotations

from itertools import groupby

from django.db import transaction
from django.utils import timezone

from casino.common import push
from payouts.jackpots import ledger
from payouts.jackpots.models import (
    HitStatus,
    JackpotHit,
    MeterKind,
    MeterName,
    Progressive,
    award_rules,
)
from tables.rules.money import unit
from tables.rules.progressive import Hit, settle_hits, w2g_reportable, withholding_applies


@transaction.atomic
def settle_pending_hits(progressive_id: int) -> int:
    """Pay every pending hit of one meter, once. Returns how many were settled."""
    progressive = (Progressive.objects.select_related("casino")
                   .select_for_update(of=("self",)).get(pk=progressive_id))
    pending = list(JackpotHit.objects.filter(progressive=progressive,
                                             status=HitStatus.PENDING)
                   .select_for_update().order_by("id"))
    if not pending:
        return 0
    schedule = award_rules(progressive.awards)
    now = timezone.now()
    for round_id, round_hits in groupby(pending, key=lambda h: h.round_id):
        round_hits = list(round_hits)
        result = settle_hits(progressive.amount, [Hit(h.seat, h.category) for h in round_hits],
                             schedule, seed=progressive.seed, reserve=progressive.reserve,
                             unit=unit(progressive.currency))
        by_seat = {h.seat: h for h in round_hits}
        for award in result.awards:
            hit = by_seat[award.seat]
            hit.amount, hit.meter_before = award.amount, award.meter_before
            hit.from_meter, hit.shared_by = award.from_meter, award.shared_by
            hit.w2g = w2g_reportable(award.amount, hit.wager)
            hit.withholding = withholding_applies(award.amount, hit.wager)
            hit.status = (HitStatus.AWAITING_APPROVAL
                          if award.amount >= progressive.approval_threshold else HitStatus.PAID)
            hit.settled_at = now
            hit.save(update_fields=["amount", "meter_before", "from_meter", "shared_by", "w2g",
                                    "withholding", "status", "settled_at"])
        ledger.post(progressive, _round_movements(round_id, result, by_seat))
    # Each table's pending jackpot on its casino's live board: paid, or waiting approval.
    for casino_id in set(JackpotHit.objects.filter(pk__in=[h.pk for h in pending])
                         .values_list("round__table__casino", flat=True)):
        push.floor_changed(casino_id)
    return len(pending)


def _round_movements(round_id, result, by_seat) -> list[ledger.Movement]:
    """One ledger movement per movement of the meter (and of the reserve for a reset)."""
    movements = []
    for movement in result.movements:
        if movement.kind == MeterKind.AWARD:
            movements.append(ledger.Movement(
                MeterName.METER, MeterKind.AWARD, movement.amount, round_id=round_id,
                hit_id=by_seat[movement.seats[0]].pk, reason=_seats_text(movement.seats)))
            continue
        if movement.from_reserve:
            movements.append(ledger.Movement(
                MeterName.RESERVE, MeterKind.RESET, -movement.from_reserve,
                round_id=round_id, reason="the reserve funds the reset"))
        movements.append(ledger.Movement(MeterName.METER, MeterKind.RESET, movement.amount,
                                         round_id=round_id, reason="reset to seed"))
    return movements


def _seats_text(seats) -> str:
    return "seat " + str(seats[0]) if len(seats) == 1 else \
        "shared by seats " + ", ".join(map(str, seats))


def settle_all_pending() -> int:
    """The sweep: settle every meter that has pending hits."""
    ids = set(JackpotHit.objects.filter(status=HitStatus.PENDING)
              .values_list("progressive_id", flat=True))
    return sum(settle_pending_hits(i) for i in sorted(ids))
