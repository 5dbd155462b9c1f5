"""The comps' panels (registered from tables.apps): on the Pit overview how many comps
wait for this supervisor's approval and each casino's comp rules; on a player's page his
comp balance at each of the viewer's casinos."""

from __future__ import annotations

from django.db.models import Sum

from casino.house.staff import casinos_of
from tables.comps import selectors
from tables.comps.models import CompAccount, CompEntry, EntryKind
from tables.floor.pages import PIT
from tables.players.pages import PLAYER


def register() -> None:
    PIT.add("comps", on_the_pit)
    PLAYER.add("comps", on_the_player)


def on_the_pit(request, shown: dict) -> dict:
    return {"comps_waiting": selectors.waiting_for(request.user).count()}


def on_the_player(request, shown: dict) -> dict:
    """(casino, balance) at each of the viewer's casinos: his comps there, in its
    currency (never added across them); and, for the page's summary, casino id -> what
    the ratings it lists earned there (their ledger's earnings and revisions, as the
    comps page's ledger shows them)."""
    if not selectors.keeps_comps(request.user):  # a group supervisor's pages of comps are 403
        return {"comp_balances": [], "comps_earned": {}}
    casinos = list(casinos_of(request.user).order_by("name"))
    held = dict(CompAccount.objects.filter(player=shown["player"], casino__in=casinos)
                .values_list("casino", "balance"))
    earned = dict(CompEntry.objects.filter(
        account__player=shown["player"], account__casino__in=casinos,
        kind__in=(EntryKind.EARNED, EntryKind.REVISED),
        figures__rating__in=shown.get("ratings", [])).values("account__casino")
        .annotate(total=Sum("amount")).values_list("account__casino", "total"))
    return {"comp_balances": [(casino, held.get(casino.pk, 0)) for casino in casinos],
            "comps_earned": earned}
