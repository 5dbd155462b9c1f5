"""The card room's public board, pushed (casino.common.push): every write of the room tells
its casino's screens once it commits (push.floor_changed), and this process reads the room
once for all of them, at most once a second (push.SharedReads): a hundred screens cost the
database what one does. The page and the streams share one state in the cache
(casino.common.floor_cache): a viewer on a warm cache costs no query."""

from __future__ import annotations

from collections.abc import AsyncIterator

from django.template.loader import render_to_string
from django.utils import timezone

from casino.common import floor_cache, push
from casino.house.models import Casino
from tables.cardroom.room import room_board

MIN_GAP = 1.0
# As often as a stream reads its casinos again with nothing said (push.HEARTBEAT_SECONDS).
FRESH_SECONDS = push.HEARTBEAT_SECONDS
TEMPLATE = "tables/cardroom/_board.html"


def state(casino: Casino) -> dict:
    """What the room's screens show now: its board, rendered (the page and the stream
    show the same template)."""
    return {"casino": casino.pk,
            "html": render_to_string(TEMPLATE, {"board": room_board(casino, timezone.now())})}


def shown(casino_id: int) -> dict | None:
    """What every screen and viewer of the room's board is shown (its page's name, its
    state), from the cache they all share (casino.common.floor_cache): built once per
    change of the floor or per FRESH_SECONDS (its clocks move); None: no such casino."""
    return floor_cache.shared("cardroom-board", casino_id, FRESH_SECONDS,
                              lambda: _built(casino_id))


def _built(casino_id: int) -> dict | None:
    casino = Casino.objects.filter(pk=casino_id).first()
    return None if casino is None else {"name": casino.name, "state": state(casino)}


def _read(casino_id: int) -> dict | None:
    found = shown(casino_id)
    return None if found is None else found["state"]


READS = push.SharedReads(_read, MIN_GAP)


def stream(casino_id: int) -> AsyncIterator[str]:
    return push.floors_stream([casino_id], READS)
