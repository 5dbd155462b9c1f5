"""Sending work to the Celery workers without making anyone wait for a broker that is down.

A message is published once, with no retries and no result to wait for: when Redis is
down (even after the connection was made, which the fault drill showed) the request goes on at
once, and whatever was to be done is picked up by a periodic sweep (jackpot hits) or by
the next request (game math, an export asked for again). Called after commit, so a
failure never undoes what was recorded.
"""

from __future__ import annotations

import logging

from kombu.exceptions import OperationalError

logger = logging.getLogger(__name__)


def send_once(task, *args, later: str) -> bool:
    """Publish ``task(*args)`` once; False (and a log line saying what happens instead,
    ``later``) when the broker cannot take it."""
    try:
        # No result: a request never waits on one, and asking for it would subscribe to
        # the result backend, whose reconnecting blocks for 20 s with Redis down.
        task.apply_async(args, retry=False, ignore_result=True)
    except (OperationalError, OSError):
        logger.exception("Could not queue %s%r; %s", task.name, args, later)
        return False
    return True
