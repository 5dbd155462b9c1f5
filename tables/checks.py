"""The tables app's deployment checks (``manage.py check --deploy``), registered from
its ready(): the demo it loads (load_demo) must never reach a production service."""

from __future__ import annotations

from django.core.checks import Error, Tags, register
from django.db import DatabaseError


@register(Tags.security, deploy=True)
def demo_passwords(app_configs, **kwargs):
    """A demo user still answering to the demo's published password. It reads the
    database, which deployment checks may: they run once, by hand, before going live."""
    from django.contrib.auth import get_user_model

    from tables.management.commands.load_demo import DEMO_USERS

    try:
        users = {u.username: u for u in get_user_model().objects.filter(
            username__in=list(DEMO_USERS))}
    except DatabaseError:
        return []  # no database yet: nothing to check
    return [Error(f"The user '{name}' still has the demo password from the README.",
                  hint="Change its password, or deactivate the demo users.",
                  id="casino.E002")
            for name, (_, password) in DEMO_USERS.items()
            if name in users and users[name].is_active and users[name].check_password(password)]
