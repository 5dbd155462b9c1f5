"""The reports there are: what builds each, and whether it is signed (and so has a PDF)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tables.reports.figures import Report
from tables.reports.jackpots import jackpot_report
from tables.reports.rake import rake_report
from tables.reports.selection import Selection
from tables.reports.stud_games import stud_report


@dataclass(frozen=True)
class Kind:
    name: str
    title: str
    build: Callable[[Selection], Report]
    signed: bool

    @property
    def formats(self) -> tuple[str, ...]:
        return ("csv", "xlsx", "pdf") if self.signed else ("csv", "xlsx")


REPORTS = {kind.name: kind for kind in (
    Kind("rake", "Rake", rake_report, signed=True),
    Kind("jackpots", "Jackpots", jackpot_report, signed=True),
    Kind("stud", "Stud table games", stud_report, signed=False),
)}
