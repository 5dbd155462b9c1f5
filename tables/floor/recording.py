"""What every recording service shares (stud rounds, poker hands, time collections): the
dealer's assignment, the cards as recorded, the Idempotency-Key of a recording, and the
supervisor's void that corrects a record by a new one."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from casino.common.errors import IdempotencyKeyReused, nested_error
from casino.common.roles import Role, has_role, is_supervisor
from tables.floor.models import Table
from tables.rules.cards import CardError, parse_cards


def require_assigned_dealer(actor, table: Table, records: str) -> None:
    """Only the dealers assigned to a table record its rounds or hands."""
    if not has_role(actor, Role.DEALER) or not table.dealers.filter(pk=actor.pk).exists():
        raise PermissionDenied(
            f"{actor.get_username()} is not assigned to deal at {table.label}; only its "
            f"assigned dealers record {records} there.")


def _serialise_corrections(record) -> None:
    """Two supervisors voiding one record at once: the second waits, then sees the first
    void. An advisory lock, not a row lock: the application role may not UPDATE records,
    and PostgreSQL asks for that privilege before it locks a row."""
    key = f"{record._meta.db_table}:{record.pk}"
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [key])


def void_record(*, actor, record, void_model, link: str, noun: str, reason: str):
    """A supervisor's correction of a recorded round, hand or collection: a new record
    with the reason, pointing at the old one, which stays (call inside a transaction)."""
    if not is_supervisor(actor):
        raise PermissionDenied(f"Only a supervisor can void a {noun}.")
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": [f"Say why the {noun} is voided."]})
    _serialise_corrections(record)
    if void_model.objects.filter(**{link: record}).exists():
        raise ValidationError({link: [f"{noun.capitalize()} {record.pk} is already voided."]})
    now = timezone.now()
    return void_model.objects.create(**{link: record}, reason=reason, voided_by=actor,
                                     voided_at=now,
                                     gaming_day=record.table.casino.gaming_day(now))


def parse_cards_at(cards: Sequence[str] | None, path: tuple) -> tuple[int, ...] | None:
    """Cards as recorded ("As", "10d", "A♠"), or a refusal naming where in the body the
    bad card is, e.g. ("seats", 2, "cards")."""
    if cards is None:
        return None
    try:
        return tuple(parse_cards(list(cards)))
    except CardError as error:
        raise nested_error(path, str(error)) from None


def request_fingerprint(**request: Any) -> str:
    """A digest of what a recording request asked for (its table and its checked body),
    kept with the record so a replayed Idempotency-Key can be told from a reused one."""
    canonical = json.dumps(request, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def replayed_record(model, *, actor, key: str, fingerprint: str, noun: str):
    """The record an earlier request made with this user's Idempotency-Key, if it asked
    for the same thing; a different request under the same key is refused (409)."""
    if not key:
        return None
    earlier = model.objects.filter(dealer=actor, idempotency_key=key).select_related(
        "table").first()
    if earlier is None:
        return None
    if earlier.idempotency_fingerprint != fingerprint:
        raise IdempotencyKeyReused(
            f"The Idempotency-Key '{key}' was already used for another {noun} ({noun} "
            f"{earlier.pk} at {earlier.table.label}, with different cards or amounts). "
            f"Nothing was recorded: a new {noun} needs a new key (open a fresh form).")
    return earlier


def create_keyed(model, *, key: str, fingerprint: str, noun: str, **fields):
    """Insert a record under its Idempotency-Key. The same user sending the same key to
    another table at the same moment loses the race to the unique constraint: refused
    as a reused key, not a 500."""
    if not key:
        return model.objects.create(**fields)
    try:
        with transaction.atomic():
            return model.objects.create(idempotency_key=key,
                                        idempotency_fingerprint=fingerprint, **fields)
    except IntegrityError:
        replayed_record(model, actor=fields["dealer"], key=key, fingerprint=fingerprint,
                        noun=noun)
        raise
