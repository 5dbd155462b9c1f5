"""What every recording service shares (stud rounds, poker hands, time collections): the
dealer's assignment, the cards as recorded, the Idempotency-Key of a recording, and the
supervisor's void that corrects a record by a new one."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, connection
from django.db.models import Exists, OuterRef
from django.utils import timezone

from casino.common.errors import IdempotencyKeyReused, nested_error
from casino.common.frozen import FrozenQuery
from casino.common.roles import Role, has_role, is_supervisor
from tables.floor import books, shifts
from tables.floor.models import Table, TableDealer
from tables.floor.selectors import tables_at_casinos_of
from tables.rules.cards import CardError, parse_cards


def _table_to_record_at(shape, *, table: int, actor: int):
    """The query ``lock_for_recording`` sends, for ``_TABLE_TO_RECORD_AT`` to freeze: the
    shape is what it joins and whether the actor is a superuser (whose scope is every
    casino); the ids are the call's."""
    related, superuser = shape
    stand_in = _StandInUser(actor, superuser)
    assigned = TableDealer.objects.filter(table=OuterRef("pk"), dealer=actor)
    return (tables_at_casinos_of(stand_in).select_for_update(of=("self",))
            .select_related(*related).annotate(actor_deals_here=Exists(assigned),
                                               books_closed_to=books.closed_to_of(),
                                               keeps_inventory=shifts.keeps_inventory_of())
            .order_by().filter(pk=table))


class _StandInUser:
    """What the casinos' scope reads of a user (casino.house.staff.at_casinos_of)."""

    is_authenticated = True

    def __init__(self, pk: int, is_superuser: bool):
        self.pk, self.is_superuser = pk, is_superuser


# Built and compiled once per shape; a round sends its SQL with the table's and the
# dealer's ids (casino.common.frozen says why).
_TABLE_TO_RECORD_AT = FrozenQuery(_table_to_record_at, "table", "actor")


def lock_for_recording(actor, table: Table, *, records: str,
                       related: Sequence[str] = ("casino",), late_entry: bool = False) -> Table:
    """The table a dealer records at, its row locked until the recording commits. One
    query also answers whether the actor works at its casino (else ``Table.DoesNotExist``,
    a 404) and deals there (else ``PermissionDenied``: only its assigned dealers record
    its rounds or hands). It also reads, for ``books.landing_day`` and
    ``shifts.recording_refusal``, the casino's last closed day (``books_closed_to``) and
    whether it keeps its table inventory here (``keeps_inventory``). ``late_entry``: a
    supervisor enters the dealer's round late (``tables.offline``): he dealt it there,
    whether or not he is assigned there now; a dealer still."""
    if not actor.is_authenticated:
        raise Table.DoesNotExist("Table matching query does not exist.")
    table = _TABLE_TO_RECORD_AT.get((tuple(related), bool(actor.is_superuser)),
                                    table=table.pk, actor=actor.pk)
    if not has_role(actor, Role.DEALER) or not (table.actor_deals_here or late_entry):
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
    """A record just written, with its children in hand (``seats=[...]``) kept on it as
    ``written``, a plain attribute (as ``Prefetch(to_attr=...)`` keeps rows): the answer
    reads them there (``rows_of``) and is built without reading the record back."""
    record.written = {name: list(rows) for name, rows in children.items()}
    return record


def rows_of(record, name: str) -> list:
    """A record's ``name`` rows (its seats, its pots): those just written (as_recorded),
    else those its selector prefetched."""
    written = getattr(record, "written", None)
    return written[name] if written is not None else list(getattr(record, name).all())


def just_written(record) -> bool:
    """Whether ``record`` was written by this request (as_recorded): it has no correction
    yet, so none is looked for."""
    return getattr(record, "written", None) is not None


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


# A recording service writes its record once per Idempotency-Key, in these steps:
#
#     try:
#         return _record(...), True      # its transaction: create_keyed, then the rest
#     except (IntegrityError, ValidationError) as error:
#         return replay_after(error, Model, actor=..., key=..., ...), False
#
# A new key, the common case, costs nothing beyond the insert. The service calls these
# steps; nothing here calls the service back.


def replay_after(error: Exception, model, *, actor, key: str, fingerprint: str, noun: str):
    """After the transaction that writes one record under the Idempotency-Key ``key``
    failed with ``error`` (an IntegrityError or a ValidationError): the record first made
    with the key if this request is the same (the key's unique constraint refused the
    insert, or a refusal came after the first recording: its table closed since); a
    different request under the key is refused (409); any other failure is ``error``
    raised again."""
    if isinstance(error, IntegrityError):
        if not key or _constraint_of(error) not in _key_constraints(model):
            raise error
        return replayed_record(model, actor=actor, key=key, fingerprint=fingerprint,
                               noun=noun)
    earlier = replayed_record(model, actor=actor, key=key, fingerprint=fingerprint,
                              noun=noun)
    if earlier is None:
        raise error
    return earlier


def _constraint_of(error: IntegrityError) -> str | None:
    diag = getattr(error.__cause__, "diag", None)
    return getattr(diag, "constraint_name", None)


def _key_constraints(model) -> set[str]:
    return {c.name for c in model._meta.constraints
            if "idempotency_key" in getattr(c, "fields", ())}


def create_keyed(model, *, key: str, fingerprint: str, **fields):
    """Insert a record under its Idempotency-Key (a key used before fails the insert, and
    ``replay_after`` answers it)."""
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
