"""The card room in words: what a called player's phone says."""

from __future__ import annotations

from tables.cardroom.models import Waitlist


def call_message(waitlist: Waitlist, minutes: int) -> str:
    return (f"{waitlist.casino.name}: your seat at {waitlist.label} is ready. Please come to "
            f"the card room desk within {minutes} minutes.")
