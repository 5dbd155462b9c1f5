from django.apps import AppConfig


class CountConfig(AppConfig):
    name = "tables.count"
    label = "count"
    verbose_name = "Count"
    default_auto_field = "django.db.models.BigAutoField"
