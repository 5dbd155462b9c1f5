"""Checks behind /healthz: can we reach the database and the Celery broker, and when did a
worker last beat? What the apps add (their ledgers, their closed days) they register in
casino.common.health."""

from __future__ import annotations

import redis
from django.db import DatabaseError
from django.utils import timezone

from casino.common import redis_connections


def check_database(connection) -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        return {"ok": False, "vendor": connection.vendor, "error": _first_line(exc)}
    return {"ok": True, "vendor": connection.vendor}


def check_broker() -> dict:
    """The broker's Redis answers: the one REDIS_URL names, or the master the Sentinels
    name (asked at each check, so a failover shows as the new master answering)."""
    client = redis_connections.client(socket_timeout=1)
    if client is None:
        return {"ok": True, "kind": "in-process",
                "detail": "REDIS_URL and REDIS_SENTINELS unset: tasks run eagerly"}
    where = redis_connections.where()
    try:
        client.ping()
    except redis.RedisError as exc:
        return {"ok": False, "kind": "redis", "url": where, "error": _first_line(exc)}
    finally:
        client.close()
    return {"ok": True, "kind": "redis", "url": where}


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
