"""The printable PAR sheet of an analysis: made with WeasyPrint once for what it shows,
then kept in the cache (a second reader gets the same file without a second render)."""

from __future__ import annotations

import hashlib

from django.template.loader import render_to_string

from payouts.analysis.models import ParAnalysis
from payouts.caching import cached

# A rendered sheet is kept a month; evicted earlier (the cache is full, Redis restarted),
# the next reader renders it again.
KEPT_SECONDS = 30 * 24 * 3600


def par_sheet_pdf(analysis: ParAnalysis) -> bytes:
    """The PDF of a finished analysis. Kept under the analysis, its terms' checksum and
    the digest of the page it prints, so a sheet is never served for anything but what it
    shows (a paytable published or retired since shows its new status)."""
    html = render_to_string("payouts/par_sheet_pdf.html", {
        "analysis": analysis, "paytable": analysis.paytable, "sheet": analysis.result})
    digest = hashlib.sha256(html.encode()).hexdigest()
    key = f"par-sheet-pdf:{analysis.pk}:{analysis.terms_checksum}:{digest}"
    return cached(key, KEPT_SECONDS, lambda: _render(html))


def _render(html: str) -> bytes:
    from weasyprint import HTML  # heavy: loaded only for a PDF

    return HTML(string=html).write_pdf()
