"""The held entries' panel on the Pit overview (registered from tables.apps): what the
dealers' tablets queued and the service refused, for the supervisor to resolve."""

from __future__ import annotations

from casino.common.problems import problems_in
from tables.floor.pages import PIT
from tables.offline import selectors


def register() -> None:
    PIT.add("offline", on_the_pit)


def on_the_pit(request, shown: dict) -> dict:
    held = selectors.unresolved(selectors.held_visible_to(request.user))
    return {"held_entries": [_line(entry) for entry in held.order_by("dealt_at", "id")[:50]]}


def _line(held) -> dict:
    zone = held.table.casino.zone
    return {"held": held, "dealt": f"{held.dealt_at.astimezone(zone):%Y-%m-%d %H:%M %Z}",
            "refusal": [message for _, message in problems_in(held.refusal)]}

