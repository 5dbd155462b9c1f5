from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig


class CasinoConfig(AppConfig):
    """Cross-cutting pieces of the service: roles, health and worker heartbeat."""

    name = "casino"
    verbose_name = "Casino service"
    default_auto_field = "django.db.models.BigAutoField"


class SupervisorAdminConfig(AdminConfig):
    default_site = "casino.admin_site.SupervisorAdminSite"
