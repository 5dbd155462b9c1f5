"""One way to put a refusal in words on a page: a service's or a form's problems as
lines a pit boss reads ('Seat 3, cards: ...', 'Maximum ante: ...'), on a recording form's
seat rows, or next to the form fields they name."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError

from casino.common.errors import error_detail


def problems_in(detail, prefix: str = "") -> list[tuple[str, str]]:
    """A refusal in the API's shape as (where, message) pairs:
    ``{"seats": {"2": {"cards": ["..."]}}}`` -> ``[("seats.2.cards", "...")]``."""
    if isinstance(detail, dict):
        return [pair for key, value in detail.items()
                for pair in problems_in(value, f"{prefix}.{key}" if prefix else str(key))]
    if isinstance(detail, list):
        if all(isinstance(item, str) for item in detail):
            return [(prefix, str(item)) for item in detail]
        return [pair for index, item in enumerate(detail)
                for pair in problems_in(item, f"{prefix}.{index}")]
    return [(prefix, str(detail))]


def problem_lines(detail, *, words: dict[str, str] | None = None,
                  seats: list[int] | None = None,
                  seat_words: dict[str, str] | None = None) -> list[str]:
    """The one way a refusal is put in words on a page: 'Seat 3, cards: ...' for a seat
    (``seats`` maps a position in the body's seat list to the seat's number),
    'Dealer's cards: ...' for a field (``words`` names it), the bare message when it
    concerns the whole request."""
    words, seat_words = words or {}, seat_words or {}
    lines = []
    for where, message in problems_in(detail):
        parts = where.split(".")
        if parts[0] == "seats" and len(parts) >= 2 and parts[1].isdigit() and seats:
            seat = seats[int(parts[1])]
            field = seat_words.get(parts[2], parts[2].replace("_", " ")) if len(parts) > 2 else ""
            if message.startswith(f"Seat {seat} "):  # names its seat already: as it is
                lines.append(message)
                continue
            message = message.removeprefix(f"Seat {seat}: ")
            lines.append(f"Seat {seat}{', ' + field if field else ''}: {message}")
        elif parts[0] in ("non_field_errors", "__all__") and parts[0] not in words:
            lines.append(message)
        else:
            lines.append(f"{words.get(parts[0], parts[0].replace('_', ' '))}: {message}")
    return lines


def on_seat_rows(detail, rows: list[dict]) -> dict[str, list[str]]:
    """A recording's refusal put on the form's seat rows: ``seats.<i>.<field>`` goes to
    ``rows[i]["errors"][field]`` (the row's own seat number not repeated); what concerns
    the whole record comes back by field (the dealer's cards, the board, the void)."""
    rest: dict[str, list[str]] = {}
    for where, message in problems_in(detail):
        parts = where.split(".")
        if parts[0] == "seats" and len(parts) >= 3 and parts[1].isdigit():
            row = rows[int(parts[1])]
            row["errors"].setdefault(parts[2], []).append(
                message.removeprefix(f"Seat {row['seat']}: "))
        else:
            rest.setdefault(parts[0], []).append(message)
    return rest


def problems_of(error: ValidationError, form=None) -> list[str]:
    """A service's refusal as lines a supervisor reads: 'max ante: ...', or with the
    ``form`` the page showed, 'Maximum ante: ...' (each field by its label)."""
    return problem_lines(error_detail(error), words=labels_of(form) if form else None)


def form_problems(form) -> list[str]:
    """A form's errors as lines naming each field by its label."""
    return problem_lines(form.errors, words=labels_of(form))


def labels_of(form) -> dict[str, str]:
    return {name: str(form[name].label) for name in form.fields}


def refusal_on_form(form, refused: ValidationError, *,
                    moved: dict[str, str] | None = None) -> None:
    """A service's refusal shown next to the fields it names (``moved`` maps the service's
    name of a field to the form's: dealers -> dealer); whatever concerns no field of the
    form goes above it."""
    for where, message in problems_in(error_detail(refused)):
        field = where.split(".")[0]
        field = (moved or {}).get(field, field)
        form.add_error(field if field in form.fields else None, message)


# --- A page of buttons that posts and goes back to itself (the rotation, the card room) --

def form_refused(request, form) -> bool:
    """Whether the posted form is refused (its problems then said in words, as messages
    on the page it goes back to)."""
    if form.is_valid():
        return False
    for line in form_problems(form):
        messages.error(request, f"Not done: {line}")
    return True


def say_refused(request, refused: ValidationError, words: dict[str, str]) -> None:
    """A service's refusal, as messages on the page it goes back to."""
    for line in problem_lines(error_detail(refused), words=words):
        messages.error(request, f"Not done: {line}")


def carried_out(request, act: Callable[[], str], words: dict[str, str]) -> None:
    """``act`` (a service's call, answering what it did in words), said on the page the
    post goes back to: done, or refused in words."""
    try:
        done = act()
    except ValidationError as refused:
        say_refused(request, refused, words)
    else:
        messages.success(request, done)
