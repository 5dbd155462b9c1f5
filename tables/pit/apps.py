from django.apps import AppConfig


class PitConfig(AppConfig):
    """The dealers on the floor: who deals which game, the rotation, the pit's log."""

    name = "tables.pit"
    label = "pit"
    verbose_name = "The pit's dealers and rotation"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import db_roles
        from tables.pit import grants, pages
        from tables.pit.models import DealerGames, RotationRules

        # What each role may do with the pit's records (sync_roles).
        self.role_grants = [grants.ROLE_GRANTS]
        # The pit's configuration (its rotation, who deals which game): audited.
        db_roles.keep(RotationRules)
        db_roles.keep(DealerGames)
        pages.register()  # where each dealer is, on the dealer's page
