"""What the desk and the pit read about players and ratings: refusals that say what to do."""

from __future__ import annotations

STATES = {"open": "open", "paused": "paused", "closed": "closed"}
ASKED = {"paused": "pause", "resumed": "resume", "closed": "close"}


def excluded(player) -> str:
    return (f"{player.name} (card {player.card}) is excluded and may not be seated: the "
            "attempt is recorded for the supervisor.")


def seated_elsewhere(player) -> str:
    """Rated at a table the one seating him may not read (another casino's): not where."""
    return (f"{player.name} is seated elsewhere in the group: he is seated here once that "
            "rating is closed.")


def cannot(rating, state: str, step: str) -> str:
    """'The rating of Pat at CS-1 seat 3 is paused: resume it, or close it.'"""
    noun = f"The rating of {rating.player.first_name} at {rating.table.label} seat {rating.seat}"
    if state == "closed":
        return f"{noun} is closed: seat him again for a new one."
    if state == "paused":
        return f"{noun} is paused already: resume it, or close it."
    return f"{noun} is open, not paused: there is nothing to {ASKED[step]}."
