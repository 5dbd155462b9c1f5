"""The pit's panel on the dealer's page (registered from tables.apps): at each casino of
his tables, whether he is clocked in and where he is, so the page offers him his clock
and, at a table he may take, "Take this table" (the relief recorded by the relief)."""

from __future__ import annotations

from django.utils import timezone

from tables.floor.pages import DEALER
from tables.pit import selectors


def register() -> None:
    DEALER.add("pit", on_the_dealers_page)


def on_the_dealers_page(request, shown: dict) -> dict:
    """``my_floor``: per casino of his tables, (casino, where he is or None, the id of the
    table he deals or None)."""
    now = timezone.now()
    casinos = {t.casino_id: t.casino for t in shown["tables"]}
    floor = []
    for casino in sorted(casinos.values(), key=lambda c: c.name):
        where = selectors.on_the_floor(casino, now).get(request.user.pk)
        floor.append((casino, where, where.table_id if where else None))
    return {"my_floor": floor,
            "clocked_at": {c.pk for c, where, _ in floor if where is not None},
            "dealing": {table for _, _, table in floor if table is not None}}
