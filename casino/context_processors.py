from casino.common.roles import Role, roles_of
from casino.navigation import top_bar


def roles(request):
    user = getattr(request, "user", None)
    user_roles = roles_of(user)
    return {"user_roles": sorted(user_roles), "Role": Role,
            # The pages of the user's roles, one tap away on every page (base.html).
            "top_bar": top_bar(user) if user_roles or getattr(user, "is_superuser", False)
            else []}
