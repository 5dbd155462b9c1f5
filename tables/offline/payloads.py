"""A held entry's body read as the API reads a round or a hand: by the recording's own
input serializers (the same checks, in the same words), refused as every service refuses,
a ``NestedValidationError`` in the body's shape (the API answers it as the same 400)."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from casino.common.errors import NestedValidationError
from tables.offline.models import HeldKind
from tables.poker.serializers import PokerHandInput
from tables.stud.serializers import StudRoundInput

READERS = {HeldKind.STUD_ROUND: StudRoundInput, HeldKind.POKER_HAND: PokerHandInput}


def read_body(kind: str, body) -> dict:
    """The body as the recording service takes it, or the refusal naming its fields."""
    payload = READERS[HeldKind(kind)](data=body)
    if not payload.is_valid():
        raise NestedValidationError(_plain(payload.errors))
    if payload.validated_data.get("dealt_at") is None:
        raise ValidationError({"dealt_at": ["A held entry says when it was dealt."]})
    return payload.validated_data


def _plain(detail):
    """DRF's error detail as plain dicts, lists and strings."""
    if isinstance(detail, dict):
        return {key: _plain(value) for key, value in detail.items()}
    if isinstance(detail, list):
        return [_plain(value) for value in detail]
    return str(detail)
