from django.apps import AppConfig


class PayoutsConfig(AppConfig):
    """Paytables, progressives and their ledgers (added by later features)."""

    name = "payouts"
    verbose_name = "Paytables, progressives and ledgers"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common.chains import register
        from payouts.jackpots.chain import METER_LEDGER

        register(METER_LEDGER)
