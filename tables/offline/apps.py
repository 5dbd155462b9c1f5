from django.apps import AppConfig


class OfflineConfig(AppConfig):
    name = "tables.offline"
    label = "offline"
    verbose_name = "Offline"
    default_auto_field = "django.db.models.BigAutoField"
