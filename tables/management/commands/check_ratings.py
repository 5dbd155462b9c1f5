"""manage.py check_ratings: reconcile the rated play now (the nightly beat's check): every
closed rating's figures against its rounds, its comps earned against its worth, and the
player activity report against the player's ratings of each day; name each disagreement
and exit 1 if there is one. The result is kept, as the beat's is, for /healthz and the
accountant's closed-days page.

--revise: then write the figures of each rating named as they stand now (a new revision,
never an edit: its comps follow in the same transaction, by the difference) and check
again. For figures the revision beat cannot know moved (a history loaded out of order, as
the demo's was before issue 44)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tables.players.models import Rating
from tables.players.services import figures_stand
from tables.reports import ratings_check


class Command(BaseCommand):
    help = ("Check every closed rating's figures, its comps earned and the player activity "
            "report against each other; name each disagreement and exit 1 if there is any.")

    def add_arguments(self, parser):
        parser.add_argument("--revise", action="store_true",
                            help="Write a new revision of each rating whose figures no longer "
                                 "stand (its comps follow), then check again.")

    def handle(self, *args, revise: bool = False, **options):
        check = ratings_check.check_ratings()
        if revise and not check.intact:
            named = sorted({f["rating"] for f in check.findings if f["kind"] == "figures"})
            revised = 0
            for rating in Rating.objects.filter(pk__in=named).order_by("gaming_day", "pk"):
                with transaction.atomic():
                    revised += figures_stand(rating=rating) is not None
            self.stdout.write(f"{revised} rating{'s' * (revised != 1)} revised; checking "
                              "again.")
            check = ratings_check.check_ratings()
        if check.intact:
            self.stdout.write(self.style.SUCCESS(ratings_check.summary_words(check)))
            return
        for finding in check.findings:
            self.stderr.write(f"{finding['books']}, gaming day {finding['gaming_day']}: "
                              f"{finding['problem']}")
        raise CommandError(ratings_check.summary_words(check))
