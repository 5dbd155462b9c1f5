from django.apps import AppConfig


class TablesConfig(AppConfig):
    """No models of its own (each domain is an app, decision 0001): the migrations that
    made the floor's tables, the plain rules, the demo's commands and the deploy checks."""

    name = "tables"
    verbose_name = "Tables (history)"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tables import checks  # noqa: F401  (registers the deployment checks)
