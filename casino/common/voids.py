"""A supervisor's void of a recorded round, hand or collection, from the record's page."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect

from casino.common.problems import problems_of


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
