"""The printable PAR sheet of an analysis: made with WeasyPrint once for what it shows,
then kept in the cache (a second reader gets the same file without a second render)."""

from __future__ import annotations

import hashlib

from django.template.loader import render_to_string

from casino.house.trail import zone_of_owner
from payouts.analysis.models import ParAnalysis
from payouts.caching import cached
from tables.rules.stud import STUD_CATEGORIES

# A rendered sheet is kept a month; evicted earlier (the cache is full, Redis restarted),
# the next reader renders it again.
KEPT_SECONDS = 30 * 24 * 3600


def par_sheet_pdf(analysis: ParAnalysis) -> bytes:
    """The PDF of a finished analysis. Kept under the analysis, its terms' checksum and
    the digest of the page it prints, so a sheet is never served for anything but what it
    shows (a paytable published or retired since shows its new status)."""
    paytable = analysis.paytable
    html = render_to_string("payouts/par_sheet_pdf.html", {
        "analysis": analysis, "paytable": paytable, "sheet": analysis.result,
        "outcomes": in_rank_order(analysis.result.get("outcome_table", [])),
        # Printed on the clock of whoever owns the paytable, which the sheet names.
        "zone": zone_of_owner(paytable.casino)})
    digest = hashlib.sha256(html.encode()).hexdigest()
    key = f"par-sheet-pdf:{analysis.pk}:{analysis.terms_checksum}:{digest}"
    return cached(key, KEPT_SECONDS, lambda: _render(html))


def in_rank_order(lines: list[dict]) -> list[dict]:
    """The outcomes as a PAR sheet lists them: the raise's wins from the royal flush down,
    then the push, the dealer not qualifying, the dealer winning, the fold."""
    wins = {f"win_{name}": rank for rank, name in enumerate(STUD_CATEGORIES)}  # royal first
    rest = ["push", "dealer_not_qualified", "dealer_wins", "fold"]
    return sorted(lines, key=lambda line: (
        (0, wins[line["outcome"]]) if line["outcome"] in wins else
        (1, rest.index(line["outcome"]) if line["outcome"] in rest else len(rest))))


def _render(html: str) -> bytes:
    from weasyprint import HTML  # heavy: loaded only for a PDF

    return HTML(string=html).write_pdf()
