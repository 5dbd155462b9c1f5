"""The OpenAPI description of the table-accounting reports' JSON (drf-spectacular): what a
row, the totals and each breakdown hold. Amounts are decimal strings of two places,
empty (null) where not known yet; holds are shares to four places."""

from __future__ import annotations

from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

from casino.common.amounts import MoneyField


def _money(help_text: str = "") -> MoneyField:
    return MoneyField(read_only=True, allow_null=True, help_text=help_text)


def _text(help_text: str = "") -> serializers.CharField:
    return serializers.CharField(read_only=True, allow_null=True, allow_blank=True,
                                 help_text=help_text)


def _count(help_text: str = "") -> serializers.IntegerField:
    return serializers.IntegerField(read_only=True, allow_null=True, help_text=help_text)


def _hold() -> serializers.DecimalField:
    return serializers.DecimalField(max_digits=20, decimal_places=4, read_only=True,
                                    allow_null=True, help_text="Win / drop, four places; "
                                    "null when nothing was dropped or the win is unknown.")


def _report(name: str, row: dict, totals: dict, breakdowns: dict[str, dict]):
    """A report's JSON: the span, its rows, totals and breakdowns (no adjustments: these
    reports read immutable records live; no closed days)."""
    return inline_serializer(name=name, fields={
        "from": serializers.DateField(read_only=True),
        "to": serializers.DateField(read_only=True),
        "rows": inline_serializer(name=f"{name}Row", fields=row, many=True),
        "totals": inline_serializer(name=f"{name}Totals", fields=totals),
        **{key: inline_serializer(name=f"{name}{key.title().replace('_', '')}",
                                  fields=fields, many=True)
           for key, fields in breakdowns.items()},
        "adjustments": serializers.ListField(child=serializers.DictField(), read_only=True),
        "closed_days": serializers.ListField(child=serializers.DateField(), read_only=True),
    })


def _shift_key() -> dict:
    return {"gaming_day": serializers.DateField(read_only=True), "shift": _count("1 to 3."),
            "table": _count("The table's id."), "table_label": _text()}


_SUMS = {"shifts": _count(), "incomplete": _count("Shifts missing a part."),
         "drop": _money(), "fills": _money(), "credits": _money(), "win": _money(),
         "hold": _hold()}

MASTER_GAMES = _report("MasterGamesReport", row={
    **_shift_key(), "casino": _text("The casino's name."), "game": _text(),
    "pit": _text("Blank when no pit is named."),
    "drop": _money("What the box held (cash, chips, markers); null until counted."),
    "fills": _money("Null at a poker table."), "credits": _money("Null at a poker table."),
    "opener": _money("Null at a poker table or until recorded."),
    "closer": _money("Null at a poker table or until recorded."),
    "win": _money("drop + credits - fills + closer - opener; a poker table's box. Null "
                  "while a part is missing."),
    "hold": _hold(), "state": _text("The parts missing, in words; empty when complete."),
    "count_ref": _text("The count whose figures stand (and its latest correction).")},
    totals={**_SUMS, "state": _text("The shifts incomplete; over casinos of several "
                                     "currencies, why the amounts are empty.")},
    breakdowns={"by_casino": {"casino": _text(), **_SUMS},
                "by_game": {"casino": _text(), "game": _text(), **_SUMS},
                "by_pit": {"casino": _text(), "pit": _text(), **_SUMS}})

SLIPS = _report("SlipsReport", row={
    "casino": _text(), "number": _count(),
    "status": serializers.ChoiceField(choices=["issued", "void", "missing"], read_only=True),
    "kind": _text("fill or credit; null when missing."), "table": _count(),
    "table_label": _text(), "gaming_day": serializers.DateField(read_only=True, allow_null=True),
    "shift": _count(), "total": _money("The slip's amount."),
    "fills": _money("The amount, under its kind, when the slip moved chips (not void)."),
    "credits": _money(), "issued_by": _text(),
    "issued_at": serializers.DateTimeField(read_only=True, allow_null=True,
                                           help_text="On the casino's clock, with its offset."),
    "carried_by": _text("The security officer who carried the chips (the runner); null on "
                        "slips issued before the cage named him."),
    "signed_by_dealer": _text(), "signed_by_supervisor": _text(), "void_reason": _text(),
    "voided_by": _text(), "witnessed_by": _text()},
    totals={"status": _text("'3 issued, 1 void, 0 missing'."), "issued": _count(),
            "void": _count(), "missing": _count(), "fills": _money(), "credits": _money(),
            "state": _text("Over casinos of several currencies, why the amounts are empty.")},
    breakdowns={"by_casino": {"casino": _text(), "status": _text(), "issued": _count(),
                              "void": _count(), "missing": _count(), "fills": _money(),
                              "credits": _money()}})

_COMPARED = {"shifts": _count(), "compared": _count("Shifts with a counted figure."),
             "recorded": _money(), "counted": _money(), "difference": _money(),
             "open": _count(), "explained": _count(),
             "variance": _text("'1 open, 2 explained'.")}

COUNT = _report("CountReport", row={
    **_shift_key(), "casino": _text("The casino's name."),
    "kind": serializers.ChoiceField(choices=["win", "rake"], read_only=True),
    "recorded": _money("What the rounds (win) or hands and collections (rake) say."),
    "counted": _money("The win from chips and box, or the box; null until counted."),
    "difference": _money("counted - recorded."),
    "threshold": _money("A variance opens above this difference."),
    "variance": serializers.ChoiceField(choices=["not_counted", "none", "open", "explained"],
                                        read_only=True),
    "explained_by": _text(),
    "explained_at": serializers.DateTimeField(read_only=True, allow_null=True),
    "found": _text(), "state": _text(), "count_ref": _text()},
    totals={**_COMPARED, "state": _text("Over casinos of several currencies, why the "
                                         "amounts are empty.")},
    breakdowns={"by_casino": {"casino": _text(), **_COMPARED},
                "by_kind": {"casino": _text(), "kind": _text(), **_COMPARED}})

_SHARE = {name: _hold() for name in ("theoretical_hold", "low_hold", "high_hold")}
_BAND = {"hands": _count("Seats that played the counted shifts' rounds."),
         "drop": _money("The counted shifts' drop."),
         "win": _money("The counted shifts' win (drop + credits - fills + closer - opener)."),
         "hold": _hold(), "expected_win": _money("What the game math expects of the rounds "
                                                 "played, plus what the table kept for sure."),
         "low_win": _money("The band's low end at the casino's confidence."),
         "high_win": _money("The band's high end."), **_SHARE,
         "flag": _text("'above the band', 'below the band', empty inside it; or why there "
                       "is no band ('game math not computed yet').")}

HOLD = _report("HoldReport", row={
    "gaming_day": serializers.DateField(read_only=True), "casino": _text(),
    "table": _count("The table's id."), "table_label": _text(), "game": _text(), **_BAND},
    totals=_BAND,
    breakdowns={"by_casino": {"casino": _text(), **_BAND},
                "to_date": {"period": _text("'month to date' or 'year to date', as of the "
                                            "span's last day."),
                            "casino": _text(), "table": _count("Null on a game's line."),
                            "table_label": _text(), "game": _text(), **_BAND}})
