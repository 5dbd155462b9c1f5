from rest_framework.permissions import BasePermission, DjangoModelPermissions

from casino.common.roles import roles_of


class RoleModelPermissions(DjangoModelPermissions):
    """Model permissions, including `view` for reads.

    The role groups carry the permissions (casino/roles.py), so a user with
    no role gets 403 on everything, reads included.
    """

    perms_map = {
        **DjangoModelPermissions.perms_map,
        "GET": ["%(app_label)s.view_%(model_name)s"],
        "HEAD": ["%(app_label)s.view_%(model_name)s"],
        "OPTIONS": ["%(app_label)s.view_%(model_name)s"],
    }


class HasRole(BasePermission):
    """Any of the staff roles. For actions whose service checks the exact role (voids,
    corrections, approvals) and reads scoped by selectors: a user with no role gets 403
    here, before an object lookup could answer 404."""

    message = "Your account has no role here: ask a pit supervisor to give you one."

    def has_permission(self, request, view):
        return bool(roles_of(request.user))
