"""A report's columns and coded values as staff read them: the pages, the PDF and the
spreadsheet say "Pot total" and "not counted yet"; the API and its CSV keep the field
names and codes that outside systems rely on (docs/api.md)."""

from __future__ import annotations

import re

# A report's coded values as people read them (the API and its CSV keep the codes).
CODE_WORDS = {"not_counted": "not counted yet"}
# A report's columns as a page heads them (the API and its CSV keep the names;
# the PDF and the spreadsheet, read by people, head them so too).
HEADINGS = {"table_label": "Table", "progressive_name": "Progressive", "dealer_name": "Dealer",
            "pot_total": "Pot total", "count_ref": "Count", "jackpot_handle": "Jackpot side "
            "wagers", "theoretical_win": "Expected win", "theoretical_hold": "Expected hold",
            "low_hold": "Band low", "high_hold": "Band high", "low_win": "Band low win",
            "high_win": "Band high win", "by_casino": "By casino", "by_dealer": "By dealer",
            "by_shift": "By shift", "by_pit": "By pit", "by_game": "By game",
            "by_kind": "By kind", "by_progressive": "By meter",
            "signed_by_dealer": "Dealer's signature",
            "signed_by_supervisor": "Supervisor's signature", "carried_by": "Runner",
            "unended": "Stints never ended",
            "never_ended": "Stints never ended (a forgotten clock-out): counted to their "
                           "shift's end"}
# Ids the API and its CSV carry for joining: where the label is beside them, a page, the
# PDF and the spreadsheet name the row by its label alone ("CS-1", not "3" beside it).
NAMED_BY = {"table": "table_label", "progressive": "progressive_name",
            "dealer": "dealer_name"}
# An amount as the reports write it: plain digits, two places.
AMOUNT = re.compile(r"^-?\d+\.\d\d$")
# Shares shown as percents (the API and its CSV keep the fraction, four places; the
# spreadsheet holds it, formatted as a percent).
SHARES = {"hold", "theoretical_hold", "low_hold", "high_hold"}


def heading(name) -> str:
    """'pot_total' -> 'Pot total', 'table_label' -> 'Table': a column as staff name it."""
    name = str(name)
    return HEADINGS.get(name) or name.replace("_", " ").capitalize()


def read_columns(columns) -> list[str]:
    """The columns people read (a page, the PDF, the spreadsheet): an id beside its label
    left out."""
    columns = list(columns)
    return [c for c in columns if NAMED_BY.get(c) not in columns]
