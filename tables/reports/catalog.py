"""The reports there are: what builds each and the filters it reads (another one given is
refused, not silently left out). Each is signed, so each has a PDF with signature lines:
the stud tables' report too, since issue 28 (the pit signs its day)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse

from casino.common import replica
from casino.common.roles import Role, has_role, is_supervisor
from tables.reports.count_check import count_report
from tables.reports.dealers import dealer_report
from tables.reports.figures import Report, with_currency
from tables.reports.hold import hold_report
from tables.reports.hourly import hours_report
from tables.reports.jackpots import jackpot_report
from tables.reports.master_games import master_games_report
from tables.reports.players import activity_report, liability_report, top_report
from tables.reports.rake import rake_report
from tables.reports.selection import Selection
from tables.reports.slips import slips_report
from tables.reports.stud_games import stud_report
from tables.reports.table_shifts import FILTERS as TABLE_SHIFTS

FLOOR = ("casino", "table", "dealer")
SHIFT_ROWS = "By gaming day, shift and table"


@dataclass(frozen=True)
class Kind:
    name: str
    title: str
    builder: Callable[[Selection], Report]
    filters: tuple[str, ...] = FLOOR
    about: str = ""
    rows_title: str = "By gaming day"
    # The columns a tablet shows first (a screen under 1,200 px wide); the others come
    # with "Show every column", and every file holds them all.
    first: tuple[str, ...] = ()
    # A host reads it too (the player reports: his casinos' players, issue 44 point 12).
    hosts: bool = False

    def build(self, selection: Selection) -> Report:
        """The report, each line naming its currency (figures.with_currency), read from
        the reporting replica where one is fit (casino.common.replica); it says where."""
        report, source = replica.read(lambda: with_currency(self.builder(selection)))
        report.source = source
        return report

    formats: tuple[str, ...] = ("csv", "xlsx", "pdf")

    @property
    def api_url(self) -> str:
        """The report's address on the API (each is named report-<name>)."""
        return reverse(f"report-{self.name}")


REPORTS = {kind.name: kind for kind in (
    Kind("rake", "Rake", rake_report,
         about="The card room's rake, drops and time per gaming day and table.",
         first=("gaming_day", "table_label", "casino", "dealer_name", "shift", "hands",
                "pot_total", "rake", "drop", "currency")),
    Kind("jackpots", "Jackpots", jackpot_report,
         filters=("casino", "table", "progressive", "dealer"),
         about="Each progressive meter's day, reconciled to the cent, and its hits.",
         first=("gaming_day", "progressive_name", "opening", "contributions", "awards",
                "closing", "balanced", "currency")),
    Kind("stud", "Stud table games", stud_report,
         about="Handle, win and hold of the stud tables as their rounds were recorded.",
         first=("gaming_day", "table_label", "casino", "dealer_name", "rounds", "handle",
                "win", "hold", "theoretical_hold", "currency")),
    Kind("master-games", "Master games", master_games_report,
         filters=TABLE_SHIFTS,
         about="Drop, fills, credits, opener, closer, win and hold per table and shift; "
               "per game and per pit.", rows_title=SHIFT_ROWS,
         first=("gaming_day", "shift", "table_label", "casino", "game", "pit", "shifts",
                "drop", "win", "hold", "state")),
    Kind("slips", "Fill and credit slips", slips_report, filters=TABLE_SHIFTS,
         about="Every number of each casino's slip series: issued, void or missing.",
         rows_title="Every slip number",
         first=("number", "casino", "status", "kind", "table_label", "gaming_day", "total",
                "issued", "void", "missing")),
    Kind("count", "Recorded against counted", count_report,
         filters=TABLE_SHIFTS,
         about="What the records say against what the count found, per table and shift, "
               "with the variances and their explanations.", rows_title=SHIFT_ROWS,
         first=("gaming_day", "shift", "table_label", "casino", "kind", "recorded",
                "counted", "difference", "variance")),
    Kind("hold", "Statistical hold", hold_report, filters=("casino", "table"),
         about="Each banked table's counted hold per day, month and year to date, against "
               "the band its game math gives for the hands played.",
         rows_title="By gaming day and table",
         first=("gaming_day", "period", "table_label", "casino", "hands", "drop", "win", "hold",
                "theoretical_hold", "flag")),
    Kind("players", "Player activity", activity_report, filters=("casino", "table"),
         hosts=True,
         about="Each rated player's day at each casino: time, hands, average bet, action, "
               "the house's actual and expected win, strategy cost, comps earned and given.",
         rows_title="By gaming day and player",
         first=("gaming_day", "player", "hours", "hands", "average_bet", "actual_win",
                "worth", "comps_earned", "currency")),
    Kind("top-players", "Top players by worth", top_report, filters=("casino", "table"),
         hosts=True,
         about="The span's rated players at each casino, the most worth first (expected win "
               "and strategy cost).", rows_title="By casino, the most worth first",
         first=("rank", "player", "casino", "days", "hours", "average_bet", "worth",
                "comps_earned", "comps_given", "currency")),
    Kind("dealers", "Dealer performance", dealer_report,
         filters=("casino", "table", "dealer", "shift"),
         about="Each dealer's rounds and hands, hours dealt (his stints, cut at each "
               "shift's end), rounds an hour, voids and irregularities per 100 rounds, by "
               "gaming day, shift and game; his breaks; stints never ended, flagged.",
         rows_title="By gaming day, shift, dealer and game",
         first=("gaming_day", "shift", "casino", "dealer_name", "game", "rounds",
                "hours_dealt", "rounds_per_hour", "voided_per_100", "irregular_per_100",
                # A row's count of stints never ended comes with every column: on a
                # tablet the list of them, below, names each one.
                "hours_on_break", "table_label", "took_the_table", "counted_to")),
    Kind("hours", "Table hours", hours_report, filters=("casino", "table"),
         about="Each table's hours as they were kept when over: rounds or hands, action "
               "and recorded win, beside the hour before.",
         rows_title="By gaming day, hour and table",
         first=("gaming_day", "hour", "casino", "table_label", "rounds", "action", "win",
                "previous_win", "change", "currency")),
    Kind("comp-liability", "Comp liability", liability_report, filters=("casino",),
         hosts=True,
         about="What each player's comp account owes him: the balance before and after the "
               "span, what was earned, revised and given, and comps waiting for approval.",
         rows_title="By casino and account",
         first=("player", "casino", "opening", "earned", "given", "closing", "waiting",
                "currency")),
)}



def may_read(user, kind: Kind) -> bool:
    """The accountants and supervisors read every report, a host the player reports."""
    if is_supervisor(user) or has_role(user, Role.ACCOUNTANT):
        return True
    return kind.hosts and has_role(user, Role.HOST)


def kinds_for(user) -> list[Kind]:
    """The reports ``user`` reads, in the catalog's order (his reports' menu)."""
    return [kind for kind in REPORTS.values() if may_read(user, kind)]
