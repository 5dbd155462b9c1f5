"""The players' panels on the floor's pages (registered from tables.apps): how many
players are rated at each table, beside its link to its seats."""

from __future__ import annotations

from django.db.models import Count

from tables.floor.pages import DEALER, PIT
from tables.players import selectors


def register() -> None:
    PIT.add("players", on_the_floor)
    DEALER.add("players", on_the_floor)


def on_the_floor(request, shown: dict) -> dict:
    """Table id -> how many of its seats hold an open rating, for the tables shown."""
    tables = ([t.pk for casino in shown["casinos"] for t in casino.tables.all()]
              if "casinos" in shown else [t.pk for t in shown["tables"]])
    counted = (selectors.open_ratings().filter(table__in=tables).values("table")
               .annotate(rated=Count("pk")).values_list("table", "rated"))
    return {"seated": dict(counted)}
