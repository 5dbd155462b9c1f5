"""The held entries' panel on the Pit overview (registered from tables.apps): what the
dealers' tablets queued and the service refused, for the supervisor to resolve. Each says
up front whether entering it late as it was sent would be refused now (the late entry
itself, tried and undone), and why: then it is corrected first, never offered a button
that cannot work."""

from __future__ import annotations

from casino.common.problems import problems_in
from tables.floor.pages import PIT
from tables.offline import selectors, services


def register() -> None:
    PIT.add("offline", on_the_pit)


def on_the_pit(request, shown: dict) -> dict:
    held = selectors.unresolved(selectors.held_visible_to(request.user))
    return {"held_entries": [_line(request, entry)
                             for entry in held.order_by("dealt_at", "id")[:50]]}


def _line(request, held) -> dict:
    zone = held.table.casino.zone
    refusal = services.enter_late_refusal(actor=request.user, held=held)
    arrived = messages_of(held.refusal)
    not_as_sent = [] if refusal is None else messages_of(refusal)
    return {"held": held, "dealt": f"{held.dealt_at.astimezone(zone):%Y-%m-%d %H:%M %Z}",
            "refusal": arrived, "not_as_sent": not_as_sent, "same": not_as_sent == arrived}


def messages_of(detail) -> list[str]:
    """A refusal's messages as the service put them (each names its seat or field)."""
    return [message for _, message in problems_in(detail)]
