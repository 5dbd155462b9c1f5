from django.apps import AppConfig


class PokerConfig(AppConfig):
    name = "tables.poker"
    label = "poker"
    verbose_name = "Poker"
    default_auto_field = "django.db.models.BigAutoField"
