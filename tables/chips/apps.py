from django.apps import AppConfig


class ChipsConfig(AppConfig):
    """The chips at the banked tables: openers and closers, fills, credits and their slips."""

    name = "tables.chips"
    label = "chips"
    verbose_name = "Chips, fills and credits"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import credentials, db_roles
        from tables.chips import grants, pages
        from tables.chips.models import AccountingRules, ChipSlipVoid, SlipSeries

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        db_roles.keep(AccountingRules)
        # A casino's slip numbers are taken one at a time; the series only counts up.
        db_roles.keep(SlipSeries, update=("last_number",))
        # A void's second person, by the version of her log-in (casino.common.credentials).
        credentials.attested(ChipSlipVoid, person="witnessed_by",
                             credential="witness_credential")
        pages.register()  # the chips on the Pit overview and the dealer's page
