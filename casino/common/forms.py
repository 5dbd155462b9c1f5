"""Form fields whose own refusals read as words, the days a page may name, and a form's
posted data (an empty POST is a form sent empty)."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.core.exceptions import ValidationError

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


def posted_form_data(request):
    """A form's data: what was posted, even nothing (an empty POST is a form sent empty, to
    be refused field by field, not a first look at the form as ``request.POST or None``
    would take it)."""
    return request.POST if request.method == "POST" else None
