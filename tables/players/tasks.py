"""The players' Celery task: the closed ratings' figures kept standing (beat)."""

from __future__ import annotations

from celery import shared_task

from tables.players import services


@shared_task(name="tables.tasks.revise_ratings", time_limit=600)
def revise_ratings() -> int:
    """Beat, every five minutes: a closed rating whose round was voided since, or whose
    theoretical win was waiting for its paytable's figures, gets its figures (and its
    comps earned) written again."""
    return services.revise_ratings(actor=None)
