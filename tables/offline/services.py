"""Every write of a held entry (issue 33): a dealer's tablet holds a queued round or hand
the service refused when it arrived, and it is resolved once, one of three ways, each a
record with who and when: the dealer corrects and sends it (under its own Idempotency-Key:
nothing was recorded with it), a supervisor enters it late as it was (``late_entry``:
tables.floor.dealt), or either discards it with a reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from rest_framework import serializers as drf

from casino.common.roles import is_supervisor
from casino.common.staff import require_staff
from tables.floor.models import Table
from tables.floor.recording import require_assigned_dealer
from tables.floor.selectors import tables_at_casinos_of
from tables.offline.models import HeldEntry, HeldKind, HeldResolution, Resolution
from tables.poker.models import PokerHand
from tables.poker.serializers import PokerHandInput
from tables.poker.services import poker_hand_record
from tables.stud.models import StudRound
from tables.stud.serializers import StudRoundInput
from tables.stud.services import stud_round_record


class Kind(NamedTuple):
    """What a held entry of one kind is checked and recorded by."""

    payload: type          # the API's input serializer
    record: Callable       # the recording service
    model: type            # the record it becomes
    records: str           # as a refusal calls them


KINDS = {HeldKind.STUD_ROUND: Kind(StudRoundInput, stud_round_record, StudRound, "rounds"),
         HeldKind.POKER_HAND: Kind(PokerHandInput, poker_hand_record, PokerHand, "hands")}


def checked_body(kind: str, body) -> dict:
    """The body as the recording service takes it (the API's own checks), or the API's
    refusal naming the fields (a DRF ValidationError: the same 400 as the recording's)."""
    payload = KINDS[HeldKind(kind)].payload(data=body)
    payload.is_valid(raise_exception=True)
    if payload.validated_data.get("dealt_at") is None:
        raise drf.ValidationError({"dealt_at": ["A held entry says when it was dealt."]})
    return payload.validated_data


def held_keep(*, actor, table: Table, kind: str, body: dict, idempotency_key: str,
              refusal: dict) -> tuple[HeldEntry, bool]:
    """Hold what the dealer's tablet queued and the service refused; the same key again
    answers the entry first held with it (a tablet whose answer was lost sends it twice)."""
    if not idempotency_key:
        raise ValidationError({"idempotency_key": ["A held entry keeps the Idempotency-Key it "
                                                   "was queued with: send it as the header."]})
    earlier = HeldEntry.objects.filter(dealer=actor, idempotency_key=idempotency_key).first()
    if earlier is not None:
        return earlier, False
    # A table of another casino (or none) is Table.DoesNotExist: the API's 404.
    table = tables_at_casinos_of(actor).get(pk=table.pk)
    require_assigned_dealer(actor, table, KINDS[HeldKind(kind)].records)
    data = checked_body(kind, body)
    made = KINDS[HeldKind(kind)].model.objects.filter(dealer=actor, idempotency_key=idempotency_key)
    if made.exists():
        raise ValidationError({"idempotency_key": [
            f"It was recorded already ({HeldKind(kind).label} {made.get().pk}): nothing to "
            "hold."]})
    try:
        with transaction.atomic():
            return HeldEntry.objects.create(
                table=table, dealer=actor, kind=kind, body=body,
                idempotency_key=idempotency_key, dealt_at=data["dealt_at"],
                refusal=refusal), True
    except IntegrityError:  # the same key held by another tab a moment ago
        return HeldEntry.objects.get(dealer=actor, idempotency_key=idempotency_key), False


@transaction.atomic
def held_send(*, actor, held: HeldEntry, body: dict):
    """The dealer corrects his held entry and sends it: recorded as he sends it now, on
    the books of the time it was dealt (refused in words as any recording is). Returns
    (record, created): sent again after its answer was lost, the record it became."""
    done = HeldResolution.objects.filter(held=held, outcome=Resolution.RECORDED,
                                         by=actor).first()
    if done is not None:
        return done.stud_round or done.poker_hand, False
    held = _open(held)
    if actor.pk != held.dealer_id:
        raise PermissionDenied("Only the dealer who entered it corrects and sends it; a "
                               "supervisor enters it late or discards it.")
    service, data = KINDS[HeldKind(held.kind)].record, checked_body(held.kind, body)
    record, _ = service(actor=actor, table=held.table, idempotency_key=held.idempotency_key,
                        **data)
    _resolve(held, Resolution.RECORDED, actor, record)
    return record, True


@transaction.atomic
def held_enter_late(*, actor, held: HeldEntry):
    """A supervisor's late entry: the entry recorded as the dealer sent it, by him (his
    round), confirmed by the supervisor; dealt in a day or shift since closed, it lands
    on the books open now (tables.floor.dealt)."""
    held = _open(held)
    _require_supervisor_of(actor, held)
    service, data = KINDS[HeldKind(held.kind)].record, checked_body(held.kind, held.body)
    record, _ = service(actor=held.dealer, table=held.table,
                        idempotency_key=held.idempotency_key, late_entry=True, **data)
    _resolve(held, Resolution.LATE_ENTRY, actor, record)
    return record


@transaction.atomic
def held_discard(*, actor, held: HeldEntry, reason: str) -> HeldResolution:
    """The entry discarded, by its dealer or a supervisor of its casino, saying why."""
    held = _open(held)
    if actor.pk != held.dealer_id:
        _require_supervisor_of(actor, held)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": ["Say why it is discarded: the reason is kept with "
                                          "it."]})
    if len(reason) > 300:
        raise ValidationError({"reason": [f"The reason is {len(reason)} characters; keep it "
                                          "to 300."]})
    return _resolved_once(held, outcome=Resolution.DISCARDED, reason=reason, by=actor)


def _open(held: HeldEntry) -> HeldEntry:
    """The entry, still to resolve; resolved already, refused in words. (A record is never
    locked, as nobody may update it: two resolutions at once meet the resolution's one-to-
    one constraint, and the second is refused the same way, ``_resolved_once``.)"""
    held = HeldEntry.objects.select_related("table__casino").get(pk=held.pk)
    _refuse_if_resolved(held)
    return held


def _refuse_if_resolved(held: HeldEntry) -> None:
    done = HeldResolution.objects.filter(held=held).select_related("by").first()
    if done is not None:
        raise ValidationError({"held": [
            f"This {held.get_kind_display()} was {done.get_outcome_display()} already by "
            f"{done.by.get_username()}."]})


def _resolved_once(held: HeldEntry, **fields) -> HeldResolution:
    try:
        with transaction.atomic():
            return HeldResolution.objects.create(held=held, **fields)
    except IntegrityError:
        _refuse_if_resolved(held)
        raise


def _require_supervisor_of(actor, held: HeldEntry) -> None:
    if not is_supervisor(actor):
        raise PermissionDenied("Only a supervisor enters a held round late or discards "
                               "another dealer's.")
    require_staff(actor, held.table.casino)


def _resolve(held: HeldEntry, outcome: str, actor, record) -> HeldResolution:
    link = ({"stud_round": record} if held.kind == HeldKind.STUD_ROUND
            else {"poker_hand": record})
    return _resolved_once(held, outcome=outcome, by=actor, **link)
