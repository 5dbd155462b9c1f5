from django.apps import AppConfig


class CompsConfig(AppConfig):
    """What rated play earns a player at each casino, and the comps given from it."""

    name = "tables.comps"
    label = "comps"
    verbose_name = "Comps"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import db_roles, signing
        from casino.common.chains import register
        from tables.comps import grants, pages
        from tables.comps import services as comps
        from tables.comps.chain import COMP_LEDGER
        from tables.comps.models import CompAccount, CompLimit, CompRules
        from tables.players import hooks as players

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        db_roles.keep(CompRules)
        db_roles.keep(CompLimit)
        db_roles.keep(CompAccount, update=("balance",))  # moved only with its ledger
        signing.sign(CompAccount, changes=True)  # its casino, its player, its balance
        register(COMP_LEDGER)
        players.after_figures(comps.accrue)  # a rating's figures, as they stand, earn
        pages.register()  # the balances on the player's page, the comps waiting on /pit/
