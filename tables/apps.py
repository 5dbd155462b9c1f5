from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Casinos and tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common.chains import Ledger, register

        register(Ledger(name="bad-beat fund", table="tables_badbeatentry",
                        chain_by=("fund_id",), content_function="tables_badbeatentry_content"))
