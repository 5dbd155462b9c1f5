from django.apps import AppConfig


class PokerConfig(AppConfig):
    """The card room's hands, pots, time collections and bad-beat fund."""

    name = "tables.poker"
    label = "poker"
    verbose_name = "Poker hands and the bad-beat fund"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import db_roles
        from casino.common.chains import register
        from tables.poker import grants
        from tables.poker.chain import FUND_LEDGER
        from tables.poker.models import BadBeatFund

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        db_roles.keep(BadBeatFund, update=("balance",))  # moved only with its ledger
        register(FUND_LEDGER)
