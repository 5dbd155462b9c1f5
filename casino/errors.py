from __future__ import annotations

from django.core.exceptions import ValidationError


class NestedValidationError(ValidationError):
    """A refusal whose errors follow the shape of the request body, e.g.
    ``{"seats": [{}, {"cards": ["Kd appears more than once ..."]}]}``.

    Services raise it (they know the rules, not HTTP); the API answers it as a 400
    with exactly this body.
    """

    def __init__(self, detail: dict):
        self.detail = detail
        super().__init__(_first_message(detail))


def _first_message(detail) -> str:
    if isinstance(detail, dict):
        for value in detail.values():
            found = _first_message(value)
            if found:
                return found
    elif isinstance(detail, list):
        for value in detail:
            found = _first_message(value)
            if found:
                return found
    elif detail:
        return str(detail)
    return ""
