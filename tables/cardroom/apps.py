from django.apps import AppConfig


class CardroomConfig(AppConfig):
    """The card room's waiting lists, seats and its public board."""

    name = "tables.cardroom"
    label = "cardroom"
    verbose_name = "The card room's lists and seats"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import db_roles
        from tables.cardroom import grants
        from tables.cardroom.models import RoomRules, Waitlist

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        # The room's rules and lists: configuration, audited, never deleted.
        db_roles.keep(RoomRules)
        db_roles.keep(Waitlist)
