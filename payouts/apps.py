from django.apps import AppConfig


class PayoutsConfig(AppConfig):
    """No models of its own (the terms, the jackpots and the game math are apps, decision
    0001): the migrations that made their tables, and what they share (governance)."""

    name = "payouts"
    verbose_name = "Payouts (history)"
    default_auto_field = "django.db.models.BigAutoField"
