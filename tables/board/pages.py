"""The live board on the floor's Pit overview (registered from tables.apps): each of the
supervisor's casinos as it is now, the same section the stream sends when it changes."""

from __future__ import annotations

from django.utils.safestring import mark_safe

from tables.board import live
from tables.floor.pages import PIT


def register() -> None:
    PIT.add("board", on_the_pit)


def on_the_pit(request, shown: dict) -> dict:
    # Rendered by our own template, escaped there: safe to place as it is.
    return {"boards": [mark_safe(live.state(casino)["html"])
                       for casino in shown["casinos"]]}
