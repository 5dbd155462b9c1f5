from django.apps import AppConfig


class ChipsConfig(AppConfig):
    name = "tables.chips"
    label = "chips"
    verbose_name = "Chips"
    default_auto_field = "django.db.models.BigAutoField"
