"""The card room's public board, pushed (casino.common.push): every write of the room tells
its casino's screens once it commits (push.floor_changed), and this process reads the room
once for all of them, at most once a second (push.SharedReads): a hundred screens cost the
database what one does."""

from __future__ import annotations

from collections.abc import AsyncIterator

from django.template.loader import render_to_string
from django.utils import timezone

from casino.common import push
from tables.cardroom.room import room_board
from tables.floor.models import Casino

MIN_GAP = 1.0
TEMPLATE = "tables/cardroom/_board.html"


def state(casino: Casino) -> dict:
    """What the room's screens show now: its board, rendered (the page and the stream
    show the same template)."""
    return {"casino": casino.pk,
            "html": render_to_string(TEMPLATE, {"board": room_board(casino, timezone.now())})}


def _read(casino_id: int) -> dict | None:
    casino = Casino.objects.filter(pk=casino_id).first()
    return None if casino is None else state(casino)


READS = push.SharedReads(_read, MIN_GAP)


def stream(casino_id: int) -> AsyncIterator[str]:
    return push.floors_stream([casino_id], READS)
