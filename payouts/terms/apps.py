from django.apps import AppConfig


class TermsConfig(AppConfig):
    name = "payouts.terms"
    label = "terms"
    verbose_name = "Terms"
    default_auto_field = "django.db.models.BigAutoField"
