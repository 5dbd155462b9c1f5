"""The three staff roles, as Django groups, and what each may do.

The groups are created by a data migration (casino/migrations); later
migrations grant permissions on models added by later features.
"""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    SUPERVISOR = "supervisor"
    DEALER = "dealer"
    ACCOUNTANT = "accountant"


def roles_of(user) -> set[Role]:
    if not getattr(user, "is_authenticated", False):
        return set()
    cached = getattr(user, "_casino_roles", None)
    if cached is None:
        names = set(user.groups.values_list("name", flat=True))
        cached = {role for role in Role if role.value in names}
        user._casino_roles = cached
    return cached


def has_role(user, role: Role) -> bool:
    return role in roles_of(user)


def is_supervisor(user) -> bool:
    return bool(getattr(user, "is_superuser", False)) or has_role(user, Role.SUPERVISOR)


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


def grant_permissions(apps, grants: dict[str, list[str]]) -> None:
    """For data migrations: create the role groups and give them permissions.

    Permissions normally appear after `migrate` finishes (post_migrate), so
    they are created here first for every app the migration can see.
    """
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None

    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for role, perms in grants.items():
        group, _ = Group.objects.get_or_create(name=role)
        for dotted in perms:
            app_label, codename = dotted.split(".")
            permission = Permission.objects.get(content_type__app_label=app_label,
                                                codename=codename)
            group.permissions.add(permission)
