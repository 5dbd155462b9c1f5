from rest_framework.permissions import DjangoModelPermissions


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
