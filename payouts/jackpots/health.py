"""What /healthz shows of the meters' ledgers (registered from payouts.apps)."""

from __future__ import annotations

from django.db import DatabaseError

from casino.common.anchors import last_anchor
from payouts.jackpots.chain import last_check


def last_ledger_check() -> dict | None:
    """The nightly walk of every ledger's hash chain and anchors: when, and what broke;
    and the last anchor of the chains' heads outside the database."""
    try:
        check, anchor = last_check(), last_anchor()
    except DatabaseError:
        return None
    if check is None and anchor is None:
        return None
    shown = {"anchored": None if anchor is None else {
        "anchor": anchor.seq, "made_at": anchor.made_at.isoformat(), "reason": anchor.reason}}
    if check is not None:
        shown.update(checked_at=check.checked_at.isoformat(), entries=check.entries,
                     intact=check.intact, breaks=check.breaks)
    return shown
