from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig


class CasinoConfig(AppConfig):
    """Cross-cutting pieces of the service: roles, health and worker heartbeat."""

    name = "casino"
    verbose_name = "Casino service"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_migrate, pre_save

        from casino import checks  # noqa: F401  (registers the deployment checks)
        from casino.common.roles import sync_roles
        from casino.common.tokens import revoke_on_password_change

        post_migrate.connect(sync_roles, sender=self, dispatch_uid="casino.sync_roles")
        pre_save.connect(revoke_on_password_change, sender=get_user_model(),
                         dispatch_uid="casino.revoke_tokens")


class SupervisorAdminConfig(AdminConfig):
    default_site = "casino.admin_site.SupervisorAdminSite"
