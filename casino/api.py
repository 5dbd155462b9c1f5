"""API plumbing shared by every app: the error shape of docs/API.md."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions
from rest_framework.views import exception_handler as drf_exception_handler

from casino.errors import error_detail


def exception_handler(exc, context):
    # Services raise Django's ValidationError (they are not DRF-aware); present it
    # in DRF's {"field": ["message"]} shape rather than letting it become a 500.
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(error_detail(exc))
    return drf_exception_handler(exc, context)
