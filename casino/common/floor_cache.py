"""A public screen's state (the card room's board) kept in the cache every process and
every viewer share: built from the database once, then served from the cache until the
floor changes or it is ``seconds`` old (its clocks move). Two hundred viewers then cost
the database what one does, and a viewer on a warm cache costs no query at all.

- **Changed.** The writers already say when a casino's floor changed, once their
  transaction commits (push.floor_changed): that word also gives the casino a new
  version here, and a state built under another version is built again.
- **One builder.** When the state must be built again, the first viewer to ask builds it;
  the others meanwhile are served the state before it (a moment old, as a screen shows
  it anyway), or, when there is none yet, wait for the builder's for as long as he holds
  his mark (BUILD_SECONDS at most): five hundred screens opened at once on a cold cache
  must not each build it when the one builder is slow (each would hold a database
  connection: the public board's bench ran the server out of them).
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

# How long a builder may take before another viewer takes over (a viewer without a state
# to show waits for him as long), and how often a waiting viewer looks.
BUILD_SECONDS = 10
LOOK_EVERY = 0.05
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
    while not _take(key):
        if entry is not None:
            return entry["value"]
        entry = _wait_for(key)
        if entry is not None:
            return entry["value"]
        # The builder's mark is gone and no state came (he failed, or it expired): the
        # next to take the mark builds; the others wait for him in turn.
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


def _wait_for(key: str) -> dict | None:
    """The builder's state once it comes (built under this version or one a moment
    older: a screen shows a moment-old state anyway); None once no one holds the
    builder's mark any more without it having come (or the cache fails: then the caller
    builds)."""
    while True:
        time.sleep(LOOK_EVERY)
        try:
            found = cache.get_many([key, f"{key}:building"])
        except Exception:  # any: build it ourselves
            return None
        if key in found:
            return found[key]
        if f"{key}:building" not in found:
            return None
