"""What /healthz shows of the apps beyond the database, the broker and the worker: each
app registers the checks it owns from its ready(), under the name /healthz shows each by
(the meters' ledgers, the closed days), so the project's page knows no app.

A check is a function ``() -> dict | None`` that reads the database (None: nothing to
show, or the database would not answer); /healthz runs it only while the database
answers, and shows what it finds without changing the status: an altered ledger is for
the regulator, not the load balancer."""

from __future__ import annotations

from collections.abc import Callable

Check = Callable[[], "dict | None"]

_CHECKS: dict[str, Check] = {}


def register(name: str, check: Check) -> None:
    """Show ``check()`` on /healthz as ``name`` (registered again: replaced)."""
    _CHECKS[name] = check


def shown(database_ok: bool) -> dict:
    """Every registered check's finding by its name; None for each while the database
    does not answer."""
    return {name: check() if database_ok else None for name, check in _CHECKS.items()}
