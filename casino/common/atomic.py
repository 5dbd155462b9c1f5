"""A service that does not run in one transaction says why, by name, where it is defined
(tests/test_service_shape.py holds every other public service to one)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable)

# The reasons the services give, each in one place.
WITNESS_FIRST = ("a second person's password is checked first, through the login throttle, "
                 "so a wrong one counts although the change is refused; the change itself "
                 "is one transaction")
REPLAYED = ("its one transaction is undone when an Idempotency-Key was used before; the "
            "first record is then read after it, outside it")
IN_ITS_CALLER = "part of its caller's transaction (it locks rows the caller's writes need)"
ONE_STATEMENT = "one INSERT: the statement is its own transaction"
EACH_ITS_OWN = "a beat's or a batch's work: each item in a transaction of its own"


def outside_transaction(reason: str) -> Callable[[F], F]:
    """Marks a service that opens its own transactions, or none, for ``reason`` (for
    example: a witness's password is checked through the login throttle first, so a
    wrong one counts although the write is refused)."""
    if not reason.strip():
        raise ValueError("outside_transaction needs its reason in words")

    def mark(service: F) -> F:
        service.outside_transaction = reason
        return service

    return mark
