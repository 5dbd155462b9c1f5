"""The one confirmation step before a change that matters: what will happen in words,
then the same POST again with confirm=yes. The question is only put for a change the
services accept, found by trying the write itself and undoing it (``tried``), so the check
cannot drift from the write it stands for."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django import forms
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import render


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


def tried(write: Callable[[], Any]) -> None:
    """``write()`` tried and undone: a refusal (ValidationError, nothing stored) comes at
    once; nothing else stays. The services' own write is the check, so the question put
    before it can never accept what the write would refuse."""
    try:
        with transaction.atomic():
            write()
            raise _Undone
    except _Undone:
        pass


def ask_first(request, write: Callable[[], Any], ask: Callable[[], HttpResponse]):
    """``write()`` once the POST is confirmed; before that, tried and undone, then
    ``ask()`` (a confirm_page): the question is only put for a change the services
    accept, and a refusal (ValidationError, nothing stored) comes at once."""
    if confirmed(request):
        return write()
    tried(write)
    return ask()


def carried(request, leave: Iterable[str] = ()) -> list[tuple[str, str]]:
    """What the confirmation step posts again, as it was (each value of a list too): all
    but the token, the confirmation itself and ``leave`` (a password is typed again)."""
    left = {"csrfmiddlewaretoken", "confirm", *leave}
    return [(name, value) for name, values in request.POST.lists() if name not in left
            for value in values]


def confirm_page(request, *, title: str, consequences: list[str], button: str, back: str,
                 changes: list[str] = (), alternative: tuple[str, str] | None = None):
    """The step before a change that matters, without JavaScript: what will happen in
    words, then the same POST again (every value carried) with confirm=yes; ``back``
    leaves it undone; ``alternative`` (label, address) posts the values elsewhere."""
    return render(request, "confirm.html", {
        "title": title, "consequences": consequences, "changes": list(changes),
        "carried": carried(request), "action": request.path, "button": button, "back": back,
        "alternative": alternative})
