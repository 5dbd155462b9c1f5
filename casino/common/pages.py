"""What the server-rendered pages share: one way to put a refusal in words, the
publish / retire / new-version buttons of versioned terms, and a supervisor's void of a
recorded round, hand or collection."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect

from casino.common.errors import error_detail

DONE = {"publish": "published: it can no longer change", "retire": "retired",
        "new-version": "created as a draft"}


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


def problems_of(error: ValidationError) -> list[str]:
    """A service's refusal as lines a supervisor reads: 'max ante: ...'."""
    return problem_lines(error_detail(error))


def form_problems(form) -> list[str]:
    """A form's errors as lines naming each field by its label."""
    return problem_lines(form.errors, words={name: str(form[name].label)
                                             for name in form.fields})


def versioned_transition(request, terms, action: str, services: dict[str, Callable],
                         page: str):
    """Publish, retire or version a paytable or schedule from its page, then go back to
    the page of the version the action left (the new draft for new-version)."""
    if action not in services:
        raise PermissionDenied(f"'{action}' is not something {terms} can do.")
    try:
        result = services[action](request.user, terms)
    except ValidationError as refused:
        for line in problems_of(refused):
            messages.error(request, line)
        return redirect(page, pk=terms.pk)
    messages.success(request, f"{result} {DONE[action]}.")
    return redirect(page, pk=result.pk)


def void_on_page(request, record, void: Callable, *, noun: str, page: str):
    """A supervisor's void from a record's page: ``void(actor=..., reason=...)`` (the
    service checks the role and the reason), its refusal in words; back to ``page``."""
    try:
        void(actor=request.user, reason=request.POST.get("reason", ""))
    except ValidationError as refused:
        for line in problems_of(refused):
            messages.error(request, line)
    else:
        messages.success(request, f"{noun.capitalize()} {record.pk} is voided: it no longer "
                                  "counts in the books, and stays on record with your reason.")
    return redirect(page)


# --- Forms that name their fields (issue 16) ---------------------------------------------

_CHOSEN = (forms.ChoiceField, forms.ModelChoiceField)


def speak_plainly(form) -> None:
    """Each field's refusals in words that name it ('The seed cannot be below 0.'), not
    Django's ('Ensure this value is greater than or equal to 0.'). The field validators'
    messages are replaced by code too (Field.run_validators)."""
    for name, field in form.fields.items():
        label = str(form[name].label).lower()
        field.error_messages.update({
            "required": (f"Choose the {label}." if isinstance(field, _CHOSEN)
                         else f"Give the {label}."),
            "invalid": f"Write the {label} as a number, e.g. 12.50."
            if isinstance(field, forms.DecimalField | forms.IntegerField)
            else f"That is not a {label}.",
            "invalid_choice": f"Choose the {label} from the list.",
            "min_value": f"The {label} cannot be below %(limit_value)s.",
            "max_value": f"The {label} cannot be above %(limit_value)s.",
            "max_digits": f"The {label} has too many digits: at most %(max)s.",
            "max_decimal_places": f"The {label} takes at most %(max)s decimal places.",
            "max_whole_digits": f"The {label} is too large: at most %(max)s digits before "
                                "the point.",
            "max_length": f"Keep the {label} to %(limit_value)d characters (it has "
                          "%(show_value)d).",
        })


def posted_form_data(request):
    """A form's data: what was posted, even nothing (an empty POST is a form sent empty, to
    be refused field by field, not a first look at the form as ``request.POST or None``
    would take it)."""
    return request.POST if request.method == "POST" else None


def refusal_on_form(form, refused: ValidationError, *,
                    moved: dict[str, str] | None = None) -> None:
    """A service's refusal shown next to the fields it names (``moved`` maps the service's
    name of a field to the form's: dealers -> dealer); whatever concerns no field of the
    form goes above it."""
    for where, message in problems_in(error_detail(refused)):
        field = where.split(".")[0]
        field = (moved or {}).get(field, field)
        form.add_error(field if field in form.fields else None, message)
