"""One way to reach Redis for the code that talks to it directly (the health check, the
push channel): the same server the cache and the Celery broker use, found the same way.

``client()`` and ``async_client()`` return None when no Redis is configured (the laptop
demo): the callers then do without (tasks run in-process, pushes are not sent and the
pages fall back to asking)."""

from __future__ import annotations

from django.conf import settings

TIMEOUTS = {"socket_connect_timeout": 1, "socket_timeout": 2}


def configured() -> bool:
    return bool(settings.REDIS_URL)


def client(**options):
    """A redis-py client on the current master, or None without Redis."""
    if not configured():
        return None
    import redis

    return redis.Redis.from_url(settings.REDIS_URL, **{**TIMEOUTS, **options})


def async_client(**options):
    """An asyncio redis-py client on the current master, or None without Redis."""
    if not configured():
        return None
    import redis.asyncio

    return redis.asyncio.Redis.from_url(settings.REDIS_URL, **{**TIMEOUTS, **options})


def where() -> str:
    """Where Redis is, for the health check and the logs (no password)."""
    from casino.config import redact

    return redact(settings.REDIS_URL or "")
