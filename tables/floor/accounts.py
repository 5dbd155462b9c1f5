"""Users' accounts: who logs in, with which roles, at which casinos. Every door (the pit's
dealers page, /api/v1/users/, the admin) opens, changes and deactivates them here, never
deletes them (records name their people).

A supervisor sees the accounts of his casinos' staff (``selectors.users_visible_to``)
and changes only those he could have made himself (``account_refusal``): every casino
of theirs is his, every role of theirs is one he may grant (``roles.grantable_roles``),
no superuser's or staff flag, no permission of their own. Those flags and permissions
are a superuser's to give. Every change is audited (``StaffAccount``, ``CasinoStaff``,
the role grants), tagged with who made it and why.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from casino.common.audit import changed_by
from casino.common.roles import Role, grantable_roles, has_role, is_supervisor
from casino.house.models import Casino, CasinoStaff
from casino.house.staff import casinos_of, require_staff
from tables.floor.models import Table, TableDealer
from tables.floor.selectors import users_visible_to

# A log-in name as Django's user model takes it (its UnicodeUsernameValidator, in words).
USERNAME_PATTERN = re.compile(r"[\w.@+-]+")
NAME_LENGTH = 150
PROFILE = ("username", "first_name", "last_name")
PRIVILEGES = ("is_superuser", "is_staff", "permissions")  # a superuser's to give
CHANGEABLE = {*PROFILE, "is_active", "password", "roles", "casinos", *PRIVILEGES}


def _require_supervisor(actor) -> None:
    if not is_supervisor(actor):
        raise PermissionDenied("Only a pit supervisor manages users' accounts.")


def account_refusal(actor, user) -> str | None:
    """Why ``actor`` may not change ``user``'s account, in words; None when he may."""
    if actor.is_superuser:
        return None
    name = user.get_username()
    if user.is_superuser or user.is_staff or user.user_permissions.exists():
        return (f"{name} holds privileges only a superuser gives; only a superuser changes "
                "that account.")
    withheld = sorted(set(_roles_held(user)) - grantable_roles(actor))
    if withheld:
        return (f"{name} holds the {' and '.join(withheld)} role, which you may not grant; "
                "only someone who may changes that account.")
    elsewhere = user.casinos.exclude(pk__in=casinos_of(actor).values("pk"))
    if elsewhere.exists():
        names = ", ".join(c.name for c in elsewhere)
        return (f"{name} also works at {names}, where you are not on the staff; a "
                "supervisor of every casino he works at may change his account.")
    return None


def roles_in_order(names: Iterable[str]) -> list[str]:
    """Roles as the API lists them: in the order of ``Role`` (supervisor first)."""
    held = set(names)
    return [role.value for role in Role if role.value in held]


def _roles_held(user) -> list[str]:
    return roles_in_order(user.groups.values_list("name", flat=True))


# --- Checking what is asked ---------------------------------------------------------------


def _account(username: str, first_name: str = "", last_name: str = ""):
    return get_user_model()(username=(username or "").strip(),
                            first_name=(first_name or "").strip(),
                            last_name=(last_name or "").strip())


def _profile_problems(account, *, noun: str) -> dict[str, list[str]]:
    problems: dict[str, list[str]] = {}
    name = account.username
    if not name:
        problems["username"] = [f"Give the {noun} a user name to log in with."]
    elif len(name) > NAME_LENGTH or not USERNAME_PATTERN.fullmatch(name):
        problems["username"] = [f"'{name}' cannot be a user name: use up to {NAME_LENGTH} "
                                "letters, digits and @ . + - _ only, without spaces."]
    elif get_user_model().objects.filter(username__iexact=name).exclude(
            pk=account.pk).exists():
        problems["username"] = [f"The user name '{name}' is taken; choose another."]
    for field in ("first_name", "last_name"):
        if len(getattr(account, field)) > NAME_LENGTH:
            problems[field] = [f"Keep it to {NAME_LENGTH} characters."]
    return problems


def password_problems(account, password: str | None, *, noun: str) -> dict[str, list[str]]:
    """What the password validators (AUTH_PASSWORD_VALIDATORS) say of ``password`` for
    ``account``, under ``password``."""
    if not password:
        return {"password": [f"Give the {noun} an initial password."]}
    try:
        validate_password(password, user=account)
    except ValidationError as weak:
        return {"password": list(weak.messages)}
    return {}


def account_problems(*, username: str, password: str, first_name: str = "",
                     last_name: str = "", noun: str = "dealer") -> dict[str, list[str]]:
    """What opening this account would refuse, writing nothing: a page asks while other
    fields of its form are still wrong, so every problem shows at once."""
    account = _account(username, first_name, last_name)
    return {**_profile_problems(account, noun=noun),
            **password_problems(account, password, noun=noun)}


def _role_problems(actor, roles: Iterable[str]) -> dict[str, list[str]]:
    roles = list(roles)
    known = {role.value for role in Role}
    problems = [f"'{role}' is not a role: use {', '.join(sorted(known))}." for role in roles
                if role not in known]
    may = grantable_roles(actor)
    problems += [f"You may not grant the {role} role." for role in roles
                 if role in known and role not in may]
    if len(set(roles)) != len(roles):
        problems.append("A role is listed twice.")
    return {"roles": problems} if problems else {}


def _casinos_asked(actor, casinos: Iterable) -> tuple[list[Casino], dict[str, list[str]]]:
    """The casinos asked for, each one of the actor's (any other is refused by its id,
    whether it exists or not: another casino is not the actor's business)."""
    ids = [getattr(c, "pk", c) for c in casinos]
    if not ids:
        return [], {"casinos": ["Name the casino (at least one) the account works at."]}
    mine = {c.pk: c for c in casinos_of(actor).filter(pk__in=ids)}
    problems = [f"{actor.get_username()} is not on the staff of casino {pk}." for pk in ids
                if pk not in mine]
    if len(set(ids)) != len(ids):
        problems.append("A casino is listed twice.")
    return [mine[pk] for pk in dict.fromkeys(ids) if pk in mine], (
        {"casinos": problems} if problems else {})


def _privilege_problems(actor, changes: dict) -> dict[str, list[str]]:
    if actor.is_superuser:
        return {}
    return {field: ["Only a superuser grants the superuser or staff flag or permissions."]
            for field in PRIVILEGES if field in changes}


def _refuse(problems: dict[str, list[str]]) -> None:
    if problems:
        raise ValidationError(problems)


# --- Opening an account ---------------------------------------------------------------


@transaction.atomic
def user_create(*, actor, username: str, password: str, roles: Iterable[str],
                casinos: Iterable, first_name: str = "", last_name: str = "",
                is_active: bool = True) -> Any:
    """An account with ``roles`` on the staff of ``casinos`` (all of them the actor's),
    dealing at no table yet. The password passes AUTH_PASSWORD_VALIDATORS. Every problem
    is reported at once, and nothing is stored."""
    _require_supervisor(actor)
    roles = list(roles)
    account = _account(username, first_name, last_name)
    places, casino_problems = _casinos_asked(actor, casinos)
    _refuse({**_profile_problems(account, noun="user"),
             **password_problems(account, password, noun="user"),
             **_role_problems(actor, roles), **casino_problems})
    account.is_active = is_active
    where = ", ".join(c.name for c in places)
    return _open(actor, account, password, roles, places,
                 f"user {account.username} opened at {where} as "
                 f"{', '.join(roles_in_order(roles)) or 'no role'}")


@transaction.atomic
def dealer_create(*, actor, casino: Casino, username: str, password: str,
                  first_name: str = "", last_name: str = ""):
    """A dealer's log-in at ``casino`` (the pit's dealers page): the dealer role, on the
    casino's staff, dealing at no table yet."""
    _require_supervisor(actor)
    require_staff(actor, casino)
    _refuse(account_problems(username=username, password=password, first_name=first_name,
                             last_name=last_name))
    account = _account(username, first_name, last_name)
    return _open(actor, account, password, [Role.DEALER.value], [casino],
                 f"dealer {account.username} added at {casino.name}")


def _open(actor, account, password: str, roles: list[str], places: list[Casino],
          reason: str):
    account.set_password(password)
    with changed_by(actor, reason):
        account.save()
        account.groups.set(Group.objects.filter(name__in=roles))
        CasinoStaff.objects.bulk_create([CasinoStaff(casino=c, user=account) for c in places])
    return account


# --- Changing one ---------------------------------------------------------------------


@transaction.atomic
def user_update(*, actor, user, **changes: Any):
    """Change an account: ``username``, ``first_name``, ``last_name``, ``password``,
    ``is_active``, ``roles`` (the whole list), ``casinos`` (the whole list); a superuser
    also ``is_superuser``, ``is_staff``, ``permissions``. Deactivating, losing the dealer
    role or leaving a casino takes the user off the tables concerned (locked as a
    recording locks them). A new password ends the user's API tokens."""
    _require_supervisor(actor)
    user = _lock_visible(actor, user)
    refusal = account_refusal(actor, user)
    if refusal:
        raise PermissionDenied(refusal)
    _refuse({f: ["This field cannot be changed here."] for f in set(changes) - CHANGEABLE})
    places, problems = _check_changes(actor, user, changes)
    _refuse(problems)
    with changed_by(actor, _reason(user, changes)):
        _apply_changes(user, changes, places)
    return user


def _lock_visible(actor, user):
    found = users_visible_to(actor).select_for_update(of=("self",)).filter(pk=user.pk).first()
    if found is None:
        raise PermissionDenied(f"There is no user number {user.pk} at your casinos.")
    return found


def _check_changes(actor, user, changes: dict) -> tuple[list[Casino] | None, dict]:
    account = _account(changes.get("username", user.username),
                       changes.get("first_name", user.first_name),
                       changes.get("last_name", user.last_name))
    account.pk = user.pk
    problems = {k: v for k, v in _profile_problems(account, noun="user").items()
                if k in changes}
    if "password" in changes:
        problems.update(password_problems(account, changes["password"], noun="user"))
    if "roles" in changes:
        problems.update(_role_problems(actor, changes["roles"]))
    places = None
    if "casinos" in changes:
        places, casino_problems = _casinos_asked(actor, changes["casinos"])
        problems.update(casino_problems)
    if changes.get("is_active") is False and user.pk == actor.pk:
        problems["is_active"] = ["You cannot deactivate your own account: ask another "
                                 "supervisor."]
    problems.update(_privilege_problems(actor, changes))
    return places, problems


def _apply_changes(user, changes: dict, places: list[Casino] | None) -> None:
    for field in (*PROFILE, "is_active", "is_superuser", "is_staff"):
        if field in changes:
            value = changes[field]
            setattr(user, field, value.strip() if isinstance(value, str) else value)
    if "password" in changes:
        user.set_password(changes["password"])  # pre_save revokes the tokens
    user.save()
    if "roles" in changes:
        user.groups.set(Group.objects.filter(name__in=changes["roles"]))
    if "permissions" in changes:
        user.user_permissions.set(Permission.objects.filter(pk__in=[
            getattr(p, "pk", p) for p in changes["permissions"]]))
    if places is not None:
        kept = {c.pk for c in places}
        CasinoStaff.objects.filter(user=user).exclude(casino__in=kept).delete()
        have = set(CasinoStaff.objects.filter(user=user).values_list("casino", flat=True))
        CasinoStaff.objects.bulk_create([CasinoStaff(casino=c, user=user) for c in places
                                         if c.pk not in have])
    _take_off_tables(user)


def _take_off_tables(user) -> None:
    """Off every table he may no longer deal at: all when deactivated or no longer a
    dealer, else those of casinos he left. The tables are locked as a recording locks
    them, so no round slips in while he is taken off."""
    dealing = TableDealer.objects.filter(dealer=user)
    if user.is_active and _holds_now(user, Role.DEALER):
        dealing = dealing.exclude(table__casino__in=CasinoStaff.objects.filter(
            user=user).values("casino"))
    tables = list(Table.objects.select_for_update().filter(
        pk__in=dealing.values("table")).values_list("pk", flat=True))
    if tables:
        TableDealer.objects.filter(dealer=user, table__in=tables).delete()


def _holds_now(user, role: Role) -> bool:
    """Whether the user holds ``role`` in the database now (not as read at the start of
    the request)."""
    return user.groups.filter(name=role.value).exists()


def _reason(user, changes: dict) -> str:
    name = user.get_username()
    if set(changes) == {"is_active"}:
        return f"user {name} {'reactivated' if changes['is_active'] else 'deactivated'}"
    return f"user {name} changed: {', '.join(sorted(changes))}"


@transaction.atomic
def dealer_set_active(*, actor, dealer, active: bool):
    """Deactivate a dealer's log-in (never deleted: his rounds name him), which takes him
    off every table, or reactivate it (he then deals nowhere until assigned): the pit's
    dealers page, for dealers' accounts only."""
    _require_supervisor(actor)
    dealer = get_user_model().objects.select_for_update().get(pk=dealer.pk)
    name = dealer.get_username()
    if dealer.pk == actor.pk or is_supervisor(dealer):
        raise ValidationError({"dealer": f"{name} is a supervisor; supervisors' accounts are "
                                         "not managed here."})
    if not has_role(dealer, Role.DEALER):
        raise ValidationError({"dealer": f"{name} is not a dealer."})
    refusal = account_refusal(actor, dealer)
    if refusal:
        raise ValidationError({"dealer": refusal})
    if dealer.is_active == active:
        return dealer
    with changed_by(actor, f"dealer {name} {'reactivated' if active else 'deactivated'}"):
        dealer.is_active = active
        dealer.save(update_fields=["is_active"])
        _take_off_tables(dealer)
    return dealer
