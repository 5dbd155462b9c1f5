"""Queues per job: what settles money has its own queue, what reads a lot has another, and
no task of the service is left to Celery's default by accident."""

from __future__ import annotations

from django.conf import settings

from casino.celery import app

SETTLES_MONEY = {"payouts.tasks.settle_progressive", "payouts.tasks.sweep_pending_hits"}
READS_A_LOT = {"tables.tasks.write_export", "payouts.tasks.compute_par",
               "tables.tasks.close_gaming_days"}


def service_tasks() -> set[str]:
    app.loader.import_default_modules()
    return {name for name in app.tasks if not name.startswith("celery.")}


def test_every_task_of_the_service_has_a_queue_but_the_heartbeat():
    routed = set(settings.CELERY_TASK_ROUTES)
    # The heartbeat is sent to each pool's queue by the beat itself (its options).
    assert service_tasks() - routed == {"casino.tasks.worker_heartbeat"}
    assert routed <= service_tasks(), "a route names a task that does not exist"


def test_settlement_is_apart_from_exports_and_analyses():
    queue = {task: route["queue"] for task, route in settings.CELERY_TASK_ROUTES.items()}
    assert {queue[task] for task in SETTLES_MONEY} == {"settlement"}
    assert {queue[task] for task in READS_A_LOT} == {"exports"}


def test_each_pool_beats_on_its_own_queue():
    beats = [entry for entry in settings.CELERY_BEAT_SCHEDULE.values()
             if entry["task"] == "casino.tasks.worker_heartbeat"]
    assert sorted(entry["options"]["queue"] for entry in beats) == ["exports", "settlement"]

