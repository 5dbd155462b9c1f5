"""The meters' Celery tasks. Every task is named "<app>.tasks.<verb>" (docs/architecture.md,
the glossary): the name on the wire stays when a module moves inside its app."""

from __future__ import annotations

from celery import shared_task

from payouts.jackpots import chain, reconciliation, settlement


@shared_task(name="payouts.tasks.settle_progressive", acks_late=True, max_retries=5,
             autoretry_for=(Exception,), retry_backoff=True, soft_time_limit=100,
             time_limit=120)
def settle_progressive(progressive_id: int) -> int:
    """Idempotent: settles whatever is pending on the meter, or nothing."""
    return settlement.settle_pending_hits(progressive_id)


@shared_task(name="payouts.tasks.sweep_pending_hits", time_limit=300)
def sweep_pending_hits() -> int:
    """Beat: settle hits whose task message was lost (broker down at record time)."""
    return settlement.settle_all_pending()


@shared_task(name="payouts.tasks.reconcile_meters", time_limit=600)
def reconcile_meters() -> int:
    """Beat, nightly: reconcile every meter's last ended day of its books (each meter's
    yesterday, on its books' clock); returns the mismatches."""
    checks = reconciliation.check_all()
    return sum(1 for check in checks if not check.balanced)


@shared_task(name="payouts.tasks.verify_ledgers", time_limit=600)
def verify_ledgers() -> int:
    """Beat, nightly: walk every meter ledger's hash chain; returns the broken ledgers."""
    return len(chain.record_check().breaks)
