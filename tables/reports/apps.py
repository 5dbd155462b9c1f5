from django.apps import AppConfig


class ReportsConfig(AppConfig):
    """The accountant's reads, files and closed days, and the nightly checks of them."""

    name = "tables.reports"
    label = "reports"
    verbose_name = "Reports and closed days"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import health, verification
        from tables.reports import grants
        from tables.reports import verification as closed_days
        from tables.reports.health import last_day_check, last_rating_check

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        # On /healthz, the nightly checks: the closed days against their records, and the
        # ratings, their comps and the player activity report reconciled.
        health.register("closed_days", last_day_check)
        health.register("rated_play", last_rating_check)
        verification.also(closed_days.ledger_breaks)  # verify_ledgers checks them too
