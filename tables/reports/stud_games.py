"""The stud table-games report: per gaming day and table the rounds, the handle (antes
and bets wagered), the house's win and hold (win / handle), the jackpot side wagers
apart, the paytable versions in force; by dealer too. Void rounds and misdealt hands
wager nothing; a round voided on its own day is counted apart, one voided later shows
as an adjustment on the day of the void."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from django.db.models import (
    Count,
    Exists,
    F,
    Max,
    Min,
    OuterRef,
    Q,
    Sum,
)

from payouts.analysis.selectors import theoretical_holds
from payouts.terms.models import Paytable
from tables.reports import figures
from tables.reports.figures import Report
from tables.reports.models import StudFigure
from tables.reports.selection import Selection
from tables.rules.stud import Outcome
from tables.stud.models import StudRound, StudRoundVoid, StudSeat
from tables.stud.selectors import BET, HOUSE_WIN, SIDE_WAGER_TAKEN

MONEY = ("handle", "win", "jackpot_handle", "theoretical_win")
MEASURES = ("rounds", "handle", "win", "jackpot_handle", "voided")
COLUMNS = ("gaming_day", "casino", "table", "table_label", "rounds", "handle", "win",
           "hold", "theoretical_win", "theoretical_hold", "jackpot_handle", "paytables",
           "voided")
FINEST = ("gaming_day", "table", "dealer", "shift", "paytable")
ALIASES = {key: F(f"round__{key}") for key in FINEST}


def _seats(where: Q, keys: Sequence[str]) -> list[dict]:
    seats = StudSeat.objects.annotate(**ALIASES).filter(where).annotate(same_day_void=Exists(
        StudRoundVoid.objects.filter(round=OuterRef("round"),
                                     gaming_day=OuterRef("round__gaming_day"))))
    standing = Q(same_day_void=False, round__void="")
    wagered = standing & ~Q(outcome=Outcome.VOID)
    return figures.grouped(seats, keys, {
        "rounds": Count("round", distinct=True, filter=standing),
        "handle": Sum(F("ante") + BET, filter=wagered),
        "win": Sum(HOUSE_WIN, filter=standing),
        "jackpot_handle": Sum("progressive_wager", filter=standing & SIDE_WAGER_TAKEN),
        "voided": Count("round", distinct=True, filter=~standing)})


def live_figures(selection: Selection, closed, keys: Sequence[str] = FINEST) -> list[dict]:
    """The open days' figures from the seats. Seats carry no day: the span's rounds (by
    their day index) give the range of round ids, so the seats are read down their own
    round index instead of all of them."""
    rounds = StudRound.objects.filter(figures.open_records(selection, closed),
                                      figures.table_filters(selection))
    ids = rounds.aggregate(low=Min("id"), high=Max("id"))
    if ids["low"] is None:
        return []
    where = (figures.open_records(selection, closed, day="round__gaming_day",
                                  casino="round__table__casino")
             & figures.table_filters(selection, table="round__table", dealer="round__dealer")
             & Q(round_id__gte=ids["low"], round_id__lte=ids["high"]))
    return _seats(where, keys)


def _stored(selection: Selection, keys: Sequence[str]) -> list[dict]:
    stored = StudFigure.objects.filter(figures.closed_figures(selection),
                                       figures.table_filters(selection))
    return figures.grouped(stored, keys, {m: Sum(m) for m in MEASURES})


def adjustments(selection: Selection) -> list[dict]:
    """Rounds voided in the span whose own day was an earlier one: their figures come
    off on the day of the void."""
    voids = (StudRoundVoid.objects
             .filter(gaming_day__range=(selection.first, selection.last),
                     round__table__casino__in=selection.casinos())
             .filter(figures.table_filters(selection, table="round__table",
                                           dealer="round__dealer"))
             .exclude(round__gaming_day=F("gaming_day"))
             .select_related("round__table", "voided_by"))
    voids = list(voids)
    # The voided rounds' own figures, in one grouped query.
    figures_of = {row["round"]: row for row in _seats(Q(round__in=[v.round_id for v in voids]),
                                                      ("round",))} if voids else {}
    lines = []
    for void in voids:
        record = void.round
        own = figures_of.get(record.pk, {})
        lines.append({
            "gaming_day": void.gaming_day, "table": record.table_id,
            "table_label": record.table.label, "record": "stud round", "record_id": record.pk,
            "original_gaming_day": record.gaming_day.isoformat(), "reason": void.reason,
            "voided_by": void.voided_by.get_username(),
            **{m: -(own.get(m) or 0) for m in MEASURES if m != "voided"}, "voided": 0})
    return lines


def _finish(row: dict, labels, paytables: dict[int, str]) -> dict:
    row["hold"] = figures.ratio(row["win"], row["handle"])
    theory = row.get("theoretical_win")
    row["theoretical_hold"] = None if theory is None else figures.ratio(theory, row["handle"])
    if "paytable_ids" in row:
        row["paytables"] = [paytables[p] for p in row.pop("paytable_ids")]
    out = figures.written(figures.labelled(row, labels), MONEY)
    if theory is None:
        out["theoretical_win"] = None  # not computed yet: unknown, not zero
    return out


def _with_paytables(rows: list[dict], risk: dict[int, Decimal]) -> list[dict]:
    """Rows per day, table and paytable folded into rows per day and table, with what the
    paytables' exact game math expects the house to win on that handle (none until every
    paytable's figures are computed)."""
    folded: dict[tuple, dict] = {}
    for row in rows:
        key = (row["gaming_day"], row["table"])
        into = folded.setdefault(key, {"gaming_day": key[0], "table": key[1],
                                       "paytable_ids": [], "theoretical_win": Decimal(0),
                                       **dict.fromkeys(MEASURES, 0)})
        into["paytable_ids"].append(row["paytable"])
        for name in MEASURES:
            into[name] += row[name] or 0
        share = risk.get(row["paytable"])
        if share is None or into["theoretical_win"] is None:
            into["theoretical_win"] = None
        else:
            into["theoretical_win"] += share * (row["handle"] or 0)
    return list(folded.values())


def _total_theory(rows: list[dict]) -> Decimal | None:
    wins = [r["theoretical_win"] for r in rows]
    return None if not wins or None in wins else sum(wins, Decimal(0))


def stud_report(selection: Selection) -> Report:
    closed = figures.closed_days_of([c.pk for c in selection.casinos()], selection.first,
                                    selection.last)
    live = live_figures(selection, closed)   # once, at the finest grain: both views sum it
    by_day = ("gaming_day", "table", "paytable")
    per_paytable = figures.combine(by_day, MEASURES, _stored(selection, by_day), live)
    rows = _with_paytables(per_paytable, theoretical_holds({r["paytable"] for r in
                                                           per_paytable}))
    late = adjustments(selection)
    # A dealer of two casinos is summed in each apart (two currencies).
    by_dealer = []
    for casino in selection.casinos():
        tables = set(casino.tables.values_list("pk", flat=True))
        by_dealer += [{"casino": casino.name, **line} for line in figures.combine(
            ("dealer",), MEASURES, _stored(replace(selection, casino=casino), ("dealer",)),
            [r for r in live if r["table"] in tables])]
    labels = figures.labels_of([*rows, *by_dealer, *late])
    paytables = {p.pk: f"{p.name} v{p.version}" for p in Paytable.objects.filter(
        pk__in={p for r in rows for p in r["paytable_ids"]})}
    names = figures.casino_names([*rows, *late])
    rows_of, late_of = figures.of_each_casino(rows, names), figures.of_each_casino(late, names)
    by_casino = [{"casino": name, **_summed(rows_of.get(name, []), late_of.get(name, []),
                                            labels, paytables)}
                 for name in sorted({*rows_of, *late_of})]
    by_dealer += [{"casino": name, **figures.total(voids, MEASURES),  # adds up as by casino
                   "dealer_name": figures.LATER_VOIDS} for name, voids in late_of.items()]
    # A hold over dollars and pounds added together is no hold either.
    totals = figures.summed_apart(_summed(rows, late, labels, paytables), selection,
                                  (*MONEY, "hold", "theoretical_hold"))
    return Report(
        name="stud", title="Stud table games", selection=selection, columns=COLUMNS,
        rows=[_finish(r, labels, paytables) for r in figures.named_casinos(rows, names)],
        totals=totals,
        breakdowns={"by_casino": by_casino,
                    "by_dealer": [_finish(r, labels, paytables) for r in by_dealer]},
        breakdown_columns={"by_casino": ("casino", *COLUMNS[4:]),
                           "by_dealer": ("casino", "dealer_name", *COLUMNS[4:])},
        adjustments=[_finish(line, labels, paytables)
                     for line in figures.named_casinos(late, names)],
        closed_days=sorted({d.isoformat() for days in closed.values() for d in days}))


def _summed(rows: list[dict], late: list[dict], labels, paytables: dict[int, str]) -> dict:
    """The rows and late voids summed, with what the paytables expect of the rows' handle
    (late voids have no paytable figures of their own)."""
    totals = figures.total([*rows, *late], MEASURES)
    totals["theoretical_win"] = _total_theory(rows)
    finished = _finish(totals, labels, paytables)
    rows_handle = sum((r["handle"] or 0 for r in rows), Decimal(0))
    if totals["theoretical_win"] is not None:
        finished["theoretical_hold"] = figures.ratio(totals["theoretical_win"], rows_handle)
    return finished
