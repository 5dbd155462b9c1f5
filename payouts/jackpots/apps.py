from django.apps import AppConfig


class JackpotsConfig(AppConfig):
    name = "payouts.jackpots"
    label = "jackpots"
    verbose_name = "Jackpots"
    default_auto_field = "django.db.models.BigAutoField"
