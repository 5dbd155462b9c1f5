from django.apps import AppConfig


class StudConfig(AppConfig):
    """Caribbean Stud and Casino Stud rounds, settled as the cards speak."""

    name = "tables.stud"
    label = "stud"
    verbose_name = "Stud rounds"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tables.stud import grants

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
