"""The players' panels on the floor's pages (registered from tables.apps): how many
players are rated at each table, beside its link to its seats; and on the dealer's round
form, who is rated at which seat (first name and tier)."""

from __future__ import annotations

from django.db.models import Count

from casino.common.panels import Panels
from tables.floor.pages import DEALER, TABLES
from tables.players import selectors
from tables.stud.pages import ROUND_FORM

# A player's page (tables.players.views.player_page): the comps add his balances.
PLAYER = Panels("the player's page")


def register() -> None:
    TABLES.add("players", on_the_floor)
    DEALER.add("players", on_the_floor)
    ROUND_FORM.add("players", on_the_round_form)


def on_the_round_form(request, shown: dict) -> dict:
    """The rated seats of the table, as the dealer may read them: first name and tier."""
    rated = (selectors.open_ratings().filter(table=shown["table"]).select_related("player")
             .order_by("seat"))
    return {"rated_seats": [(r.seat, r.player.first_name, r.player.get_tier_display())
                            for r in rated]}


def on_the_floor(request, shown: dict) -> dict:
    """Table id -> how many of its seats hold an open rating, for the tables shown."""
    tables = ([t.pk for casino in shown["casinos"] for t in casino.tables.all()]
              if "casinos" in shown else [t.pk for t in shown["tables"]])
    counted = (selectors.open_ratings().filter(table__in=tables).values("table")
               .annotate(rated=Count("pk")).values_list("table", "rated"))
    return {"seated": dict(counted)}
