"""The accountant's reads for a page: the card room's collection of one gaming day, from
the rake report (one way to count a day's rake), beside the bad-beat fund."""

from __future__ import annotations

import datetime as dt
from typing import Any

from casino.house.models import Casino
from tables.poker.models import BadBeatFund
from tables.reports.rake import rake_report
from tables.reports.selection import Selection


def card_room_day(casino: Casino, day: dt.date) -> dict[str, Any]:
    """One gaming day's collection per poker table: what the drop boxes should hold.
    Hands voided that day are counted apart; later voids of earlier hands are listed."""
    report = rake_report(Selection(first=day, last=day, casino=casino))
    return {"rows": report.rows, "totals": report.totals, "adjustments": report.adjustments,
            "fund": BadBeatFund.objects.filter(casino=casino).first()}
