"""The player's details a W-2G needs, read and checked the same way from the page and the
API: every problem named by its field (``player.<field>``), in one pass.

Only what the form asks for is kept (payouts.jackpots.models.W2GPlayer). The TIN is
sensitive: no message repeats it, and after entry it is only ever shown masked."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from typing import Any

from payouts.jackpots.models import IdKind, TinKind

# Field -> (words for a person, longest value kept).
FIELDS: dict[str, tuple[str, int]] = {
    "full_name": ("the player's full name", 120),
    "street": ("the street address", 120),
    "city": ("the city", 60),
    "region": ("the state or province", 60),
    "postal_code": ("the postal code", 12),
    "country": ("the country", 60),
    "tin": ("the SSN or ITIN", 11),
    "id_kind": ("the kind of identification", 20),
    "id_number": ("the identification number", 30),
    "date_of_birth": ("the date of birth", 10),
}
UNITED_STATES = {"us", "usa", "u.s.", "u.s.a.", "united states", "united states of america"}
ZIP_CODE = re.compile(r"\d{5}(-\d{4})?")
POSTAL_CODE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 -]{1,10}")
ID_NUMBER = re.compile(r"[A-Za-z0-9][A-Za-z0-9 -]{3,29}")
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
ITIN_GROUPS = {*range(50, 66), *range(70, 89), 90, 91, 92, *range(94, 100)}
YOUNGEST_PLAYER = 18

Problem = tuple[tuple[str, ...], str]


def read_player(player: Any, *, needed: bool, today: dt.date) -> tuple[dict | None, list[Problem]]:
    """The details to store (None when no W-2G is needed) and the problems found."""
    if not needed:
        if player and (not isinstance(player, Mapping)
                       or any(value not in (None, "") for value in player.values())):
            return None, [(("player",), "This award needs no W-2G: leave the player's "
                                        "details out.")]
        return None, []
    if player is None:
        player = {}
    if not isinstance(player, Mapping):
        return None, [(("player",), "Give the player's details as an object: full_name, "
                                    "street, city, region, postal_code, country, tin, "
                                    "id_kind, id_number, date_of_birth.")]
    problems = [(("player", str(key)), f"'{key}' is not one of the W-2G details.")
                for key in player if key not in FIELDS]
    values = {field: _text(player.get(field)) for field in FIELDS}
    problems += _missing(values)
    details = {field: value for field, value in values.items() if value}
    problems += _format_problems(details, set(details) - {p[0][1] for p in problems}, today)
    if problems:
        return None, problems
    tin = re.sub(r"[\s-]", "", details["tin"])
    return {**details, "tin": tin, "tin_kind": TinKind.ITIN if tin[0] == "9" else TinKind.SSN,
            "date_of_birth": dt.date.fromisoformat(details["date_of_birth"])}, []


def _missing(values: dict[str, str | None]) -> list[Problem]:
    problems = []
    for field, (words, longest) in FIELDS.items():
        if values[field] is None:
            problems.append((("player", field), f"Give {words} as text."))
        elif not values[field]:
            problems.append((("player", field), f"{_first_up(words)} is needed for the W-2G."))
        elif len(values[field]) > longest:
            problems.append((("player", field), f"{_first_up(words)} is longer than "
                                                f"{longest} characters."))
    return problems


def _format_problems(details: dict, fields: set[str], today: dt.date) -> list[Problem]:
    """The formats of the ``fields`` given and not refused already."""
    checks = {"postal_code": _postal_code_problem, "tin": _tin_problem,
              "id_kind": _id_kind_problem, "id_number": _id_number_problem,
              "date_of_birth": lambda value, _: _birth_problem(value, today)}
    found = ((field, check(details[field], details)) for field, check in checks.items()
             if field in fields)
    return [(("player", field), message) for field, message in found if message]


def _first_up(words: str) -> str:
    return words[:1].upper() + words[1:]


def _text(value: Any) -> str | None:
    if value is None:
        return ""
    return value.strip() if isinstance(value, str) else None


def _postal_code_problem(code: str, details: dict) -> str:
    if details.get("country", "").lower() in UNITED_STATES:
        if not ZIP_CODE.fullmatch(code):
            return f"'{code}' is not a ZIP code: 5 digits, or 5+4 such as 89109-1234."
    elif not POSTAL_CODE.fullmatch(code):
        return f"'{code}' is not a postal code: letters and digits, 2 to 11 of them."
    return ""


def _tin_problem(tin: str, details: dict) -> str:
    """SSN or ITIN, nine digits (dashes and spaces allowed); the message never repeats it."""
    digits = re.sub(r"[\s-]", "", tin)
    if not digits.isascii() or not digits.isdigit() or len(digits) != 9:
        count = sum(c.isdigit() for c in digits)
        return (f"An SSN or ITIN has 9 digits, such as 123-45-6789; this one has {count} "
                f"digit{'s' if count != 1 else ''}"
                f"{' and other characters' if count != len(digits) else ''}.")
    if digits[0] == "9":
        if int(digits[3:5]) not in ITIN_GROUPS:
            return ("An ITIN starts with 9 and its 4th and 5th digits are 50-65, 70-88, "
                    "90-92 or 94-99: check the number on the player's ITIN letter.")
        return ""
    if digits[:3] in ("000", "666") or digits[3:5] == "00" or digits[5:] == "0000":
        return ("No SSN starts with 000 or 666, has 00 as its 4th and 5th digits or ends "
                "in 0000: check the number on the player's card.")
    return ""


def _id_kind_problem(kind: str, details: dict) -> str:
    if kind in IdKind.values:
        return ""
    return f"'{kind}' is not a kind of identification: use " + ", ".join(
        f"{value} ({label.lower()})" for value, label in IdKind.choices) + "."


def _id_number_problem(number: str, details: dict) -> str:
    if ID_NUMBER.fullmatch(number):
        return ""
    return f"'{number}' is not an identification number: 4 to 30 letters and digits."


def _birth_problem(value: str, today: dt.date) -> str:
    try:
        if not ISO_DATE.fullmatch(value):
            raise ValueError(value)
        born = dt.date.fromisoformat(value)
    except ValueError:
        return f"'{value}' is not a date: write it as year-month-day, such as 1970-05-31."
    if born.year < 1900 or born > today:
        return f"{born.isoformat()} cannot be the player's date of birth."
    if _age(born, today) < YOUNGEST_PLAYER:
        return (f"A player born on {born.isoformat()} is under {YOUNGEST_PLAYER}: check the "
                "identification.")
    return ""


def _age(born: dt.date, today: dt.date) -> int:
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))
