"""The game math's panels on the terms' pages (registered from payouts.apps): the house
edge a draft paytable will have, beside the version it replaces, in the question put
before it is published."""

from __future__ import annotations

from decimal import Decimal

from payouts.analysis.selectors import current_results
from payouts.terms.models import Paytable
from payouts.terms.pages import PUBLISHING
from payouts.terms.versioning import PublicationStatus


def register() -> None:
    PUBLISHING.add("analysis", edge_on_publishing)


def _as_saved(draft: Paytable, proposed: dict) -> bool:
    """Whether the form publishes the draft with the terms its figures were worked out
    for (what the game math reads: the odds, the cap, the qualifier)."""
    odds = proposed.get("odds", draft.odds)
    return ({c: int(n) for c, n in odds.items()} == {c: int(n) for c, n in draft.odds.items()}
            and Decimal(proposed.get("max_payout", draft.max_payout)) == draft.max_payout
            and str(proposed.get("dealer_qualifier", draft.dealer_qualifier)).upper()
            == str(draft.dealer_qualifier).upper())


def edge_on_publishing(request, shown: dict) -> dict:
    """'Its house edge will be 5.500% per ante; v1, which it replaces, has 5.224% (0.276
    points more).' Said only of figures worked out for the terms that are published."""
    draft = shown["terms"]
    if not isinstance(draft, Paytable):
        return {"edge_lines": []}
    replaced = (Paytable.objects.filter(family=draft.family_id,
                                        status=PublicationStatus.PUBLISHED)
                .order_by("-version").first())
    results = current_results([draft.pk, *([replaced.pk] if replaced else [])])
    mine = results.get(draft.pk) if _as_saved(draft, shown["proposed"]) else None
    if mine is None:
        return {"edge_lines": ["Its house edge is not worked out yet for these terms: the "
                               "Game math panel on its page shows it within a minute of "
                               "publishing."]}
    edge = Decimal(mine["house_edge"])
    line = f"Its house edge will be {edge * 100:.3f}% per ante"
    theirs = results.get(replaced.pk) if replaced else None
    if theirs is not None:
        before = Decimal(theirs["house_edge"])
        points = (edge - before) * 100
        change = ("the same" if abs(points) < Decimal("0.0005") else
                  f"{abs(points):.3f} points {'more' if points > 0 else 'less'}")
        line += (f"; v{replaced.version}, which it replaces, has {before * 100:.3f}% "
                 f"({change})")
    return {"edge_lines": [line + "."]}
