from django.apps import AppConfig


class StudConfig(AppConfig):
    name = "tables.stud"
    label = "stud"
    verbose_name = "Stud"
    default_auto_field = "django.db.models.BigAutoField"
