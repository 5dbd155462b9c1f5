from django.apps import AppConfig

# A fund whose balance is not its ledger's last (switched off: the deferred check).
FUND_SHOWN = """
SELECT e.id, e.fund_id FROM tables_badbeatentry e JOIN tables_badbeatfund f ON f.id = e.fund_id
 WHERE e.id IN (SELECT max(id) FROM tables_badbeatentry GROUP BY fund_id)
   AND e.balance_after IS DISTINCT FROM f.balance"""

# Records the sealing trigger never saw (inserted with it switched off), per table.
UNSEALED = """
SELECT kind || ' ' || id, table_id FROM (
    SELECT 'stud_round' AS kind, id, table_id FROM tables_studround
    UNION ALL SELECT 'poker_hand', id, table_id FROM tables_pokerhand
    UNION ALL SELECT 'time_collection', id, table_id FROM tables_timecollection) kept
 WHERE NOT EXISTS (SELECT 1 FROM tables_recordseal s
                    WHERE s.kind = kept.kind AND s.record_id = kept.id)
 ORDER BY table_id, id"""


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Casinos and tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import db_roles
        from casino.common.chains import Ledger, register
        from tables.floor.models import Casino, Table
        from tables.poker.models import BadBeatFund

        db_roles.keep(Casino)
        db_roles.keep(Table)
        db_roles.keep(BadBeatFund, update=("balance",))
        register(Ledger(name="table records", table="tables_recordseal",
                        chain_by=("table_id",), content_function="tables_recordseal_content",
                        checks=((UNSEALED, "seal (it has none)"),)))
        register(Ledger(name="bad-beat fund", table="tables_badbeatentry",
                        chain_by=("fund_id",), content_function="tables_badbeatentry_content",
                        amount_column="amount", balance_column="balance_after",
                        checks=((FUND_SHOWN, "balance (the fund shows another)"),)))
