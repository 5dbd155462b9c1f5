"""API plumbing shared by every app: the error shape of docs/API.md."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions
from rest_framework.views import exception_handler as drf_exception_handler

from casino.errors import NestedValidationError


def exception_handler(exc, context):
    # Services raise Django's ValidationError (they are not DRF-aware); present it
    # in DRF's {"field": ["message"]} shape rather than letting it become a 500.
    if isinstance(exc, NestedValidationError):
        exc = exceptions.ValidationError(exc.detail)
    elif isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            detail = {field: [m for e in errors for m in e.messages] for field, errors in
                      exc.error_dict.items()}
            if "__all__" in detail:
                detail["non_field_errors"] = detail.pop("__all__")
        else:
            detail = {"non_field_errors": exc.messages}
        exc = exceptions.ValidationError(detail)
    return drf_exception_handler(exc, context)
