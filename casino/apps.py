import logging

from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig

logger = logging.getLogger(__name__)


class CasinoConfig(AppConfig):
    """Cross-cutting pieces of the service: roles, health and worker heartbeat."""

    name = "casino"
    verbose_name = "Casino service"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_migrate, pre_save

        from casino import (
            checks,  # noqa: F401  (registers the deployment checks)
            grants,
        )
        from casino.common import (
            audit_statements,
            chains,
            credentials,
            db_roles,
            health,
            seals,
            shape,
            signing,
            verification,
        )
        from casino.common.roles import sync_roles
        from casino.common.sessions import mark_log_in
        from casino.common.tokens import revoke_on_password_change
        from casino.models import Seal, SignatureChainEnd

        self.role_grants = [grants.ROLE_GRANTS]  # the roles' own (sync_roles)
        post_migrate.connect(sync_roles, sender=self, dispatch_uid="casino.sync_roles")
        post_migrate.connect(grant_after_migrate, dispatch_uid="casino.grant_app_role")
        pre_save.connect(revoke_on_password_change, sender=get_user_model(),
                         dispatch_uid="casino.revoke_tokens")
        user_logged_in.connect(mark_log_in, dispatch_uid="casino.session_shift")
        db_roles.written_by_the_database(Seal)
        health.register("guards", shape.on_healthz)  # the database's guards, live
        db_roles.keep(SignatureChainEnd, update=("seq", "mac"))
        signing.sign(get_user_model(), fields=signing.USER_FIELDS, changes=True)
        signing.sign(get_user_model().groups.through, changes=True)
        # Each approval's second person proven by a log-in the service signed.
        verification.also(credentials.breaks)
        chains.register_more(seals.book_ledgers)
        # Prepared statements need the audit context sent apart (audit_statements).
        audit_statements.send_context_apart(settings.DATABASE_PREPARED_STATEMENTS)


def grant_after_migrate(sender, using, plan=None, **kwargs) -> None:
    """After the last app's migrations (and pghistory's and pgtrigger's own post-migrate
    installs), give the application role its privileges. A flush (plan None) changes no
    table, so it changes no grant either."""
    from django.apps import apps
    from django.conf import settings
    from django.db import connections

    from casino.common import signing
    from casino.common.db_roles import grant_app_role

    if plan is None or sender is not list(apps.get_app_configs())[-1]:
        return
    with connections[using].cursor() as cursor:
        signing.install_tracking(cursor)
    role = settings.DATABASE_APP_ROLE
    if not grant_app_role(role, using=connections[using]):
        logger.warning("The database has no role %r: nothing granted. The service should "
                       "connect as that role, not as the owner (docs/deploy.md).", role)


class SupervisorAdminConfig(AdminConfig):
    default_site = "casino.admin_site.SupervisorAdminSite"
