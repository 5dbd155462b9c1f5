"""Which Celery queue each task goes to, and what the beat sends when: task names only
(the settings read them; nothing here imports an app).

Queues per job (docs/scaling.md): settling a jackpot never waits behind a month's export
or a PAR sheet. One worker pool consumes each (`celery -A casino worker -Q settlement`,
`-Q exports,celery`); a task not listed goes to Celery's default queue, which the exports
pool also consumes. tests/test_queues.py checks every task has its queue."""

from __future__ import annotations

from datetime import timedelta

from celery.schedules import crontab

SETTLEMENT_QUEUE, EXPORTS_QUEUE = "settlement", "exports"
WORKER_QUEUES = (SETTLEMENT_QUEUE, EXPORTS_QUEUE)
SETTLEMENT = ("payouts.tasks.settle_progressive", "payouts.tasks.sweep_pending_hits",
              "payouts.tasks.reconcile_meters", "casino.tasks.seal_records",
              "casino.tasks.anchor_ledgers",
              # the floor's minute-by-minute work: a no-show never waits behind an export
              "tables.tasks.settle_no_shows")
EXPORTS = ("tables.tasks.write_export", "tables.tasks.resend_waiting_exports",
           "payouts.tasks.compute_par", "tables.tasks.analyse_paytables",
           "tables.tasks.close_gaming_days", "tables.tasks.verify_closed_days",
           "payouts.tasks.verify_ledgers", "tables.tasks.revise_ratings",
           "tables.tasks.keep_table_hours", "tables.tasks.check_ratings")


def routes() -> dict[str, dict[str, str]]:
    """CELERY_TASK_ROUTES."""
    return {**{task: {"queue": SETTLEMENT_QUEUE} for task in SETTLEMENT},
            **{task: {"queue": EXPORTS_QUEUE} for task in EXPORTS}}


def _every(task: str, **interval) -> dict:
    return {"task": task, "schedule": timedelta(**interval)}


def _nightly(task: str, minute: int) -> dict:
    return {"task": task, "schedule": crontab(hour=0, minute=minute)}


def beat(anchor_minutes: int) -> dict[str, dict]:
    """CELERY_BEAT_SCHEDULE; the ledgers are anchored every ``anchor_minutes``."""
    return {
        # Each pool beats on its own queue, so /healthz sees a pool that stopped.
        **{f"worker-heartbeat-{queue}": {**_every("casino.tasks.worker_heartbeat",
                                                  minutes=1), "options": {"queue": queue}}
           for queue in WORKER_QUEUES},
        "sweep-pending-jackpot-hits": _every("payouts.tasks.sweep_pending_hits", minutes=1),
        "resend-waiting-exports": _every("tables.tasks.resend_waiting_exports", minutes=1),
        "close-gaming-days": _every("tables.tasks.close_gaming_days", minutes=15),
        "keep-table-hours": _every("tables.tasks.keep_table_hours", minutes=10),
        "analyse-paytables": _every("tables.tasks.analyse_paytables", minutes=15),
        "revise-ratings": _every("tables.tasks.revise_ratings", minutes=5),
        "settle-no-shows": _every("tables.tasks.settle_no_shows", minutes=1),
        "reconcile-meters-nightly": _nightly("payouts.tasks.reconcile_meters", 15),
        "verify-ledgers-nightly": _nightly("payouts.tasks.verify_ledgers", 30),
        "verify-closed-days-nightly": _nightly("tables.tasks.verify_closed_days", 45),
        "check-ratings-nightly": _nightly("tables.tasks.check_ratings", 50),
        "seal-records": _every("casino.tasks.seal_records", minutes=1),
        "anchor-ledgers": _every("casino.tasks.anchor_ledgers", minutes=anchor_minutes),
    }
