from django.apps import AppConfig


class HouseConfig(AppConfig):
    """The casinos and their staff, below every app that keeps a casino's records."""

    name = "casino.house"
    label = "house"
    verbose_name = "Casinos and their staff"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import db_roles
        from casino.house.models import Casino

        db_roles.keep(Casino)
