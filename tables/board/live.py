"""The live boards' streams (casino.common.push): a casino's boards are told "look" once a
transaction that changed its floor commits (push.floor_changed), and read the board again.

The read is the costly part (a casino's whole floor), so this process shares it: one read
at a time per casino, for every stream that asks meanwhile, and at most one a second
(MIN_GAP). At 30 rounds a second a casino's boards are read once a second, however many
screens show them, and each shows a round within MIN_GAP and one read of it (the shared
reads and the stream: casino.common.push.SharedReads, floors_stream). With nothing told, a
board is read again every 15 s: its dealers' minutes, reliefs that fall due, what nobody
tells (a rated player seated)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable

from django.template.loader import render_to_string
from django.utils import timezone

from casino.common import push
from casino.house.models import Casino
from tables.board.read import board_of
from tables.reports.so_far import Minutes

MIN_GAP = 1.0
TEMPLATE = "tables/board/_casino.html"
# The whole minutes over this process has read, kept for the next read (reports.so_far).
MINUTES = Minutes()


def state(casino: Casino) -> dict:
    """What a board shows of ``casino`` now: its section of the page, rendered (the page
    and the stream show the same template)."""
    return {"casino": casino.pk,
            "html": render_to_string(TEMPLATE, {"board": board_of(casino, timezone.now(),
                                                                  MINUTES)})}


def _read(casino_id: int) -> dict | None:
    casino = Casino.objects.filter(pk=casino_id).first()
    return None if casino is None else state(casino)


READS = push.SharedReads(_read, MIN_GAP)


def stream(casino_ids: Iterable[int]) -> AsyncIterator[str]:
    """A supervisor's boards (one per casino of his), as they change."""
    return push.floors_stream(casino_ids, READS)
