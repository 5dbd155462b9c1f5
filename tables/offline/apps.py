from django.apps import AppConfig


class OfflineConfig(AppConfig):
    """What a dealer's tablet held through a network drop, and how each was resolved."""

    name = "tables.offline"
    label = "offline"
    verbose_name = "The dealer's tablet offline"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tables.offline import grants, pages

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        pages.register()  # the held entries on the supervisor's pages
