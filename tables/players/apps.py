from django.apps import AppConfig


class PlayersConfig(AppConfig):
    """The group's rated players and their ratings, read from the recorded rounds."""

    name = "tables.players"
    label = "players"
    verbose_name = "Players and ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import db_roles
        from tables.players import grants, pages
        from tables.players.models import Player

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        db_roles.keep(Player)  # changed (audited), never deleted: ratings keep him
        pages.register()  # the rated seats beside each table's seats link
