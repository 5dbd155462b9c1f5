"""Which database roles the service uses, and (``--create``) the application role made
and granted where it is missing: for the demo and a developer's own PostgreSQL."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from casino.common.db_roles import create_role, grant_app_role, role_exists


class Command(BaseCommand):
    help = "Show the owner and application database roles; --create makes the latter."

    def add_arguments(self, parser):
        parser.add_argument("--create", action="store_true",
                            help="Create the application role if it is missing, and grant.")
        parser.add_argument("--password", default="",
                            help="The application role's password (none: trust or peer).")

    def handle(self, *args, create: bool, password: str, **options):
        role = settings.DATABASE_APP_ROLE
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user")
            (user,) = cursor.fetchone()
            exists = role_exists(cursor, role)
            if not exists and create:
                try:
                    create_role(cursor, role, password)
                except Exception as exc:
                    raise CommandError(f"{user} may not create the role {role}: {exc}") from exc
                exists = True
        if not exists:
            raise CommandError(f"The application role {role} does not exist; run "
                               "`manage.py db_roles --create` as a user that may create "
                               "roles, or see docs/deploy.md.")
        if create and user != role:
            grant_app_role(role)
        self.stdout.write(f"Connected as {user}; the application role is {role}"
                          f"{' (this connection)' if user == role else ''}.")
