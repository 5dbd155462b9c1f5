"""One way to reach Redis for the code that talks to it directly (the health check, the
push channel): the same server the cache and the Celery broker use, found the same way.

``client()`` and ``async_client()`` return None when no Redis is configured (the laptop
demo): the callers then do without (tasks run in-process, pushes are not sent and the
pages fall back to asking).

Through Sentinel (REDIS_SENTINELS, casino.config.redis_settings) the clients are on the
master the Sentinels name, asked again whenever a connection is made: after a failover
the old master refuses writes (READONLY) or closes its connections, redis-py then asks
the Sentinels and reconnects to the new one. ``SentinelPool`` gives Django's cache the
same (its OPTIONS["pool_class"])."""

from __future__ import annotations

import functools

import redis
import redis.asyncio
import redis.asyncio.retry
import redis.asyncio.sentinel
import redis.sentinel
from django.conf import settings
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

TIMEOUTS = {"socket_connect_timeout": 1, "socket_timeout": 2}
SENTINEL_SCHEME = "sentinel://"


def configured() -> bool:
    return bool(settings.REDIS_URL)


def client(**options):
    """A redis-py client on the current master, or None without Redis."""
    if not configured():
        return None
    sentinel = _sentinel()
    if sentinel is None:
        return redis.Redis.from_url(settings.REDIS_URL, **{**TIMEOUTS, **options})
    pool = redis.sentinel.SentinelConnectionPool(
        sentinel["master_name"], _sentinels(_addresses(sentinel)),
        **master_options(sentinel, {**TIMEOUTS, **options}))
    return redis.Redis.from_pool(pool)


def async_client(**options):
    """An asyncio redis-py client on the current master, or None without Redis."""
    if not configured():
        return None
    sentinel = _sentinel()
    if sentinel is None:
        return redis.asyncio.Redis.from_url(settings.REDIS_URL, **{**TIMEOUTS, **options})
    # Its own Sentinel clients (asyncio ones belong to one event loop), closed with it.
    found_by = redis.asyncio.sentinel.Sentinel(_addresses(sentinel), sentinel_kwargs=TIMEOUTS)
    return found_by.master_for(
        sentinel["master_name"], redis_class=_AsyncMaster,
        **master_options(sentinel, {**TIMEOUTS, **options}, retry=redis.asyncio.retry.Retry))


def where() -> str:
    """Where Redis is, for the health check and the logs (no password)."""
    from casino.config import redact

    return redact(settings.REDIS_URL or "")


class SentinelPool:
    """The pool class of Django's RedisCache through Sentinel: Django calls
    ``from_url(LOCATION, **OPTIONS)``; LOCATION only describes the Redis, OPTIONS carry
    ``sentinel`` (settings.REDIS_SENTINEL) and the connection options."""

    @classmethod
    def from_url(cls, url: str, *, sentinel: dict, **options):
        return redis.sentinel.SentinelConnectionPool(
            sentinel["master_name"], _sentinels(_addresses(sentinel)),
            **master_options(sentinel, options))


def master_options(sentinel: dict, options: dict, retry=Retry) -> dict:
    """The master's connections: its database and password, and a few quick retries of a
    command whose connection failed. A failover shows as such a failure (the old master
    refusing writes, or gone); the retry asks the Sentinels again and runs the command on
    the new master instead of handing the caller an error. Only connection errors: a
    timed-out command may have run, and is not run twice."""
    retries = retry(ExponentialBackoff(cap=1, base=0.05), 3,
                    supported_errors=(redis.ConnectionError,))
    return {"db": sentinel["db"], "password": sentinel["password"], "retry": retries,
            **options}


def _sentinel() -> dict | None:
    """settings.REDIS_SENTINEL when REDIS_URL says Redis is found through Sentinel (a
    test that points REDIS_URL at another Redis is then taken at its word)."""
    if (settings.REDIS_URL or "").startswith(SENTINEL_SCHEME):
        return settings.REDIS_SENTINEL
    return None


def _addresses(sentinel: dict) -> tuple[tuple[str, int], ...]:
    return tuple((host, int(port)) for host, port in sentinel["sentinels"])


@functools.lru_cache(maxsize=8)
def _sentinels(addresses: tuple[tuple[str, int], ...]) -> redis.sentinel.Sentinel:
    """One set of clients to the Sentinels a process, shared by every pool: asking which
    server is the master reuses their connections instead of opening new ones."""
    return redis.sentinel.Sentinel(list(addresses), sentinel_kwargs=TIMEOUTS)


class _AsyncMaster(redis.asyncio.Redis):
    """Closing it also closes the connections its pool opened to the Sentinels."""

    async def aclose(self, close_connection_pool: bool | None = None) -> None:
        await super().aclose(close_connection_pool)
        await self.connection_pool.sentinel_manager.aclose()
