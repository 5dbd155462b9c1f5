from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Casinos and tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import db_roles
        from casino.common import health as shown_on_healthz
        from casino.common.chains import register
        from tables import checks  # noqa: F401  (registers the deployment checks)
        from tables.chips.models import AccountingRules, SlipSeries
        from tables.floor.chain import RECORD_LEDGER
        from tables.floor.models import Casino, RecordSeal, Table
        from tables.poker.chain import FUND_LEDGER
        from tables.poker.models import BadBeatFund
        from tables.reports.health import last_day_check

        db_roles.keep(Casino)
        db_roles.keep(Table)
        db_roles.keep(BadBeatFund, update=("balance",))
        db_roles.keep(AccountingRules)
        # A casino's slip numbers are taken one at a time; the series only counts up.
        db_roles.keep(SlipSeries, update=("last_number",))
        register(RECORD_LEDGER)
        db_roles.written_by_the_database(RecordSeal)  # by the sealing trigger, as the owner
        register(FUND_LEDGER)
        # The closed days against their records (nightly), on /healthz.
        shown_on_healthz.register("closed_days", last_day_check)
        self.add_panels()

    @staticmethod
    def add_panels() -> None:
        """Each page lives in its package; a package above adds its panels to it (the
        chips' and the count's to the floor's Pit overview and dealer's page, the count's
        to the chips' page)."""
        from tables.chips import pages as chips
        from tables.count import pages as count

        chips.register()
        count.register()
