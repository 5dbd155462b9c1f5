"""Every write of a held entry (issue 33): a dealer's tablet holds a queued round or hand
the service refused when it arrived (in the service's words, found again when it is
held), and it is resolved once, one of three ways, each a record with who and when: the
dealer corrects and sends it (under its own Idempotency-Key: nothing was recorded with
it), a supervisor enters it late, as it was or corrected (``late_entry``:
tables.floor.dealt), or either discards it with a reason. A correction is a record of its
own (who, when, each field changed); the body as held stays as the tablet sent it, and
the time it was dealt stays as held (issue 44)."""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.common.atomic import outside_transaction
from casino.common.confirmation import tried
from casino.common.errors import error_detail, nested_errors
from casino.common.roles import Role, has_role, is_supervisor
from casino.common.text import unstorable, unstorable_in
from casino.house.staff import casinos_of, require_staff
from tables.floor.models import Table
from tables.floor.recording import require_assigned_dealer
from tables.floor.selectors import tables_at_casinos_of
from tables.offline import payloads
from tables.offline.correcting import changes
from tables.offline.models import (
    HeldCorrection,
    HeldEntry,
    HeldKind,
    HeldResolution,
    Resolution,
)
from tables.poker.models import PokerHand
from tables.poker.services import poker_hand_record
from tables.stud.models import StudRound
from tables.stud.services import stud_round_record

# The longest a round may have waited in a tablet's queue and still be held: the queue
# bridges a drop in the floor's Wi-Fi, or a tablet left off over a weekend. A dealt time
# older than this is a clock gone wrong (a flat battery's 2001), and the books would
# carry a time nobody dealt at (docs/decisions.md, "Issue 44: held rounds").
HELD_AT_MOST = dt.timedelta(days=7)


class Kind(NamedTuple):
    """What a held entry of one kind becomes."""

    model: type            # the record it becomes
    records: str           # as a refusal calls them


KINDS = {HeldKind.STUD_ROUND: Kind(StudRound, "rounds"),
         HeldKind.POKER_HAND: Kind(PokerHand, "hands")}


def _record(kind: str, *, actor, table: Table, key: str, data: dict,
            late_entry: bool = False):
    """An entry of ``kind`` recorded by its recording service, called by name."""
    if HeldKind(kind) == HeldKind.STUD_ROUND:
        return stud_round_record(actor=actor, table=table, late_entry=late_entry,
                                 idempotency_key=key, **data)
    return poker_hand_record(actor=actor, table=table, late_entry=late_entry,
                             idempotency_key=key, **data)


class NotRefused(ValidationError):
    """Held, the entry would be recorded now (a limit raised since it was refused, say):
    nothing to hold; the tablet sends it again (the API answers 409)."""


def _refuse_unstorable(body) -> None:
    """Text no field may hold (NUL, half a character), refused at its place in the body
    whatever the door (the API's parser refuses it before; a page or a command not)."""
    found = unstorable_in(body, ("body",))
    if found:
        raise nested_errors(found)


def _checked_body(kind: str, body) -> dict:
    """The body as the recording service takes it (the API's own checks), or the refusal
    naming its fields (the same 400 as the recording's)."""
    _refuse_unstorable(body)
    return payloads.read_body(kind, body)


def held_keep(*, actor, table: Table, kind: str, body: dict,
              idempotency_key: str) -> tuple[HeldEntry, bool]:
    """Hold what the dealer's tablet queued and the service refused, with the service's
    own words for it (the recording tried again, undone: never the tablet's text); the
    same key again answers the entry first held with it (a tablet whose answer was lost
    sends it twice). One the service would record now is ``NotRefused``."""
    if not idempotency_key or unstorable(idempotency_key) is not None:
        raise ValidationError({"idempotency_key": ["A held entry keeps the Idempotency-Key it "
                                                   "was queued with: send it as the header."]})
    earlier = HeldEntry.objects.filter(dealer=actor, idempotency_key=idempotency_key).first()
    if earlier is not None:
        return earlier, False
    # A table of another casino (or none) is Table.DoesNotExist: the API's 404.
    table = tables_at_casinos_of(actor).get(pk=table.pk)
    require_assigned_dealer(actor, table, KINDS[HeldKind(kind)].records)
    data = _checked_body(kind, body)
    now = timezone.now()
    _refuse_unless_held_in_time(data["dealt_at"], now, table)
    made = KINDS[HeldKind(kind)].model.objects.filter(dealer=actor, idempotency_key=idempotency_key)
    if made.exists():
        raise ValidationError({"idempotency_key": [
            f"It was recorded already ({HeldKind(kind).label} {made.get().pk}): nothing to "
            "hold."]})
    refusal = _refusal_now(actor, table, kind, idempotency_key, data)
    try:
        with transaction.atomic():
            return HeldEntry.objects.create(
                table=table, dealer=actor, kind=kind, body=body,
                idempotency_key=idempotency_key, dealt_at=data["dealt_at"], refusal=refusal,
                held_at=now), True
    except IntegrityError:  # the same key held by another tab a moment ago
        return HeldEntry.objects.get(dealer=actor, idempotency_key=idempotency_key), False


def _refusal_now(actor, table: Table, kind: str, key: str, data: dict) -> dict:
    try:
        tried(lambda: _record(kind, actor=actor, table=table, key=key, data=data))
    except ValidationError as refused:
        return error_detail(refused)
    raise NotRefused({"held": [f"Nothing to hold: this {HeldKind(kind).label} is recorded "
                               "as it is now. The tablet sends it again."]})


def _refuse_unless_held_in_time(dealt_at: dt.datetime, held_at: dt.datetime,
                                table: Table) -> None:
    """A held entry was dealt before it was held, and at most ``HELD_AT_MOST`` before."""
    zone = table.casino.zone
    said = f"{dealt_at.astimezone(zone):%Y-%m-%d %H:%M:%S %Z}"
    if dealt_at > held_at:
        raise ValidationError({"dealt_at": [
            f"Dealt at {said}, later than it was held "
            f"({held_at.astimezone(zone):%Y-%m-%d %H:%M:%S %Z}): the tablet's clock ran "
            "ahead, and when it was dealt is not known."]})
    if held_at - dealt_at > HELD_AT_MOST:
        raise ValidationError({"dealt_at": [
            f"Dealt at {said}, {(held_at - dealt_at).days} days before it was held: no "
            f"tablet keeps a round that long ({HELD_AT_MOST.days} days at most), so its "
            "clock was wrong, and when it was dealt is not known."]})


def _as_held(held: HeldEntry, body) -> dict:
    """``body`` (a correction of ``held``) with the time it was dealt as held: left out,
    the held one; another, refused (a round dealt in a closed day, re-dated to now, would
    land on books it was not dealt in)."""
    _refuse_unstorable(body)
    if not isinstance(body, dict):
        raise ValidationError({"body": ["Send the corrected entry as an object."]})
    if body.get("dealt_at") is None:
        return {**body, "dealt_at": held.body["dealt_at"]}
    sent = _checked_body(held.kind, body)["dealt_at"]
    if sent != held.dealt_at:
        zone = held.table.casino.zone
        raise ValidationError({"dealt_at": [
            f"This {held.get_kind_display()} was held as dealt at "
            f"{held.dealt_at.astimezone(zone):%Y-%m-%d %H:%M:%S %Z}; that stays: the time it "
            "was dealt decides its books, and only a supervisor's late entry puts it on the "
            "books open now."]})
    return {**body, "dealt_at": held.body["dealt_at"]}


@transaction.atomic
def held_send(*, actor, held: HeldEntry, body: dict):
    """The dealer corrects his held entry and sends it: recorded as he sends it now, on
    the books of the time it was dealt (refused in words as any recording is); what he
    changed is kept (a ``HeldCorrection``). Returns (record, created): sent again after
    its answer was lost, the record it became."""
    done = HeldResolution.objects.filter(held=held, outcome=Resolution.RECORDED,
                                         by=actor).first()
    if done is not None:
        return done.stud_round or done.poker_hand, False
    held = _open(held)
    if actor.pk != held.dealer_id:
        raise PermissionDenied("Only the dealer who entered it corrects and sends it; a "
                               "supervisor enters it late or discards it.")
    body = _as_held(held, body)
    record, _ = _record(held.kind, actor=actor, table=held.table, key=held.idempotency_key,
                        data=_checked_body(held.kind, body))
    _corrected(held, body, actor)
    _resolve(held, Resolution.RECORDED, actor, record)
    return record, True


@transaction.atomic
def held_enter_late(*, actor, held: HeldEntry, body: dict | None = None):
    """A supervisor's late entry: the entry recorded as the dealer sent it, or as the
    supervisor corrected it (``body``: kept as a ``HeldCorrection``, with his name), in
    the dealer's name (his round, whether or not he deals at that table now), confirmed
    by the supervisor; dealt in a day or shift since closed, it lands on the books open
    now (tables.floor.dealt)."""
    held = _open(held)
    _require_supervisor_of(actor, held)
    _require_still_a_dealer(held)
    _refuse_unless_held_in_time(held.dealt_at, held.held_at, held.table)
    body = held.body if body is None else _as_held(held, body)
    record, _ = _record(held.kind, actor=held.dealer, table=held.table,
                        key=held.idempotency_key, data=_checked_body(held.kind, body),
                        late_entry=True)
    _corrected(held, body, actor)
    _resolve(held, Resolution.LATE_ENTRY, actor, record)
    return record


@outside_transaction("it tries the late entry in a transaction it undoes")
def enter_late_refusal(*, actor, held: HeldEntry) -> dict | None:
    """Why entering ``held`` late as it was sent would be refused now (the late entry
    itself, tried and undone), in the service's words; None: it would be entered."""
    try:
        tried(lambda: held_enter_late(actor=actor, held=held))
    except ValidationError as refused:
        return error_detail(refused)
    except PermissionDenied as refused:
        return {"held": [str(refused)]}
    return None


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
    said = unstorable(reason)
    if said is not None:
        raise ValidationError({"reason": [said]})
    if len(reason) > 300:
        raise ValidationError({"reason": [f"The reason is {len(reason)} characters; keep it "
                                          "to 300."]})
    return _resolved_once(held, outcome=Resolution.DISCARDED, reason=reason, by=actor)


def _open(held: HeldEntry) -> HeldEntry:
    """The entry, still to resolve; resolved already, refused in words. (A record is never
    locked, as nobody may update it: two resolutions at once meet the resolution's one-to-
    one constraint, and the second is refused the same way, ``_resolved_once``.)"""
    held = HeldEntry.objects.select_related("table__casino", "dealer").get(pk=held.pk)
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


def _require_still_a_dealer(held: HeldEntry) -> None:
    """The record stays its dealer's: entered late in his name, he must still be a dealer
    of the casino (not necessarily at that table)."""
    dealer, casino = held.dealer, held.table.casino
    if not (dealer.is_active and has_role(dealer, Role.DEALER)
            and casinos_of(dealer).filter(pk=casino.pk).exists()):
        raise ValidationError({"held": [
            f"{dealer.get_username()} is no longer a dealer of {casino.name}: a late entry "
            "is recorded in the name of the dealer who dealt it. Discard it, saying why, "
            "and record what was dealt another way."]})


def _corrected(held: HeldEntry, body: dict, actor) -> HeldCorrection | None:
    """The correction ``actor`` made of ``held``'s body, kept beside it (None: as sent)."""
    changed = changes(held.body, body)
    if not changed:
        return None
    return HeldCorrection.objects.create(held=held, body=body, changes=changed, by=actor)


def _resolve(held: HeldEntry, outcome: str, actor, record) -> HeldResolution:
    link = ({"stud_round": record} if held.kind == HeldKind.STUD_ROUND
            else {"poker_hand": record})
    return _resolved_once(held, outcome=outcome, by=actor, **link)
