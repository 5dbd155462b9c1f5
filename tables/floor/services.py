"""Every write to a casino or a table goes through here: creating them, their dealers,
the paytable and ante limits, the jackpot meter, the poker settings (the users' accounts
are tables.floor.accounts). The API calls ``table_create`` / ``table_configure``; the
pages and the admin call the same services one change at a time; nothing else saves a
table. Each checks that the actor works at the casino (``require_staff``).

Each service runs in one transaction and tags the audit trail (pghistory) with the
acting user, so changes made outside a web request (commands, tasks) are attributed too.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction

from casino.common import push
from casino.common.amounts import amount_of
from casino.common.audit import changed_by
from casino.common.roles import Role
from casino.house.models import Casino
from casino.house.staff import require_staff
from payouts.jackpots.models import Progressive
from payouts.jackpots.selectors import progressives_visible_to
from payouts.terms import versioning
from payouts.terms.models import Paytable, RakeSchedule
from tables.floor import books, shifts, stakes
from tables.floor.models import Game, Table

DEFAULT_SEATS = {Game.CARIBBEAN_STUD: 7}
DEFAULT_POKER_SEATS = 9

CASINO_FIELDS = {"name", "currency", "timezone", "gaming_day_start"}
TABLE_FIELDS = {"casino", "label", "game", "status", "seats", "pit"}
TERMS_FIELDS = ("paytable", "min_ante", "max_ante")


def _apply(instance, changes: dict[str, Any], allowed: set[str]) -> None:
    unknown = set(changes) - allowed
    if unknown:
        raise ValidationError({field: "This field cannot be changed here." for field in unknown})
    for field, value in changes.items():
        setattr(instance, field, value)


def _lock_at_casino_of(actor, table: Table) -> Table:
    """The table's row, locked (as a recording locks it), once the actor is on the staff of
    its casino."""
    table = Table.objects.select_for_update(of=("self",)).select_related("casino").get(
        pk=table.pk)
    require_staff(actor, table.casino)
    return table


@transaction.atomic
def casino_create(*, actor, name: str, currency: str, timezone: str, **extra: Any) -> Casino:
    casino = Casino(name=name, currency=currency, timezone=timezone)
    _apply(casino, extra, CASINO_FIELDS)
    casino.full_clean()
    with changed_by(actor, "casino created"):
        casino.save()
        casino.staff.add(actor)  # whoever opens a casino works there
    return casino


@transaction.atomic
def casino_update(*, actor, casino: Casino, **changes: Any) -> Casino:
    casino = Casino.objects.select_for_update().get(pk=casino.pk)
    require_staff(actor, casino)
    if "currency" in changes and changes["currency"] != casino.currency and casino.tables.exists():
        raise ValidationError(
            {"currency": f"{casino.name} already has tables; its books stay in {casino.currency}."}
        )
    before = copy.copy(casino)
    _apply(casino, changes, CASINO_FIELDS)
    casino.full_clean()
    books.refuse_clock_into_closed_day(casino, before)
    with changed_by(actor, "casino changed"):
        casino.save()
    return casino


def _check_dealers(dealers: Iterable, casino: Casino) -> list:
    dealers = list(dealers)
    User = get_user_model()
    ids = [getattr(d, "pk", d) for d in dealers]
    found = {u.pk: u for u in User.objects.filter(pk__in=ids).prefetch_related("groups")}
    staff = set(casino.staff.filter(pk__in=ids).values_list("pk", flat=True))
    errors = []
    for user_id in ids:
        user = found.get(user_id)
        if user is None:
            errors.append(f"There is no user with id {user_id}.")
        elif not user.is_active:
            errors.append(f"{user.get_username()} (id {user_id}) is not an active user.")
        elif not any(g.name == Role.DEALER for g in user.groups.all()):
            errors.append(f"{user.get_username()} (id {user_id}) is not in the dealer group.")
        elif user_id not in staff:
            errors.append(f"{user.get_username()} (id {user_id}) is not on the staff of "
                          f"{casino.name}.")
    if len(set(ids)) != len(ids):
        errors.append("A dealer is listed twice.")
    if errors:
        raise ValidationError({"dealers": errors})
    return [found[i] for i in ids]


@transaction.atomic
def table_create(*, actor, casino: Casino, label: str, game: str, dealers: Iterable = (),
                 **settings: Any) -> Table:
    """Open a new table (closed until a supervisor opens it) with whatever it is given:
    its base fields, and its terms, meter and poker settings as ``table_configure``."""
    table = Table(casino=casino, label=label, game=game)
    _apply(table, {k: settings.pop(k) for k in list(settings) if k in TABLE_FIELDS},
           TABLE_FIELDS)
    if table.seats is None:
        table.seats = DEFAULT_SEATS.get(game, DEFAULT_POKER_SEATS)
    require_staff(actor, casino)
    shifts.refuse_status_by_hand(Table(casino=casino, game=game, label=label), table.status)
    table.full_clean()
    dealer_users = _check_dealers(dealers, casino)
    with changed_by(actor, "table created"):
        table.save()
        table.dealers.set(dealer_users)
    push.floor_changed(table.casino_id)  # on its casino's live boards
    return _configure(actor, table, settings)


@transaction.atomic
def table_configure(*, actor, table: Table, dealers: Iterable | None = None,
                    **changes: Any) -> Table:
    """Change anything about a table, in one transaction: base fields and dealers
    (``table_update``), paytable and ante limits, jackpot meter, poker settings."""
    base = {k: changes.pop(k) for k in list(changes) if k in TABLE_FIELDS}
    if base or dealers is not None:
        table = table_update(actor=actor, table=table, dealers=dealers, **base)
    return _configure(actor, table, changes)


def _configure(actor, table: Table, changes: dict[str, Any]) -> Table:
    terms = {k: changes.pop(k) for k in TERMS_FIELDS if k in changes}
    relink = "progressive" in changes
    linked = changes.pop("progressive", None)
    poker = {k: changes.pop(k) for k in stakes.POKER_FIELDS if k in changes}
    versioning.refuse_unknown(changes, set(), "changed")
    if any(v is not None for v in terms.values()):
        table = _assign_terms(actor, table, **terms)
    if poker:
        table = table_set_poker_settings(actor=actor, table=table, **poker)
    if relink:
        table = table_link_progressive(actor=actor, table=table, progressive=linked)
    return table


def _assign_terms(actor, table: Table, *, paytable: Paytable | None = None,
                  min_ante: Any = None, max_ante: Any = None) -> Table:
    paytable = paytable or table.paytable
    if paytable is None:
        raise ValidationError({"paytable": ["Assign a paytable to set ante limits."]})
    return table_assign_paytable(
        actor=actor, table=table, paytable=paytable,
        min_ante=table.min_ante if min_ante in (None, "") else min_ante,
        max_ante=table.max_ante if max_ante in (None, "") else max_ante)


@transaction.atomic
def table_update(*, actor, table: Table, dealers: Iterable | None = None, **changes: Any) -> Table:
    table = _lock_at_casino_of(actor, table)
    if "game" in changes and changes["game"] != table.game:
        raise ValidationError(
            {"game": f"Table {table.label} is a {table.get_game_display()} table; "
                     "open a new table for another game."}
        )
    if "casino" in changes and changes["casino"] != table.casino:
        raise ValidationError({"casino": "A table cannot move to another casino."})
    if "status" in changes:
        shifts.refuse_status_by_hand(table, changes["status"])
    _apply(table, changes, TABLE_FIELDS)
    table.full_clean()
    with changed_by(actor, "table changed"):
        table.save()
        if dealers is not None:
            table.dealers.set(_check_dealers(dealers, table.casino))
    push.floor_changed(table.casino_id)  # its limits and state on the live boards
    return table


@transaction.atomic
def table_assign_paytable(*, actor, table: Table, paytable: Paytable,
                          min_ante: Any = None, max_ante: Any = None) -> Table:
    """Stud tables settle new rounds under the assigned paytable; earlier rounds keep
    theirs. The table's ante limits default to the paytable's and must lie within them."""
    table = _lock_at_casino_of(actor, table)
    if table.game != Game.CARIBBEAN_STUD:
        raise ValidationError({"table": f"{table.label} is a {table.get_game_display()} "
                                        "table; paytables are for stud tables."})
    paytable = versioning.lock_for_table(Paytable, paytable.pk, field="paytable", table=table)
    low, high = amount_of(min_ante, "min_ante"), amount_of(max_ante, "max_ante")
    low = paytable.min_ante if low is None else low   # 0 is a limit (refused), not none
    high = paytable.max_ante if high is None else high
    stakes.check_ante_limits(table, paytable, low, high)
    table.paytable, table.min_ante, table.max_ante = paytable, low, high
    with changed_by(actor, f"paytable {paytable} assigned"):
        table.save(update_fields=["paytable", "min_ante", "max_ante"])
    push.floor_changed(table.casino_id)  # its limits on the live boards
    return table


@transaction.atomic
def table_link_progressive(*, actor, table: Table, progressive: Progressive | None) -> Table:
    """The meter a stud table's side wagers feed from its next round (none: no side wager)."""
    table = _lock_at_casino_of(actor, table)
    if progressive is not None:
        _check_link(actor, table, progressive)
    table.progressive = progressive
    with changed_by(actor, f"progressive {progressive or 'unlinked'}"):
        table.save(update_fields=["progressive"])
    return table


def _check_link(actor, table: Table, progressive: Progressive) -> None:
    if not progressives_visible_to(actor).filter(pk=progressive.pk).exists():
        raise ValidationError({"progressive": [f"There is no progressive number "
                                               f"{progressive.pk} at {table.casino.name}."]})
    if table.is_poker:
        raise ValidationError({"table": f"{table.label} is a {table.get_game_display()} table; "
                                        "a progressive is fed by stud tables' side wagers."})
    books = progressive.casino
    if books is not None and books.pk != table.casino_id:
        raise ValidationError({"progressive": f"{progressive} is kept by {books.name}; "
                                              f"{table.label} is at {table.casino.name}."})
    if progressive.currency != table.casino.currency:
        raise ValidationError({"progressive": f"{progressive} is kept in {progressive.currency}; "
                                              f"{table.label} plays in {table.casino.currency}."})


@transaction.atomic
def table_set_poker_settings(*, actor, table: Table, **changes: Any) -> Table:
    """Change a poker table's rake schedule, structure, stakes or kill; each change
    is a new settings version (hands already recorded keep theirs)."""
    table = _lock_at_casino_of(actor, table)
    unknown = set(changes) - set(stakes.POKER_FIELDS)
    if unknown:
        raise ValidationError({f: "This field cannot be changed here." for f in unknown})
    if not table.is_poker:
        raise ValidationError({next(iter(changes)): f"{table.label} is a stud table; betting "
                                                    "structures and rake are for poker tables."})
    before = {f: getattr(table, f) for f in stakes.POKER_FIELDS}
    stakes.clear_other_structure(table, changes)
    for field, value in changes.items():
        setattr(table, field, value)
    changed = {f for f in stakes.POKER_FIELDS if getattr(table, f) != before[f]}
    if table.rake_schedule_id is None:
        raise ValidationError({"rake_schedule": "A poker table needs a rake schedule."})
    if changes.get("rake_schedule") is not None:
        schedule = versioning.lock_for_table(RakeSchedule, table.rake_schedule_id,
                                             field="rake_schedule", table=table)
    else:
        schedule = RakeSchedule.objects.get(pk=table.rake_schedule_id)
    stakes.check_poker_settings(table, schedule, changed=changed)
    if {f: getattr(table, f) for f in stakes.POKER_FIELDS} == before:
        return table
    table.poker_settings_version += 1
    with changed_by(actor, f"poker settings v{table.poker_settings_version}"):
        table.save(update_fields=[*stakes.POKER_FIELDS, "poker_settings_version"])
    push.floor_changed(table.casino_id)  # its stakes on the live boards
    return table


# --- Dealers: the tables they deal ---------------------------------


@transaction.atomic
def table_dealer_assign(*, actor, table: Table, dealer) -> Table:
    """One more dealer at a table: an active dealer on the staff of the table's casino.
    The table's row is locked, as a recording locks it, so a round is recorded either
    before the assignment or after it."""
    table = _lock_at_casino_of(actor, table)
    if table.dealers.filter(pk=dealer.pk).exists():
        raise ValidationError({"dealers": f"{dealer.get_username()} already deals at "
                                          f"{table.label}."})
    assigned = _check_dealers([dealer], table.casino)
    with changed_by(actor, f"dealer {dealer.get_username()} assigned"):
        table.dealers.add(*assigned)
    return table


@transaction.atomic
def table_dealer_unassign(*, actor, table: Table, dealer) -> Table:
    """A dealer taken off a table: the rounds he recorded there keep his name."""
    table = _lock_at_casino_of(actor, table)
    if not table.dealers.filter(pk=dealer.pk).exists():
        raise ValidationError({"dealers": f"{dealer.get_username()} does not deal at "
                                          f"{table.label}."})
    with changed_by(actor, f"dealer {dealer.get_username()} unassigned"):
        table.dealers.remove(dealer)
    return table
