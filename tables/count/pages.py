"""What the count shows on pages beyond its own, without being a view: the variances
waiting for an explanation, named on the floor's Pit overview and listed on the chips'
page (panels registered from tables.apps)."""

from __future__ import annotations

from tables.chips.pages import PIT_CHIPS
from tables.count import wording
from tables.count.selectors import variances_visible_to
from tables.floor.pages import PIT

ON_THE_CHIPS_PAGE = 20  # the latest variances waiting, the rest on the variances page


def register() -> None:
    """The count's panels on the floor's and the chips' pages (called from tables.apps)."""
    PIT.add("count", on_the_pit)
    PIT_CHIPS.add("count", on_the_chips_page)


def unexplained(user):
    """The variances of the user's casinos waiting for an explanation, latest first."""
    return variances_visible_to(user).filter(explanation__isnull=True).order_by("-opened_at")


def on_the_pit(request, shown: dict) -> dict:
    return {"variances_waiting": unexplained(request.user).count()}


def on_the_chips_page(request, shown: dict) -> dict:
    waiting = list(unexplained(request.user)[:ON_THE_CHIPS_PAGE])
    return {"variances": [(v, wording.variance_words(v)) for v in waiting]}
