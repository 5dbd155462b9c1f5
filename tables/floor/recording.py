"""What every recording service shares (stud rounds, poker hands, time collections): the
dealer's assignment, the cards as recorded, the Idempotency-Key of a recording, and the
supervisor's void that corrects a record by a new one."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, connection
from django.db.models import Exists, OuterRef
from django.utils import timezone

from casino.common.errors import IdempotencyKeyReused, nested_error
from casino.common.roles import Role, has_role, is_supervisor
from tables.floor import books, shifts
from tables.floor.models import Table, TableDealer
from tables.floor.selectors import tables_at_casinos_of
from tables.rules.cards import CardError, parse_cards


def lock_for_recording(actor, table: Table, *, records: str,
                       related: Sequence[str] = ("casino",)) -> Table:
    """The table a dealer records at, its row locked until the recording commits. One
    query also answers whether the actor works at its casino (else ``Table.DoesNotExist``,
    a 404) and deals there (else ``PermissionDenied``: only its assigned dealers record
    its rounds or hands). It also reads, for ``books.landing_day`` and
    ``shifts.recording_refusal``, the casino's last closed day (``books_closed_to``) and
    whether it keeps its table inventory here (``keeps_inventory``)."""
    assigned = TableDealer.objects.filter(table=OuterRef("pk"), dealer=actor.pk)
    table = (tables_at_casinos_of(actor).select_for_update(of=("self",))
             .select_related(*related).annotate(actor_deals_here=Exists(assigned),
                                                books_closed_to=books.closed_to_of(),
                                                keeps_inventory=shifts.keeps_inventory_of())
             .order_by().get(pk=table.pk))
    if not has_role(actor, Role.DEALER) or not table.actor_deals_here:
        raise PermissionDenied(
            f"{actor.get_username()} is not assigned to deal at {table.label}; only its "
            f"assigned dealers record {records} there.")
    return table


def require_assigned_dealer(actor, table: Table, records: str) -> None:
    """For pages that show a recording form: the same refusal, without the lock."""
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
    casino = record.table.casino
    day = books.landing_day(books.Record.VOID, casino, casino.gaming_day(now))
    return void_model.objects.create(**{link: record}, reason=reason, voided_by=actor,
                                     voided_at=now, gaming_day=day)


def as_recorded(record, **children):
    """A record just written, with its children in hand (``seats=[...]``), read by the
    serializers as if prefetched: the answer is built without reading the record back.
    It has no correction yet."""
    cache = record._prefetched_objects_cache = {}
    for name, rows in children.items():
        # As Django's prefetch leaves it: a queryset holding the rows, still a queryset.
        cached = getattr(record, name).get_queryset()
        cached._result_cache, cached._prefetch_done = list(rows), True
        cache[name] = cached
    type(record).correction.related.set_cached_value(record, None)
    return record


def parse_cards_at(cards: Sequence[str] | None, path: tuple,
                   problems: list | None = None) -> tuple[int, ...] | None:
    """Cards as recorded ("As", "10d", "A♠"), or a refusal naming where in the body the
    bad card is, e.g. ("seats", 2, "cards"). Given ``problems``, a bad card is added to
    them as (path, message) and None returned, so the other fields are checked too."""
    if cards is None:
        return None
    try:
        return tuple(parse_cards(list(cards)))
    except CardError as error:
        if problems is None:
            raise nested_error(path, str(error)) from None
        problems.append((path, str(error)))
        return None


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


def record_once(model, record: Callable[[], Any], *, actor, key: str, fingerprint: str,
                noun: str) -> tuple[Any, bool]:
    """Run ``record`` (the transaction that writes one record under the Idempotency-Key)
    once per key: (the record, True). A new key, the common case, costs nothing beyond the
    insert; a key already used (the unique constraint says so) answers the record first
    made with it, (that record, False), if the request is the same and is refused (409)
    if not. A replay refused since (its table closed) still answers the first record."""
    try:
        return record(), True
    except IntegrityError as error:
        if not key or _constraint_of(error) not in _key_constraints(model):
            raise
    except ValidationError:
        earlier = replayed_record(model, actor=actor, key=key, fingerprint=fingerprint,
                                  noun=noun)
        if earlier is None:
            raise
        return earlier, False
    return replayed_record(model, actor=actor, key=key, fingerprint=fingerprint,
                           noun=noun), False


def _constraint_of(error: IntegrityError) -> str | None:
    diag = getattr(error.__cause__, "diag", None)
    return getattr(diag, "constraint_name", None)


def _key_constraints(model) -> set[str]:
    return {c.name for c in model._meta.constraints
            if "idempotency_key" in getattr(c, "fields", ())}


def create_keyed(model, *, key: str, fingerprint: str, **fields):
    """Insert a record under its Idempotency-Key (inside ``record_once``: a key used
    before fails the insert, and record_once answers it)."""
    if not key:
        return model.objects.create(**fields)
    return model.objects.create(idempotency_key=key, idempotency_fingerprint=fingerprint,
                                **fields)


def seal_before_shared_rows(record) -> None:
    """Seal the record now rather than at commit (RecordSeal, migration tables 0018): a
    round or hand then holds a shared row it locks last (a jackpot meter, a bad-beat fund)
    only for its own writes and the commit, not while its seal is computed. The seal then
    goes back to waiting for the commit: a later round of the same transaction (the demo's
    history, a test) is sealed when its seats exist, not at its own insert."""
    constraint = f"{record._meta.db_table}_seal"
    with connection.cursor() as cursor:  # one round trip, as before
        cursor.execute(f"SET CONSTRAINTS {constraint} IMMEDIATE; "
                       f"SET CONSTRAINTS {constraint} DEFERRED")
