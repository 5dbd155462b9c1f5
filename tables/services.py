"""Every write to casinos and tables goes through here, with what the recording
services share: the supervisor's void, the parsing of recorded cards and the
Idempotency-Key of a recording.

Each service runs in one transaction and tags the audit trail (pghistory)
with the acting user, so changes made outside a web request (commands,
tasks) are attributed too.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from casino.common.amounts import amount_of
from casino.common.audit import changed_by
from casino.common.errors import IdempotencyKeyReused, nested_error
from casino.common.roles import Role, is_supervisor
from payouts.models import Paytable, Progressive
from payouts.terms import versioning
from tables.models import Casino, Game, Table
from tables.rules.cards import CardError, parse_cards

DEFAULT_SEATS = {Game.CARIBBEAN_STUD: 7}
DEFAULT_POKER_SEATS = 9

CASINO_FIELDS = {"name", "currency", "timezone", "gaming_day_start"}
TABLE_FIELDS = {"casino", "label", "game", "status", "seats"}


def _apply(instance, changes: dict[str, Any], allowed: set[str]) -> None:
    unknown = set(changes) - allowed
    if unknown:
        raise ValidationError({field: "This field cannot be changed here." for field in unknown})
    for field, value in changes.items():
        setattr(instance, field, value)


@transaction.atomic
def casino_create(*, actor, name: str, currency: str, timezone: str, **extra: Any) -> Casino:
    casino = Casino(name=name, currency=currency, timezone=timezone)
    _apply(casino, extra, CASINO_FIELDS)
    casino.full_clean()
    with changed_by(actor, "casino created"):
        casino.save()
    return casino


@transaction.atomic
def casino_update(*, actor, casino: Casino, **changes: Any) -> Casino:
    casino = Casino.objects.select_for_update().get(pk=casino.pk)
    if "currency" in changes and changes["currency"] != casino.currency and casino.tables.exists():
        raise ValidationError(
            {"currency": f"{casino.name} already has tables; its books stay in {casino.currency}."}
        )
    _apply(casino, changes, CASINO_FIELDS)
    casino.full_clean()
    with changed_by(actor, "casino changed"):
        casino.save()
    return casino


def _check_dealers(dealers: Iterable) -> list:
    dealers = list(dealers)
    User = get_user_model()
    ids = [getattr(d, "pk", d) for d in dealers]
    found = {u.pk: u for u in User.objects.filter(pk__in=ids).prefetch_related("groups")}
    errors = []
    for user_id in ids:
        user = found.get(user_id)
        if user is None:
            errors.append(f"There is no user with id {user_id}.")
        elif not user.is_active:
            errors.append(f"{user.get_username()} (id {user_id}) is not an active user.")
        elif not any(g.name == Role.DEALER for g in user.groups.all()):
            errors.append(f"{user.get_username()} (id {user_id}) is not in the dealer group.")
    if len(set(ids)) != len(ids):
        errors.append("A dealer is listed twice.")
    if errors:
        raise ValidationError({"dealers": errors})
    return [found[i] for i in ids]


@transaction.atomic
def table_create(
    *, actor, casino: Casino, label: str, game: str, dealers: Iterable = (), **extra: Any
) -> Table:
    table = Table(casino=casino, label=label, game=game)
    _apply(table, extra, TABLE_FIELDS)
    if table.seats is None:
        table.seats = DEFAULT_SEATS.get(game, DEFAULT_POKER_SEATS)
    table.full_clean()
    dealer_users = _check_dealers(dealers)
    with changed_by(actor, "table created"):
        table.save()
        table.dealers.set(dealer_users)
    return table


@transaction.atomic
def table_update(*, actor, table: Table, dealers: Iterable | None = None, **changes: Any) -> Table:
    table = Table.objects.select_for_update().get(pk=table.pk)
    if "game" in changes and changes["game"] != table.game:
        raise ValidationError(
            {"game": f"Table {table.label} is a {table.get_game_display()} table; "
                     "open a new table for another game."}
        )
    if "casino" in changes and changes["casino"] != table.casino:
        raise ValidationError({"casino": "A table cannot move to another casino."})
    _apply(table, changes, TABLE_FIELDS)
    table.full_clean()
    with changed_by(actor, "table changed"):
        table.save()
        if dealers is not None:
            table.dealers.set(_check_dealers(dealers))
    return table




@transaction.atomic
def table_assign_paytable(*, actor, table: Table, paytable: Paytable,
                          min_ante: Any = None, max_ante: Any = None) -> Table:
    """Stud tables settle new rounds under the assigned paytable; earlier rounds keep
    theirs. The table's ante limits default to the paytable's and must lie within them."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.game != Game.CARIBBEAN_STUD:
        raise ValidationError({"table": f"{table.label} is a {table.get_game_display()} "
                                        "table; paytables are for stud tables."})
    paytable = versioning.lock_for_table(Paytable, paytable.pk, field="paytable")
    low = amount_of(min_ante, "min_ante") or paytable.min_ante
    high = amount_of(max_ante, "max_ante") or paytable.max_ante
    if low < paytable.min_ante or high > paytable.max_ante or low > high:
        raise ValidationError({"min_ante": f"The table's antes ({low} to {high}) must lie within "
                                           f"the paytable's {paytable.min_ante} to "
                                           f"{paytable.max_ante}."})
    table.paytable, table.min_ante, table.max_ante = paytable, low, high
    with changed_by(actor, f"paytable {paytable} assigned"):
        table.save(update_fields=["paytable", "min_ante", "max_ante"])
    return table


@transaction.atomic
def table_link_progressive(*, actor, table: Table, progressive: Progressive | None) -> Table:
    table = Table.objects.select_for_update(of=("self",)).select_related("casino").get(
        pk=table.pk)
    if progressive is not None and progressive.currency != table.casino.currency:
        raise ValidationError({"progressive": f"{progressive} is kept in {progressive.currency}; "
                                              f"{table.label} plays in {table.casino.currency}."})
    table.progressive = progressive
    with changed_by(actor, f"progressive {progressive or 'unlinked'}"):
        table.save(update_fields=["progressive"])
    return table


def void_record(*, actor, record, void_model, link: str, noun: str, reason: str):
    """A supervisor's correction of a recorded round, hand or collection: a new record
    with the reason, pointing at the old one, which stays (call inside a transaction)."""
    if not is_supervisor(actor):
        raise PermissionDenied(f"Only a supervisor can void a {noun}.")
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": [f"Say why the {noun} is voided."]})
    type(record).objects.select_for_update().get(pk=record.pk)
    if void_model.objects.filter(**{link: record}).exists():
        raise ValidationError({link: [f"{noun.capitalize()} {record.pk} is already voided."]})
    return void_model.objects.create(**{link: record}, reason=reason, voided_by=actor)


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
