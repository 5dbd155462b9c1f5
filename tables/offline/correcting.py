"""A held entry's fields as a supervisor corrects them on a page (issue 44): each field of
the body as the tablet sent it, under its place in the body ("seats.0.ante", the name the
service's refusal gives it); the corrected body built back from the posted form, every
field the page does not show kept as sent; and what changed, field by field, in words.

The body keeps the recording API's shape (tables.stud.serializers.StudRoundInput,
tables.poker.serializers.PokerHandInput): the correction is checked and recorded by the
same service as the dealer's round. The time it was dealt is not a field here: it is
fixed once held (tables.offline.services)."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass

from tables.offline.models import HeldKind
from tables.stud.wording import IRREGULARITY_WORDS, VOID_WORDS

TEXT, NUMBER, CARDS, NUMBERS = "text", "number", "cards", "numbers"
YES, MAYBE, CHOICE = "yes", "maybe", "choice"


@dataclass(frozen=True)
class Field:
    name: str                        # its key in the body (or in a seat of it)
    label: str
    shape: str = NUMBER              # how it is typed (a number, an amount: as sent)
    choices: tuple = ()              # CHOICE: (value, words) pairs


STUD_ROUND = (Field("dealer_cards", "Dealer's cards", CARDS), Field("up_card", "Up card", TEXT),
              Field("void", "Void", CHOICE, tuple(VOID_WORDS.items())),
              Field("dealer_took_fifth_card", "Dealer took a fifth card", YES))
STUD_SEAT = (Field("seat", "seat"), Field("ante", "ante"),
             Field("decision", "raise or fold", CHOICE, (("raise", "raise"), ("fold", "fold"))),
             Field("cards", "cards", CARDS), Field("progressive", "jackpot", YES),
             Field("irregularity", "irregularity", CHOICE, tuple(IRREGULARITY_WORDS.items())))
POKER_QUICK = (Field("pot", "Pot"), Field("flop_dealt", "Flop dealt", MAYBE),
               Field("players_dealt", "Players dealt in"), Field("winner", "Winning seat"),
               Field("split", "Pot split", YES))
POKER_FULL = (Field("board", "Board", CARDS), Field("button", "Button seat"),
              Field("players_dealt", "Players dealt in"), Field("winners", "Winners", NUMBERS))
POKER_SEAT = (Field("seat", "seat"), Field("put_in", "chips put in"),
              Field("folded", "folded", YES), Field("all_in", "all in", YES),
              Field("cards", "cards", CARDS), Field("collected", "collected"))
WORDS = {"dealt_at": "Dealt at", "table": "Table", "seats": "Seats", "held": "Held entry",
         "non_field_errors": "", "body": "Entry"}


def layout(kind: str, body: dict) -> tuple[tuple[Field, ...], tuple[Field, ...]]:
    """The fields of the record as a whole, and of each of its seats."""
    if kind == HeldKind.STUD_ROUND:
        return STUD_ROUND, STUD_SEAT
    return (POKER_FULL if body.get("seats") else POKER_QUICK), POKER_SEAT


def _seats(body: dict) -> list[dict]:
    seats = body.get("seats")
    return [seat for seat in seats if isinstance(seat, dict)] if isinstance(seats, list) else []


def form_fields(kind: str, body: dict, posted=None) -> tuple[list[dict], list[dict]]:
    """The page's fields: the record's, then each seat's (``{"seat": "Seat 3", "fields":
    [...]}``), each with its name, label, shape, choices and the value shown (the body's,
    or what was posted)."""
    whole, each = layout(kind, body)

    def field(spec: Field, name: str, value) -> dict:
        shown = _shown(spec.shape, value)
        if posted is not None:
            shown = ("on" if posted.get(name) == "on" else "") if spec.shape == YES else \
                posted.get(name, "")
        return {"name": name, "label": spec.label, "shape": spec.shape,
                "choices": spec.choices, "value": shown, "id": "f-" + name.replace(".", "-")}

    top = [field(spec, spec.name, body.get(spec.name)) for spec in whole]
    seats = [{"seat": _seat_words(seat, index),
              "fields": [field(spec, f"seats.{index}.{spec.name}", seat.get(spec.name))
                         for spec in each]}
             for index, seat in enumerate(_seats(body))]
    return top, seats


def body_from(kind: str, body: dict, posted) -> dict:
    """The body with the page's posted values in place of the fields it shows; a field
    the body did not have stays out unless given. Typed as it was shown, a value keeps the
    body's own (the seat 3 it had, not "3")."""
    corrected = copy.deepcopy(body)
    whole, each = layout(kind, body)
    for spec in whole:
        _put(corrected, spec, spec.name, posted)
    for index, seat in enumerate(_seats(corrected)):
        for spec in each:
            _put(seat, spec, f"seats.{index}.{spec.name}", posted)
    return corrected


def _put(into: dict, spec: Field, name: str, posted) -> None:
    before = into.get(spec.name)
    typed = ("on" if posted.get(name) == "on" else "") if spec.shape == YES else \
        str(posted.get(name, "")).strip()
    if typed == _shown(spec.shape, before):
        return
    value = _read(spec.shape, typed)
    if spec.name not in into and value in (None, False):
        return
    into[spec.name] = value


def _shown(shape: str, value) -> str:
    if shape == YES:
        return "on" if value else ""
    if shape == MAYBE:
        return {True: "yes", False: "no"}.get(value, "")
    if value is None:
        return ""
    if isinstance(value, list):
        return " ".join(str(item) for item in value)
    return str(value)


def _read(shape: str, typed: str):
    if shape == YES:
        return typed == "on"
    if shape == MAYBE:
        return {"yes": True, "no": False}.get(typed)
    if not typed:
        return None
    if shape == CARDS:
        return [card for card in re.split(r"[\s,]+", typed) if card]
    if shape == NUMBERS:
        return [int(item) if item.isdigit() else item for item in re.split(r"[\s,]+", typed)
                if item]
    return typed


def changes(before, after, path: str = "") -> list[list]:
    """What ``after`` changes of ``before``, as [field, before, after] rows, the field its
    place in the body ("seats.0.ante"); a list of plain values (cards) is one field."""
    if isinstance(before, dict) and isinstance(after, dict):
        keys = [*after, *(key for key in before if key not in after)]
        return [row for key in keys
                for row in changes(before.get(key), after.get(key), _at(path, key))]
    if _rows(before) and _rows(after) and len(before) == len(after):
        return [row for index, (old, new) in enumerate(zip(before, after, strict=True))
                for row in changes(old, new, _at(path, index))]
    return [] if before == after else [[path, before, after]]


def _at(path: str, key) -> str:
    return f"{path}.{key}" if path else str(key)


def _rows(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def change_lines(kind: str, body: dict, rows: list[list]) -> list[str]:
    """'Seat 1, ante: 150.00 → 100.00' for each row of ``changes`` (``body``: the one the
    rows were counted from, for the seats' numbers)."""
    return [f"{label_of(kind, body, field)}: {_said(old)} → {_said(new)}"
            for field, old, new in rows]


def label_of(kind: str, body: dict, where: str) -> str:
    """A place in the body as the page names it: "seats.0.cards.2" -> "Seat 3, cards"."""
    whole, each = layout(kind, body)
    parts = where.split(".")
    if parts[0] == "seats" and len(parts) > 1 and parts[1].isdigit():
        seats = _seats(body)
        index = int(parts[1])
        seat = _seat_words(seats[index], index) if index < len(seats) else f"Seat row {index + 1}"
        named = {spec.name: spec.label for spec in each}
        return f"{seat}, {named.get(parts[2], parts[2].replace('_', ' '))}" if len(parts) > 2 \
            else seat
    named = {spec.name: spec.label for spec in whole}
    return named.get(parts[0]) or WORDS.get(parts[0], parts[0].replace("_", " ").capitalize())


def field_of(where: str, names: set[str]) -> str | None:
    """The page's field a refusal's place belongs to ("seats.0.cards.2" -> "seats.0.cards"),
    or None: it concerns the record as a whole."""
    parts = where.split(".")
    while parts:
        if ".".join(parts) in names:
            return ".".join(parts)
        parts.pop()
    return None


def _seat_words(seat: dict, index: int) -> str:
    number = seat.get("seat")
    return f"Seat {number}" if isinstance(number, int | str) and str(number).strip() \
        else f"Seat row {index + 1}"


def _said(value) -> str:
    if value is None or value == "":
        return "—"
    if value is True or value is False:
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(str(item) for item in value)
    return str(value)
