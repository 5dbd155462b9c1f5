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


def error_detail(error: ValidationError) -> dict:
    """A service's refusal as a body keyed by field, whether it was raised nested (the
    request's shape) or plain: what the API answers and the pages show."""
    if isinstance(error, NestedValidationError):
        return error.detail
    if not hasattr(error, "error_dict"):
        return {"non_field_errors": error.messages}
    detail = dict(error.message_dict)
    if "__all__" in detail:
        detail["non_field_errors"] = detail.pop("__all__")
    return detail


def nested_error(path: tuple, message: str) -> NestedValidationError:
    """('seats', 2, 'cards') -> {"seats": {2: {"cards": [message]}}}, the shape DRF gives
    errors in a list of objects (the index becomes a string key in JSON)."""
    return nested_errors([(path, message)])


def nested_errors(problems) -> NestedValidationError:
    """Several (path, message) problems in one refusal, so a person sees them all at
    once: [(("seats", 0, "ante"), "..."), (("dealer_cards",), "...")]."""
    detail: dict = {}
    for path, message in problems:
        node = detail
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node.setdefault(path[-1], []).append(message)
    return NestedValidationError(detail)


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


class IdempotencyKeyReused(ValidationError):
    """The same Idempotency-Key from the same user with a different body: a second,
    different record must not hide behind the first (the API answers 409)."""

    def __init__(self, message: str):
        super().__init__({"idempotency_key": [message]})
