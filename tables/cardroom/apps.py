from django.apps import AppConfig


class CardroomConfig(AppConfig):
    name = "tables.cardroom"
    label = "cardroom"
    verbose_name = "Cardroom"
    default_auto_field = "django.db.models.BigAutoField"
