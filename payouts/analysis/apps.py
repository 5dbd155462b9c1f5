from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "payouts.analysis"
    label = "analysis"
    verbose_name = "Analysis"
    default_auto_field = "django.db.models.BigAutoField"
