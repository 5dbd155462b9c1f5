from casino.common.roles import Role, roles_of


def roles(request):
    user_roles = roles_of(getattr(request, "user", None))
    return {"user_roles": sorted(user_roles), "Role": Role}
