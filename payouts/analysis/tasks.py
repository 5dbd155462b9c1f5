"""Game math runs on a worker: the first analysis of a qualifier takes seconds."""

from __future__ import annotations

from celery import shared_task

from payouts.analysis import computing


@shared_task(name="payouts.tasks.compute_par", acks_late=True, ignore_result=True,
             soft_time_limit=200, time_limit=240)
def compute_par(analysis_id: int) -> None:
    computing.compute(analysis_id)

