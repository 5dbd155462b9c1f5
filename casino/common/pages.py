"""What the server-rendered pages share: one way to put a refusal in words, form fields
whose own refusals read as words, the confirmation step before a change that matters,
the publish / retire / new-version buttons of versioned terms, and a supervisor's void
of a recorded round, hand or collection."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

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


# A field's own refusals, to follow its label ("Percent of the pot: 120 is more than
# 100."): never Django's "This field is required" or "Ensure this value ...".
FIELD_WORDS = {
    "required": "none given.",
    "invalid_choice": "'%(value)s' is not one of the choices.",
    "min_value": "%(value)s is less than %(limit_value)s.",
    "max_value": "%(value)s is more than %(limit_value)s.",
    "max_digits": "%(value)s has more than %(max)s digits.",
    "max_decimal_places": "%(value)s has more than %(max)s decimal places.",
    "max_whole_digits": "%(value)s has more than %(max)s digits before the point.",
    "max_length": "%(show_value)s characters is too long: at most %(limit_value)s.",
}


class WholeNumberField(forms.IntegerField):
    """A whole number whose refusal names what was typed."""

    def to_python(self, value):
        try:
            return super().to_python(value)
        except ValidationError:
            raise ValidationError(f"'{value}' is not a whole number.", code="invalid") from None


# The days a page or an address may name: a gaming day's bounds are computed a day on
# either side in the casino's zone, which overflows Python's dates near year 1 and 9999.
EARLIEST_DAY, LATEST_DAY = dt.date(1900, 1, 1), dt.date(2999, 12, 31)


class DayField(forms.DateField):
    """A day as a date picker sends it (2026-11-30), whose refusal names what was typed
    (Django's says only "Enter a valid date.")."""

    input_formats = ["%Y-%m-%d"]
    widget = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")

    def to_python(self, value):
        try:
            day = super().to_python(value)
        except ValidationError:
            raise ValidationError(f"'{value}' is not a day: write it like 2026-11-30.",
                                  code="invalid") from None
        if day is not None and not EARLIEST_DAY <= day <= LATEST_DAY:
            raise ValidationError(f"{day} is not a day of the books: give one from "
                                  f"{EARLIEST_DAY} to {LATEST_DAY}.", code="invalid")
        return day


def in_words(form) -> None:
    """Give every field of ``form`` the refusals of FIELD_WORDS (call from __init__)."""
    for field in form.fields.values():
        field.error_messages = {**field.error_messages, **FIELD_WORDS}


def _shown(field, value) -> str:
    if value in (None, ""):
        return "—"
    if isinstance(field, forms.BooleanField):
        return "yes" if value else "no"
    if isinstance(field, forms.ModelChoiceField):
        found = field.queryset.filter(pk=getattr(value, "pk", value)).first()
        return str(found) if found is not None else str(value)
    if isinstance(field, forms.ChoiceField):
        return str(dict(field.choices).get(value, value))
    return str(value)


def changed_lines(form, names: Iterable[str] | None = None) -> list[str]:
    """'Maximum payout on the bet: 5000.00 → 6000.00' for each field (of ``names``) a
    valid bound form changes from what the page showed (its initial values)."""
    keep = {name for name, field in form.fields.items()
            if not field.widget.is_hidden} if names is None else set(names)
    return [f"{form[name].label}: {_shown(form.fields[name], form[name].initial)} → "
            f"{_shown(form.fields[name], form.cleaned_data.get(name))}"
            for name in form.changed_data if name in keep]


def confirmed(request) -> bool:
    """The second POST of a confirmation step: the supervisor read what will happen."""
    return request.POST.get("confirm") == "yes"


class _Undone(Exception):
    """Leaves a trial write's transaction, undoing it."""


def ask_first(request, write: Callable[[], Any], ask: Callable[[], HttpResponse]):
    """``write()`` once the POST is confirmed; before that, tried and undone, then
    ``ask()`` (a confirm_page): the question is only put for a change the services
    accept, and a refusal (ValidationError, nothing stored) comes at once."""
    if confirmed(request):
        return write()
    try:
        with transaction.atomic():
            write()
            raise _Undone
    except _Undone:
        return ask()


def confirm_page(request, *, title: str, consequences: list[str], button: str, back: str,
                 changes: list[str] = (), alternative: tuple[str, str] | None = None):
    """The step before a change that matters, without JavaScript: what will happen in
    words, then the same POST again (every value carried) with confirm=yes; ``back``
    leaves it undone; ``alternative`` (label, address) posts the values elsewhere."""
    carried = [(name, value) for name, values in request.POST.lists()
               if name not in ("csrfmiddlewaretoken", "confirm") for value in values]
    return render(request, "confirm.html", {
        "title": title, "consequences": consequences, "changes": list(changes),
        "carried": carried, "action": request.path, "button": button, "back": back,
        "alternative": alternative})


def versioned_transition(request, terms, action: str, services: dict[str, Callable],
                         page: str):
    """Retire or version a paytable or schedule from its page, then go back to the page
    of the version the action left (the new draft for new-version). Retiring asks first
    (confirm_page); ``services[action](user, terms, seen)`` is given the fingerprint the
    page showed."""
    if action not in services:
        raise PermissionDenied(f"'{action}' is not something {terms} can do.")

    def ask():
        return confirm_page(
            request, title=f"Retire {terms.label}?", button=f"Retire {terms.label}",
            back=reverse(page, kwargs={"pk": terms.pk}),
            consequences=[f"{terms.label} can no longer be given to a table; what was "
                          "recorded under it keeps it, and it stays in the history."])

    def write():
        return services[action](request.user, terms, request.POST.get("seen"))

    try:
        result = ask_first(request, write, ask) if action == "retire" else write()
        if isinstance(result, HttpResponse):
            return result
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
