"""Stored game math: one exact analysis per paytable's terms (and ante where the cap bites).

Not a money record: an analysis is a cache of figures any worker can compute again from
the terms. The terms' checksum is part of its identity, so a draft edited after its
figures were computed gets new figures, never stale ones.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from payouts.terms.models import Paytable


class AnalysisStatus(models.TextChoices):
    QUEUED = "queued", "Waiting for a worker"
    RUNNING = "running", "Computing"
    DONE = "done", "Ready"
    FAILED = "failed", "Failed"


UNCAPPED = "uncapped"  # the ante key when the cap cuts no win


class ParAnalysis(models.Model):
    paytable = models.ForeignKey(Paytable, on_delete=models.PROTECT, related_name="analyses")
    terms = models.JSONField(help_text="The terms computed from, as they were asked for.")
    terms_checksum = models.CharField(max_length=64)
    ante_key = models.CharField(max_length=20, help_text=f"'{UNCAPPED}', or the ante when "
                                                         "the cap binds.")
    ante = models.DecimalField(max_digits=14, decimal_places=2,
                               help_text="The ante the figures were computed at.")
    status = models.CharField(max_length=10, choices=AnalysisStatus.choices,
                              default=AnalysisStatus.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0, help_text="Percent done.")
    message = models.CharField(max_length=300, blank=True)
    result = models.JSONField(null=True, blank=True)
    requested_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    seconds = models.FloatField(null=True, blank=True, help_text="Time the worker took.")

    class Meta:
        db_table = "payouts_paranalysis"
        constraints = [models.UniqueConstraint(fields=["paytable", "terms_checksum", "ante_key"],
                                               name="one_analysis_per_terms_and_ante")]
        ordering = ["-requested_at"]

    def __str__(self) -> str:
        return f"analysis of {self.paytable} ({self.ante_key})"

    @property
    def ready(self) -> bool:
        return self.status == AnalysisStatus.DONE
