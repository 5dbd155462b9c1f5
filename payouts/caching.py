"""The cache as a help, never a dependency: with Redis down, compute instead and say so
in the log, so the floor sign and every cached page keep answering from the database."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from redis import RedisError

logger = logging.getLogger(__name__)
T = TypeVar("T")
MISSING = object()


def cached(key: str, seconds: float, compute: Callable[[], T]) -> T:
    """``compute()``'s value, kept ``seconds`` in the cache where the cache answers."""
    try:
        value = cache.get(key, MISSING)
    except (RedisError, OSError):
        logger.warning("cache down: %s computed from the database", key)
        return compute()
    if value is not MISSING:
        return value
    value = compute()
    try:
        cache.set(key, value, seconds)
    except (RedisError, OSError):
        logger.warning("cache down: %s not kept", key)
    return value


def keep(key: str, value, seconds: float) -> None:
    """``value`` kept ``seconds`` in the cache, where the cache answers (a writer that
    knows the new value puts it there for the next readers)."""
    try:
        cache.set(key, value, seconds)
    except (RedisError, OSError):
        logger.warning("cache down: %s not kept", key)


def peek(key: str):
    """What the cache holds under ``key`` (None: nothing, or the cache is down)."""
    try:
        return cache.get(key)
    except (RedisError, OSError):
        return None
