"""The rake report: the card room's collection per gaming day and table (hands, pots,
rake, fixed drops, bad-beat drops, time), by dealer and by shift. A hand voided on its
own day is counted apart; one voided on a later day stays in its day and shows as an
adjustment on the day of the void."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from django.db.models import Count, Exists, F, OuterRef, Q, Sum

from payouts.terms.models import Method
from tables.poker.models import PokerHand, PokerHandVoid, TimeCollection, TimeCollectionVoid
from tables.reports import figures
from tables.reports.figures import Report
from tables.reports.models import RakeFigure
from tables.reports.selection import Selection

MONEY = ("pot_total", "rake", "fixed_drop", "bad_beat", "time_collection", "drop")
MEASURES = ("hands", "pot_total", "rake", "fixed_drop", "bad_beat", "time_collection",
            "voided")
COLUMNS = ("gaming_day", "casino", "table", "table_label", "hands", "pot_total", "rake",
           "fixed_drop", "bad_beat", "time_collection", "drop", "voided")
FINEST = ("gaming_day", "table", "dealer", "shift")


def _hands(where: Q, keys: Sequence[str]) -> list[dict]:
    hands = PokerHand.objects.filter(where).annotate(same_day_void=Exists(
        PokerHandVoid.objects.filter(hand=OuterRef("pk"), gaming_day=OuterRef("gaming_day"))))
    standing = Q(same_day_void=False)
    return figures.grouped(hands, keys, {
        "hands": Count("id", filter=standing), "pot_total": Sum("pot", filter=standing),
        "rake": Sum("rake", filter=standing),
        "fixed_drop": Sum("rake", filter=standing & Q(
            rake_schedule__method=Method.FIXED_DROP)),
        "bad_beat": Sum("bad_beat_drop", filter=standing),
        "voided": Count("id", filter=~standing)})


def _time(where: Q, keys: Sequence[str]) -> list[dict]:
    collections = TimeCollection.objects.filter(where).annotate(same_day_void=Exists(
        TimeCollectionVoid.objects.filter(collection=OuterRef("pk"),
                                          gaming_day=OuterRef("gaming_day"))))
    return figures.grouped(collections, keys, {
        "time_collection": Sum("amount", filter=Q(same_day_void=False))})


def _stored(selection: Selection, keys: Sequence[str]) -> list[dict]:
    stored = RakeFigure.objects.filter(figures.closed_figures(selection),
                                       figures.table_filters(selection))
    return figures.grouped(stored, keys, {m: Sum(m) for m in MEASURES})


def live_figures(selection: Selection, closed, keys: Sequence[str] = FINEST) -> list[dict]:
    """The open days' figures, from the records."""
    where = figures.open_records(selection, closed) & figures.table_filters(selection)
    return figures.combine(keys, MEASURES, _hands(where, keys), _time(where, keys))


def _grouped(selection: Selection, closed, keys: Sequence[str]) -> list[dict]:
    return figures.combine(keys, MEASURES, _stored(selection, keys),
                           live_figures(selection, closed, keys))


def adjustments(selection: Selection) -> list[dict]:
    """Hands and time voided in the span whose own day was an earlier one."""
    in_span = Q(gaming_day__range=(selection.first, selection.last))
    lines = []
    hands = (PokerHandVoid.objects.filter(in_span, hand__table__casino__in=selection.casinos())
             .filter(figures.table_filters(selection, table="hand__table",
                                           dealer="hand__dealer"))
             .exclude(hand__gaming_day=F("gaming_day"))
             .select_related("hand__table", "hand__rake_schedule", "voided_by"))
    for void in hands:
        hand = void.hand
        fixed = hand.rake if hand.rake_schedule.method == Method.FIXED_DROP else 0
        lines.append(_line(void, hand, "poker hand", hands=-1, pot_total=-hand.pot,
                           rake=-hand.rake, fixed_drop=-fixed, bad_beat=-hand.bad_beat_drop))
    time = (TimeCollectionVoid.objects
            .filter(in_span, collection__table__casino__in=selection.casinos())
            .filter(figures.table_filters(selection, table="collection__table",
                                          dealer="collection__dealer"))
            .exclude(collection__gaming_day=F("gaming_day"))
            .select_related("collection__table", "voided_by"))
    for void in time:
        lines.append(_line(void, void.collection, "time collection",
                           time_collection=-void.collection.amount))
    return sorted(lines, key=lambda line: (line["gaming_day"], line["record_id"]))


def _line(void, record, noun: str, **amounts) -> dict:
    return {"gaming_day": void.gaming_day, "table": record.table_id,
            "table_label": record.table.label, "record": noun, "record_id": record.pk,
            "original_gaming_day": record.gaming_day.isoformat(), "reason": void.reason,
            "voided_by": void.voided_by.get_username(),
            **dict.fromkeys(MEASURES, 0), **amounts}


def _finish(row: dict, labels) -> dict:
    row["drop"] = row["rake"] + row["bad_beat"] + row["time_collection"]
    return figures.written(figures.labelled(row, labels), MONEY)


def rake_report(selection: Selection) -> Report:
    closed = figures.closed_days_of([c.pk for c in selection.casinos()], selection.first,
                                    selection.last)
    rows = _grouped(selection, closed, ("gaming_day", "table"))
    late = adjustments(selection)
    names = figures.casino_names([*rows, *late])
    by_casino = [{"casino": name, **figures.total(lines, MEASURES)}
                 for name, lines in figures.of_each_casino([*rows, *late], names).items()]
    # A dealer or a shift of two casinos is summed in each apart (two currencies).
    by_dealer, by_shift = [], []
    late_of = figures.of_each_casino(late, names)
    for casino in selection.casinos():
        one = replace(selection, casino=casino)
        by_dealer += [{"casino": casino.name, **line}
                      for line in _grouped(one, closed, ("dealer",))]
        by_shift += [{"casino": casino.name, **line}
                     for line in _grouped(one, closed, ("shift",))]
        if casino.name in late_of:  # each breakdown adds up to the same total
            voids = {"casino": casino.name, **figures.total(late_of[casino.name], MEASURES)}
            by_dealer.append({**voids, "dealer_name": figures.LATER_VOIDS})
            by_shift.append({**voids, "shift": figures.LATER_VOIDS})
    labels = figures.labels_of([*rows, *by_dealer, *late])
    totals = figures.summed_apart(_finish(figures.total([*rows, *late], MEASURES), labels),
                                  selection, MONEY)
    return Report(
        name="rake", title="Rake report", selection=selection, columns=COLUMNS,
        rows=[_finish(r, labels) for r in figures.named_casinos(rows, names)],
        totals=totals,
        breakdowns={"by_casino": [_finish(r, labels) for r in by_casino],
                    "by_dealer": [_finish(r, labels) for r in by_dealer],
                    "by_shift": [_finish(r, labels) for r in by_shift]},
        breakdown_columns={"by_casino": ("casino", *COLUMNS[4:]),
                           "by_dealer": ("casino", "dealer_name", *COLUMNS[4:]),
                           "by_shift": ("casino", "shift", *COLUMNS[4:])},
        adjustments=[_finish(line, labels) for line in figures.named_casinos(late, names)],
        closed_days=sorted({d.isoformat() for days in closed.values() for d in days}))
