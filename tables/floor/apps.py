from django.apps import AppConfig


class FloorConfig(AppConfig):
    """The tables, the dealers assigned to them, and what every recording shares (its seal)."""

    name = "tables.floor"
    label = "floor"
    verbose_name = "Tables and dealers"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import db_roles
        from casino.common.chains import register
        from tables.floor import grants
        from tables.floor.chain import RECORD_LEDGER
        from tables.floor.chain_ends import SealChainEnd
        from tables.floor.models import RecordSeal, Table

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        db_roles.keep(Table)
        register(RECORD_LEDGER)  # the chain of each table's records
        db_roles.written_by_the_database(RecordSeal)  # by the sealing trigger, as the owner
        db_roles.written_by_the_database(SealChainEnd)  # by the same function
