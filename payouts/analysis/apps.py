from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    """PAR sheets and house edges, computed exactly for any paytable."""

    name = "payouts.analysis"
    label = "analysis"
    verbose_name = "Game math"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from payouts.analysis import grants, pages

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        pages.register()  # the house edge a paytable will have, on the terms' pages
