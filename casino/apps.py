from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig


class CasinoConfig(AppConfig):
    """Cross-cutting pieces of the service: roles, health and worker heartbeat."""

    name = "casino"
    verbose_name = "Casino service"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from casino import checks  # noqa: F401  (registers the deployment checks)
        from casino.common.roles import sync_roles

        post_migrate.connect(sync_roles, sender=self, dispatch_uid="casino.sync_roles")


class SupervisorAdminConfig(AdminConfig):
    default_site = "casino.admin_site.SupervisorAdminSite"
