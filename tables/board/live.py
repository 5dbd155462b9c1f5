"""The live boards' streams (casino.common.push): a casino's boards are told "look" once a
transaction that changed its floor commits (push.floor_changed), and read the board again.

The read is the costly part (a casino's whole floor), so this process shares it: one read
at a time per casino, for every stream that asks meanwhile, and at most one a second
(MIN_GAP). At 30 rounds a second a casino's boards are read once a second, however many
screens show them, and each shows a round within MIN_GAP and one read of it. With nothing
told, a board is read again every REREAD seconds: its dealers' minutes, reliefs that fall
due, what nobody tells (a rated player seated)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable

from asgiref.sync import sync_to_async
from django.db import close_old_connections
from django.template.loader import render_to_string
from django.utils import timezone

from casino.common import push
from tables.board.read import board_of
from tables.floor.models import Casino
from tables.reports.so_far import Minutes

MIN_GAP = 1.0
REREAD = push.HEARTBEAT_SECONDS
TEMPLATE = "tables/board/_casino.html"
# The whole minutes over this process has read, kept for the next read (reports.so_far).
MINUTES = Minutes()


def state(casino: Casino) -> dict:
    """What a board shows of ``casino`` now: its section of the page, rendered (the page
    and the stream show the same template)."""
    return {"casino": casino.pk,
            "html": render_to_string(TEMPLATE, {"board": board_of(casino, timezone.now(),
                                                                  MINUTES)})}


# This process's reads, per casino: the one waiting to start (joined by all who ask
# meanwhile), and when the last one started.
_waiting: dict[int, asyncio.Future] = {}
_started: dict[int, float] = {}


async def current(casino_id: int) -> dict | None:
    running = _waiting.get(casino_id)
    if running is None or running.get_loop() is not asyncio.get_running_loop():
        running = asyncio.ensure_future(_read_when_due(casino_id))
        _waiting[casino_id] = running
    # shielded: a screen that leaves does not cancel the read the others wait for
    return await asyncio.shield(running)


async def _read_when_due(casino_id: int) -> dict | None:
    loop = asyncio.get_running_loop()
    wait = _started.get(casino_id, float("-inf")) + MIN_GAP - loop.time()
    if wait > 0:
        await asyncio.sleep(wait)
    # From here a word that comes asks for a read of its own: this one may have read past
    # its change already.
    if _waiting.get(casino_id) is asyncio.current_task():
        del _waiting[casino_id]
    _started[casino_id] = loop.time()
    return await _read(casino_id)


@sync_to_async(thread_sensitive=False)
def _read(casino_id: int) -> dict | None:
    """On a thread of the loop's small pool: the boards' reads share a few database
    connections, whatever the number of screens."""
    close_old_connections()
    try:
        casino = Casino.objects.filter(pk=casino_id).first()
        return None if casino is None else state(casino)
    finally:
        close_old_connections()


async def stream(casino_ids: Iterable[int]) -> AsyncIterator[str]:
    """A supervisor's boards (one per casino of his), as Server-Sent Events: each casino's
    board when first read, then again each time it changes."""
    ids = set(casino_ids)
    async with push.hub.listening(*(push.floor_topic(c) for c in ids)) as queue:
        shown: dict[int, dict] = {}
        yield f"retry: {push.RETRY_MS}\n\n"
        asked = set(ids)
        while True:
            sent = False
            for casino_id in sorted(asked):
                found = await current(casino_id)
                if found is not None and found != shown.get(casino_id):
                    shown[casino_id] = found
                    sent = True
                    yield push.event(found)
            try:
                item = await asyncio.wait_for(queue.get(), REREAD)
            except TimeoutError:
                if not sent:
                    yield ": still here\n\n"
                asked = set(ids)
                continue
            asked = _asked(item, ids)
            while not queue.empty():  # every word that came meanwhile, in one read each
                asked |= _asked(queue.get_nowait(), ids)


def _asked(item: dict | None, ids: set[int]) -> set[int]:
    if item is push.LOOK:
        return set(ids)
    return {item["look"]} & ids if "look" in item else set()
