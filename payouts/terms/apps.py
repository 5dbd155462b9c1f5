from django.apps import AppConfig


class TermsConfig(AppConfig):
    """The terms the floor plays by: paytables and rake schedules, versioned and published."""

    name = "payouts.terms"
    label = "terms"
    verbose_name = "Paytables and rake schedules"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import db_roles
        from payouts.terms import grants
        from payouts.terms.models import Paytable, RakeSchedule

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        db_roles.keep(Paytable)
        db_roles.keep(RakeSchedule)
