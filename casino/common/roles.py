"""The staff roles, as Django groups: who holds which, and the groups kept in step with
what each app says each role may do (each app's ``grants.py``, role_grants).

The groups are created by a data migration (casino/migrations); later
migrations grant permissions on models added by later features.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from django.contrib.auth.backends import ModelBackend


class Role(StrEnum):
    SUPERVISOR = "supervisor"
    DEALER = "dealer"
    ACCOUNTANT = "accountant"
    CAGE = "cage"      # issues fill and credit slips
    COUNT = "count"    # the count team: counts the drop boxes
    # The casino group's gaming controller: governs the group's own objects (terms and
    # wide-area meters without a casino), which no casino's supervisor changes
    # (payouts.governance; docs/decisions.md, issue 26).
    GROUP_SUPERVISOR = "group_supervisor"
    # Casino marketing: reads and keeps the group's players, their ratings and comps.
    HOST = "host"


# The roles of a casino's staff, which its supervisors grant (grantable_roles).
CASINO_ROLES = (Role.SUPERVISOR, Role.DEALER, Role.ACCOUNTANT, Role.CAGE, Role.COUNT,
                Role.HOST)


def roles_of(user) -> set[Role]:
    if not getattr(user, "is_authenticated", False):
        return set()
    if getattr(user, "_casino_roles", None) is None:
        load_access(user)
    return user._casino_roles


ACCESS_SQL = """
SELECT g.name, ct.app_label, p.codename
  FROM {user_groups} ug JOIN {group} g ON g.id = ug.group_id
  LEFT JOIN {group_permissions} gp ON gp.group_id = g.id
  LEFT JOIN {permission} p ON p.id = gp.permission_id
  LEFT JOIN {content_type} ct ON ct.id = p.content_type_id
 WHERE ug.{user_column} = %(user)s
UNION ALL
SELECT NULL, ct.app_label, p.codename
  FROM {user_permissions} up JOIN {permission} p ON p.id = up.permission_id
  JOIN {content_type} ct ON ct.id = p.content_type_id
 WHERE up.{permission_user_column} = %(user)s
"""


def load_access(user) -> None:
    """A user's roles and permissions in one query, kept on the user object for the
    request (Django's ModelBackend asks twice, and the roles a third time)."""
    from django.contrib.auth.models import Group, Permission
    from django.contrib.contenttypes.models import ContentType
    from django.db import connection

    model = user._meta.model  # not type(user): request.user is a lazy object
    groups, permissions = model.groups.through, model.user_permissions.through
    sql = ACCESS_SQL.format(
        user_groups=groups._meta.db_table, group=Group._meta.db_table,
        group_permissions=Group.permissions.through._meta.db_table,
        permission=Permission._meta.db_table, content_type=ContentType._meta.db_table,
        user_column=groups._meta.get_field(model._meta.model_name).column,
        user_permissions=permissions._meta.db_table,
        permission_user_column=permissions._meta.get_field(model._meta.model_name).column)
    with connection.cursor() as cursor:
        cursor.execute(sql, {"user": user.pk})
        rows = cursor.fetchall()
    names = {group for group, _, _ in rows if group}
    user._casino_roles = {role for role in Role if role.value in names}
    # Our own attribute, not ModelBackend's private _perm_cache: StaffBackend answers
    # every permission question from it.
    user._casino_permissions = {f"{app}.{codename}" for _, app, codename in rows if codename}


class StaffBackend(ModelBackend):
    """Django's model permissions, read with the roles in one query (load_access)."""

    def get_all_permissions(self, user_obj, obj=None):
        if not user_obj.is_active or user_obj.is_anonymous or obj is not None:
            return set()
        if user_obj.is_superuser:
            return super().get_all_permissions(user_obj)
        if getattr(user_obj, "_casino_permissions", None) is None:
            load_access(user_obj)
        return user_obj._casino_permissions


def has_role(user, role: Role) -> bool:
    return role in roles_of(user)


def is_supervisor(user) -> bool:
    return bool(getattr(user, "is_superuser", False)) or has_role(user, Role.SUPERVISOR)


def grantable_roles(actor) -> frozenset[str]:
    """The roles ``actor`` may give to an account or take from it: the one place that says
    so (a role only its holders may grant belongs here). A superuser grants every role, a
    supervisor every casino's role, nobody else any; an account holding a role the actor
    may not grant is not his to change (tables.floor.accounts.account_refusal)."""
    if getattr(actor, "is_superuser", False):
        return frozenset(role.value for role in Role)
    if has_role(actor, Role.SUPERVISOR):
        return frozenset(role.value for role in CASINO_ROLES)
    return frozenset()


def is_group_supervisor(user) -> bool:
    return bool(getattr(user, "is_superuser", False)) or has_role(user, Role.GROUP_SUPERVISOR)


def role_required(*roles: Role):
    """View decorator: the user must be logged in and hold one of the roles (else 403)."""
    from functools import wraps

    from django.contrib.auth.views import redirect_to_login
    from django.core.exceptions import PermissionDenied

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            user = request.user
            if not user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not (roles_of(user) & set(roles)) and not (
                Role.SUPERVISOR in roles and user.is_superuser
            ):
                raise PermissionDenied(
                    "This page is for the " + " or ".join(r.value for r in roles) + " role."
                )
            return view(request, *args, **kwargs)

        return wrapper

    return decorator


def role_grants() -> dict[str, set[str]]:
    """What each role may do: the union of what the installed apps declare, each about its
    own records (an AppConfig's ``role_grants``: {role: ["app_label.codename", ...]}
    declarations, set in its ready()). This module names no app's permission."""
    from django.apps import apps

    grants: dict[str, set[str]] = {str(role): set() for role in Role}
    for config in apps.get_app_configs():
        for declared in getattr(config, "role_grants", ()):
            for role, perms in declared.items():
                grants[str(role)].update(perms)
    return grants


def sync_roles(sender=None, *, apps=None, using="default", **kwargs) -> None:
    """post_migrate receiver: the role groups hold exactly what the apps declare
    (role_grants).

    Besides keeping roles in step with the code, this restores them after a test
    database flush, which empties every table the data migration filled.
    """
    from django.apps import apps as global_apps

    grant_permissions(apps or global_apps, role_grants(), exact=True)


def grant_permissions(apps, grants: dict[str, Iterable[str]], *, exact: bool = False) -> None:
    """For data migrations: create the role groups and give them permissions.

    Permissions normally appear after `migrate` finishes (post_migrate), so
    they are created here first for every app the migration can see.
    """
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():
        # Migration-state app configs have no models_module, which would make
        # create_permissions skip them; restore it afterwards either way.
        models_module = getattr(app_config, "models_module", None)
        app_config.models_module = models_module or True
        try:
            create_permissions(app_config, apps=apps, verbosity=0)
        finally:
            app_config.models_module = models_module

    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for role, perms in grants.items():
        group, _ = Group.objects.get_or_create(name=str(role))
        wanted = []
        for dotted in perms:
            app_label, codename = dotted.split(".")
            wanted.append(Permission.objects.get(content_type__app_label=app_label,
                                                 codename=codename))
        if exact:
            group.permissions.set(wanted)
        else:
            group.permissions.add(*wanted)
