"""Checks behind /healthz: can we reach the database and the Celery broker?"""

from __future__ import annotations

from django.conf import settings
from django.db import DatabaseError
from django.utils import timezone

from casino.config import redact


def check_database(connection) -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        return {"ok": False, "vendor": connection.vendor, "error": _first_line(exc)}
    return {"ok": True, "vendor": connection.vendor}


def check_broker() -> dict:
    if not settings.REDIS_URL:
        return {"ok": True, "kind": "in-process", "detail": "REDIS_URL unset: tasks run eagerly"}
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1)
    try:
        client.ping()
    except redis.RedisError as exc:
        return {"ok": False, "kind": "redis", "url": redact(settings.REDIS_URL),
                "error": _first_line(exc)}
    finally:
        client.close()
    return {"ok": True, "kind": "redis", "url": redact(settings.REDIS_URL)}


def last_worker_heartbeat() -> dict | None:
    from casino.models import WorkerHeartbeat

    try:
        beat = WorkerHeartbeat.objects.order_by("-seen_at").first()
    except DatabaseError:
        return None
    if beat is None:
        return None
    age = (timezone.now() - beat.seen_at).total_seconds()
    return {"hostname": beat.hostname, "seen_at": beat.seen_at.isoformat(),
            "seconds_ago": round(age)}


def _first_line(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


def last_ledger_check() -> dict | None:
    """The nightly walk of every ledger's hash chain and anchors: when, and what broke;
    and the last anchor of the chains' heads outside the database."""
    from casino.common.anchors import last_anchor
    from payouts.jackpots.chain import last_check

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


def last_day_check() -> dict | None:
    """The nightly check of the closed days against the records: when, and whether every
    day matched (the accountant's pages name the problems; this page is open to all)."""
    from tables.reports.verification import last_check, summary_words

    try:
        check = last_check()
    except DatabaseError:
        return None
    if check is None:
        return {"checked_at": None, "days": 0, "intact": None, "problems": 0,
                "words": summary_words(None)}
    return {"checked_at": check.checked_at.isoformat(), "days": check.days,
            "intact": check.intact, "problems": len(check.findings),
            "words": summary_words(check)}
