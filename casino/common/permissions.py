from rest_framework.permissions import BasePermission, DjangoModelPermissions, IsAuthenticated

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


def holding(perm: str, message: str) -> type[BasePermission]:
    """A permission class for an action one model permission allows (the roles carry it):
    ``permission_classes = [holding("stud.add_studround", "Only dealers record rounds.")]``."""

    class Holding(IsAuthenticated):
        def has_permission(self, request, view):
            return super().has_permission(request, view) and request.user.has_perm(perm)

    Holding.message = message
    Holding.__name__ = f"Holding_{perm.replace('.', '_')}"
    return Holding
