"""Checks behind /healthz: can we reach the database and the Celery broker, and when did a
worker last beat? What the apps add (their ledgers, their closed days) they register in
casino.common.health."""

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
