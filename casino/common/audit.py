"""The audit trail (django-pghistory events): who changed what and why, written by the
database's triggers, and read the way a pit boss reads it: fields by their verbose names,
choices by their labels, related rows by name, amounts as money, times on the clock of
the casino concerned."""

from __future__ import annotations

import pghistory
from django.core.exceptions import ValidationError
from django.urls import Resolver404, resolve
from pghistory import config as pghistory_config
from pghistory.middleware import HistoryMiddleware


def changed_by(actor, reason: str, *, witness=None):
    """The context every audited change is made in: ``with changed_by(actor, "why"):``.
    The triggers copy it into each event row (``pgh_context``). A change a second person
    confirmed by password names her ``witness`` and the version of her log-in she was
    proven by (casino.common.credentials)."""
    confirmed = {} if witness is None else {"witness": witness.pk,
                                            "credential": witness.credential}
    return pghistory.context(user=actor.pk if actor else None, reason=reason, **confirmed)


def settings_saved(row, changes: dict, allowed, *, actor, reason: str, witness=None):
    """A configuration row (a casino's comp rules, a pit's rotation, a card room's rules)
    changed field by field, a field that is not ``allowed`` refused by name, checked,
    and saved in the audit context: one way for every such setting."""
    unknown = set(changes) - set(allowed)
    if unknown:
        raise ValidationError({name: "This cannot be set here." for name in sorted(unknown)})
    for name, value in changes.items():
        setattr(row, name, value)
    row.full_clean()
    with changed_by(actor, reason, witness=witness):
        row.save()
    return row


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
