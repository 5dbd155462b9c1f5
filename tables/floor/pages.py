"""What the floor's pages share with the pages of the packages above it, without being a
view: the floor's own part of its two landing pages (the Pit overview and the dealer's
page), the panels the packages above add to them (the chips' table states and slips, the
count's variances: registered from tables.apps), and the dealer forms' card picker."""

from __future__ import annotations

from casino.common.panels import Panels
from payouts.jackpots import wording as jackpot_wording
from payouts.jackpots.selectors import open_hits_of
from payouts.terms.models import Paytable
from payouts.terms.selectors import usable_at
from tables.floor.selectors import casinos_of, tables_visible_to

# The tap-to-enter card picker of the dealer's forms (stud rounds, poker hands).
CARD_PICKER = {"ranks": "AKQJT98765432", "suits": [("s", "♠"), ("h", "♥"), ("d", "♦"), ("c", "♣")]}

# The Pit overview (tables/pit.html): each panel is given the floor's part (``casinos``,
# ``open_hits``). The board adds each casino's live board, the count
# ``variances_waiting``, the comps and the held entries what waits for the supervisor.
PIT = Panels("the Pit overview")
# The pit's tables page (tables/pit/tables.html): each table's settings, once per table
# (the Pit overview shows the live board alone, issue 44 point 8). Given ``casinos``; the
# chips add ``shift_words`` (a table's state where its chips decide it), the players
# ``seated``.
TABLES = Panels("the pit's tables page")
# The dealer's page (tables/dealer.html): given ``tables``; the chips add ``to_sign``.
DEALER = Panels("the dealer's page")


def pit_context(request) -> dict:
    """The floor's part of the Pit overview: the user's casinos (each drawn by its live
    board) and the unpaid jackpots."""
    open_hits = [jackpot_wording.hit_line(hit) for hit in open_hits_of(request.user)]
    return {"casinos": list(casinos_of(request.user).prefetch_related("tables")),
            "open_hits": open_hits}


def tables_context(request) -> dict:
    """The floor's part of the pit's tables page: the user's casinos with their tables,
    each stud table offered the paytables it may be given."""
    casinos = list(casinos_of(request.user).prefetch_related("tables__dealers",
                                                             "tables__rake_schedule",
                                                             "tables__paytable"))
    for casino in casinos:  # each casino's tables are offered what they may be given
        casino.assignable = list(usable_at(Paytable, casino))
        casino.assignable_ids = {p.pk for p in casino.assignable}
    return {"casinos": casinos}


def dealer_context(request) -> dict:
    """The floor's part of the dealer's page: the tables he deals."""
    return {"tables": tables_visible_to(request.user)}
