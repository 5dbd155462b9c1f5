"""The audit trail (django-pghistory events): who changed what and why, written by the
database's triggers, and read the way a pit boss reads it."""

from __future__ import annotations

from typing import Any

import pghistory
from django.contrib.auth import get_user_model
from django.urls import Resolver404, resolve
from pghistory import config as pghistory_config
from pghistory.middleware import HistoryMiddleware


def changed_by(actor, reason: str):
    """The context every audited change is made in: ``with changed_by(actor, "why"):``.
    The triggers copy it into each event row (``pgh_context``)."""
    return pghistory.context(user=actor.pk if actor else None, reason=reason)


def _label(field: str) -> str:
    return field[:-3] if field.endswith("_id") else field


def _show(value: Any) -> str:
    return "—" if value in (None, "") else str(value)


def describe_changes(diff: dict | None) -> list[str]:
    """['flush: 5 → 6', 'paytable: — → 7'] from an event's {field: [before, after]}."""
    lines = []
    for field, (before, after) in sorted((diff or {}).items()):
        if isinstance(before, dict) and isinstance(after, dict):
            for key in sorted(set(before) | set(after)):
                if before.get(key) != after.get(key):
                    lines.append(f"{key}: {_show(before.get(key))} → {_show(after.get(key))}")
        else:
            lines.append(f"{_label(field)}: {_show(before)} → {_show(after)}")
    return lines


def entries(events) -> list[dict]:
    """Events as rows with who (by name), when, what and the changes."""
    events = list(events)
    ids = {e.pgh_context.get("user") for e in events if e.pgh_context}
    names = dict(get_user_model().objects.filter(pk__in=[i for i in ids if i]).values_list(
        "pk", "username"))
    return [{
        "at": e.pgh_created_at,
        "who": names.get((e.pgh_context or {}).get("user"), "system"),
        "what": (e.pgh_context or {}).get("reason") or e.pgh_label,
        "event": e,
        "changes": describe_changes(e.pgh_diff),
    } for e in events]


def records_only(view):
    """Marks a view that writes only the floor's records (rounds, hands, collections,
    their seats and ledger lines): none of them is audited by a trigger, so the request
    needs no audit context (AuditContextMiddleware), which pghistory would otherwise add to
    every statement. An audited row such a view does write (a jackpot hit) is written in
    its own ``changed_by``. A class-based view is marked as a class."""
    view.writes_audited_rows = False
    return view


class AuditContextMiddleware(HistoryMiddleware):
    """pghistory's middleware (who, which address: copied into every audit event the
    request writes), except for the views marked ``records_only``."""

    def __call__(self, request):
        if request.method in pghistory_config.middleware_methods():
            try:
                view = resolve(request.path_info).func
            except Resolver404:
                view = None
            marked = getattr(view, "cls", view)
            if not getattr(marked, "writes_audited_rows", True):
                return self.get_response(request)
        return super().__call__(request)
