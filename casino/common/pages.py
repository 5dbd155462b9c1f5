"""Small helpers the server-rendered pages share."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect

DONE = {"publish": "published: it can no longer change", "retire": "retired",
        "new-version": "created as a draft"}


def problems_of(error: ValidationError) -> list[str]:
    """A service's refusal as lines a supervisor reads: 'max ante: ...'."""
    if hasattr(error, "error_dict"):
        return [f"{field.replace('_', ' ')}: {m}" for field, ms in error.message_dict.items()
                for m in ms]
    return error.messages


def form_problems(form) -> list[str]:
    """A form's errors as lines naming each field by its label."""
    return [f"{form[field].label}: {message}" if field in form.fields else message
            for field, messages_ in form.errors.items() for message in messages_]


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
