from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Casinos and tables"
    default_auto_field = "django.db.models.BigAutoField"
