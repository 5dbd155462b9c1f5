from django.apps import AppConfig


class CompsConfig(AppConfig):
    name = "tables.comps"
    label = "comps"
    verbose_name = "Comps"
    default_auto_field = "django.db.models.BigAutoField"
