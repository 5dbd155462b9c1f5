"""The pit's floor in words a pit boss reads: where each dealer is, what a relief does,
and what the rotation flags."""

from __future__ import annotations

import datetime as dt

from tables.pit.models import MoveKind
from tables.rules.rotation import FlagKind

GOES_TO = {MoveKind.BREAK: "a break", MoveKind.MEAL: "his meal break",
           MoveKind.CLOCK_OUT: "home (clocks out)"}


def minutes_between(start: dt.datetime, end: dt.datetime) -> int:
    return max(0, int((end - start).total_seconds() // 60))


def flag_words(kind: FlagKind, *, table: str | None, dealer: str | None, since: str) -> str:
    if kind is FlagKind.UNCOVERED:
        return f"{table} is open with no dealer, and no free dealer may deal it."
    if kind is FlagKind.NOT_ALLOWED:
        return (f"{dealer} deals {table} but may not deal its game; no free dealer who may "
                "can take it.")
    if kind is FlagKind.BREAK_OVERDUE:
        return (f"{dealer} is overdue a break at {table} (due {since}); no free dealer who "
                "may deal it is back yet.")
    return f"{dealer} is overdue his meal break (due {since})."


def relief_words(*, relief: str, relieved: str | None, table: str, goes_to: str | None) -> str:
    if relieved is None:
        return f"{relief} takes {table}, which has no dealer."
    return f"{relief} relieves {relieved} at {table}; {relieved} goes on {GOES_TO[goes_to]}."


def forgot_to_clock_out(dealer: str, clocked_in: str) -> str:
    return (f"{dealer} clocked in at {clocked_in} and never clocked out: he is no longer "
            "counted on the floor, and his next clock-in starts a new shift.")



WENT = {MoveKind.BREAK: "went on a break", MoveKind.MEAL: "went on his meal break",
        MoveKind.CLOCK_OUT: "went home (clocked out)"}


def move_words(move, went=None, *, clock) -> str:
    """A dealer's move as the floor's log says it ("21:15 · dealer4 relieved dealer6 at
    CS-2; dealer6 went on a break until 21:35. Recorded by supervisor."); ``went``: the
    relieved dealer's move written with a relief; ``clock``: a time on the casino's clock."""
    name = move.dealer.get_username()
    if move.kind == MoveKind.TABLE and move.relieved_id is not None:
        relieved = move.relieved.get_username()
        text = f"{name} relieved {relieved} at {move.table.label}"
        if went is not None:
            text += f"; {relieved} {_went(went, clock)}"
    elif move.kind == MoveKind.TABLE:
        text = f"{name} took {move.table.label}, which had no dealer"
    elif move.kind == MoveKind.CLOCK_IN:
        text = f"{name} clocked in"
    else:
        text = f"{name} {_went(move, clock)}"
    return f"{clock(move.at)} · {text}. Recorded by {move.by.get_username()}."


def _went(move, clock) -> str:
    until = f" until {clock(move.until)}" if move.until else ""
    return WENT[move.kind] + until
