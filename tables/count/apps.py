from django.apps import AppConfig


class CountConfig(AppConfig):
    """The count room: each box counted by two, its corrections and variances."""

    name = "tables.count"
    label = "count"
    verbose_name = "Drop and count"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import credentials
        from tables.count import grants, pages
        from tables.count.models import BoxCount, CountCorrection

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        # The count's second member, by the version of her log-in.
        for model in (BoxCount, CountCorrection):
            credentials.attested(model, person="witnessed_by",
                                 credential="witness_credential")
        pages.register()  # the count beside the chips and the records
