"""A public screen's state (the card room's board) kept in the cache every process and
every viewer share: built from the database once, then served from the cache until the
floor changes or it is ``seconds`` old (its clocks move). Two hundred viewers then cost
the database what one does, and a viewer on a warm cache costs no query at all.

- **Changed.** The writers already say when a casino's floor changed, once their
  transaction commits (push.floor_changed): that word also gives the casino a new
  version here, and a state built under another version is built again.
- **One builder.** When the state must be built again, the first viewer to ask builds it;
  the others meanwhile are served the state before it (a moment old, as a screen shows
  it anyway), or, when there is none yet, wait a little for the builder's.
- **A help, never a dependency** (as payouts.caching): with the cache down, every viewer
  builds the state himself, and it is said in the log.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

logger = logging.getLogger(__name__)
T = TypeVar("T")

# How long a viewer without a state to show waits for the one building it, and how long
# a builder may take before another viewer takes over.
WAIT_SECONDS = 2.0
BUILD_SECONDS = 10
# A state stays in the cache this much longer than it is fresh: served while rebuilt.
KEPT_AFTER = 60


def _version_key(casino_id: int) -> str:
    return f"floor:{casino_id}:version"


def changed(casino_id: int) -> None:
    """The casino's floor changed (called once its writer's transaction committed)."""
    try:
        cache.set(_version_key(casino_id), uuid.uuid4().hex, None)
    except Exception as failed:  # any: the cache is a help, the writer has committed
        logger.warning("cache down: floor %s's screens not told to build again (%r); "
                       "they do within their freshness", casino_id, failed)


def shared(name: str, casino_id: int, seconds: float, build: Callable[[], T]) -> T:
    """``build()``'s value for the casino's screen ``name``: from the cache while the
    floor has not changed and it is less than ``seconds`` old, else built (once)."""
    key = f"floor:{casino_id}:{name}"
    try:
        found = cache.get_many([_version_key(casino_id), key])
    except Exception as failed:  # any: compute instead
        logger.warning("cache down: %s built from the database (%r)", key, failed)
        return build()
    version, entry = found.get(_version_key(casino_id)), found.get(key)
    if entry is not None and entry["version"] == version and entry["until"] > time.time():
        return entry["value"]
    if not _take(key):
        if entry is not None:
            return entry["value"]
        waited = _wait_for(key, version)
        if waited is not None:
            return waited["value"]
    try:
        value = build()
        entry = {"version": version, "until": time.time() + seconds, "value": value}
        cache.set(key, entry, seconds + KEPT_AFTER)
        return value
    finally:
        _give_back(key)


def _take(key: str) -> bool:
    try:
        return cache.add(f"{key}:building", 1, BUILD_SECONDS)
    except Exception:  # any: every viewer builds, as with no cache
        return True


def _give_back(key: str) -> None:
    try:
        cache.delete(f"{key}:building")
    except Exception:  # any: it expires by itself (BUILD_SECONDS)
        logger.debug("cache down: %s's builder mark left to expire", key)


def _wait_for(key: str, version) -> dict | None:
    until = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < until:
        time.sleep(0.05)
        try:
            entry = cache.get(key)
        except Exception:  # any: build it ourselves
            return None
        if entry is not None and entry["version"] == version:
            return entry
    return None
