from django.apps import AppConfig


class BoardConfig(AppConfig):
    """The live board atop /pit/: it reads every app below and keeps no records."""

    name = "tables.board"
    label = "board"
    verbose_name = "The live floor board"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tables.board import pages

        pages.register()  # the board atop /pit/
