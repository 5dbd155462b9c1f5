"""The reports' charts: one series per report, as the pages draw it with Chart.js
(``series``) and the signed PDFs with matplotlib (``png``): rake per day (the day still
running "so far"), the meter over time with its hits, hold per table, win per pit, the
count's difference per shift, hold against the band of the hands played. A report with
no chart says so in words."""

from __future__ import annotations

import io
import logging
from collections import defaultdict
from collections.abc import Callable
from decimal import Decimal

from django.utils import timezone

from tables.reports.figures import Report, with_currency

NO_CHART = "none"
# The hold chart's lines: the hold dark and solid, what the game math expects dashed in
# another hue, the band's edges faint (colour is never the only difference: the legend
# names each, the dashes tell them apart).
BAND = "#2f6f4f"
LINE_COLORS = {"Hold %": "#1b3a6b", "Expected hold %": "#b35900",
               "Band low %": BAND, "Band high %": BAND}


def _bars(label: str, values: dict[str, Decimal], axis: str) -> dict:
    names = sorted(values)
    return {"kind": "bar", "labels": names, "values": [str(values[n]) for n in names],
            "label": label, "x_title": axis}


def _casino_named(rows: list[dict]) -> Callable[[str, dict], str]:
    """How to label a bar: with the row's casino when the chart covers several casinos
    (of one currency: a chart never adds two currencies)."""
    if len({row.get("casino") for row in rows}) > 1:
        return lambda label, row: f"{label} ({row['casino']})"
    return lambda label, row: label


def _apart(report: Report, rows: list[dict],
           draw: Callable[[list[dict]], dict]) -> list[dict]:
    """One chart per currency: ``draw`` given the rows of each (each names its currency,
    figures.with_currency), the currency its axis's unit and, when there are several, in
    its title. Dollars and pounds never share an axis."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        groups[row.get("currency", "")].append(row)
    if not groups:  # nothing to draw: an empty chart in the selection's first currency
        groups[min((c.currency for c in report.selection.casinos()), default="")] = []
    charts = []
    for unit, group in sorted(groups.items()):
        chart = {**draw(group), "unit": unit}
        if len(groups) > 1:
            chart["label"] += f", {unit}"
        charts.append(_said_when_flat(chart))
    return charts


def _said_when_flat(chart: dict) -> dict:
    """Bars that are all zero (a card room that only collected time has no rake) draw an
    empty frame: said in words instead."""
    if chart["kind"] == "bar" and chart["values"] and not any(Decimal(v)
                                                               for v in chart["values"]):
        return {"kind": NO_CHART, "label": f"{chart['label']}: every bar would be 0.00 in "
                                           "these days.", "unit": chart["unit"]}
    return chart


def _so_far(report: Report) -> Callable[[str], str]:
    """A gaming day as a chart's axis names it: the day still running at a casino of the
    report "so far" (its bar is not a whole day's)."""
    now = timezone.now()
    running = {str(casino.gaming_day(now)) for casino in report.selection.casinos()}
    return lambda day: f"{day} (so far)" if str(day) in running else str(day)


def _rake_per_day(report: Report) -> list[dict]:
    day_of = _so_far(report)

    def draw(rows: list[dict]) -> dict:
        per_day: dict[str, Decimal] = defaultdict(Decimal)
        named = _casino_named(rows)
        for row in rows:
            per_day[named(day_of(row["gaming_day"]), row)] += Decimal(row["rake"])
        return _bars("Rake per gaming day", per_day, "Gaming day")
    return _apart(report, report.rows, draw)


def _meters(report: Report) -> list[dict]:
    def draw(rows: list[dict]) -> dict:
        """The meters of one currency on one axis of dates: each line has a value on every
        day of the span it has a row for, none elsewhere (a meter born later starts
        later, not at the first day)."""
        days = sorted({row["gaming_day"] for row in rows})
        lines: dict[str, dict] = {}
        for row in rows:
            line = lines.setdefault(row["progressive_name"],
                                    {"labels": days, "values": [None] * len(days)})
            line["values"][days.index(row["gaming_day"])] = row["closing"]
        hits = [{"gaming_day": h["gaming_day"], "progressive_name": h["progressive_name"],
                 "amount": h["amount"], "category": h["category"]}
                for h in report.extra.get("hits", []) if h["progressive_name"] in lines]
        return {"kind": "line", "lines": lines, "hits": hits,
                "label": "Meter at the end of each gaming day", "x_title": "Gaming day"}
    return _apart(report, report.rows, draw)


def _hold_per_table(report: Report) -> list[dict]:
    win: dict[str, Decimal] = defaultdict(Decimal)
    handle: dict[str, Decimal] = defaultdict(Decimal)
    for row in report.rows:
        win[row["table_label"]] += Decimal(row["win"])
        handle[row["table_label"]] += Decimal(row["handle"])
    tables = sorted(handle)
    return [{"kind": "bar", "labels": tables,
             "values": [str((win[t] / handle[t] * 100).quantize(Decimal("0.01")))
                        if handle[t] else "0" for t in tables],
             "label": "Hold % per table", "x_title": "Table", "unit": "%"}]


def _win_per_pit(report: Report) -> list[dict]:
    """The master games' win per pit (shifts whose win is known), a chart per currency,
    each pit named with its casino where the chart covers several."""
    def draw(lines: list[dict]) -> dict:
        named = _casino_named(lines)
        return _bars("Win per pit", {named(line["pit"], line): Decimal(line["win"])
                                     for line in lines}, "Pit")
    return _apart(report, report.breakdowns.get("by_pit", []), draw)


def _difference_per_shift(report: Report) -> list[dict]:
    """Counted minus recorded per gaming day and shift, over the tables counted."""
    def draw(rows: list[dict]) -> dict:
        per_shift: dict[str, Decimal] = defaultdict(Decimal)
        named = _casino_named(rows)
        for row in rows:
            if row["difference"] is not None:
                shift = f"{row['gaming_day']} shift {row['shift']}"
                per_shift[named(shift, row)] += Decimal(row["difference"])
        return _bars("Counted minus recorded per shift", per_shift, "Gaming day and shift")
    return _apart(report, report.rows, draw)


def _hold_against_band(report: Report) -> list[dict]:
    """The tables' hold each day (all of the selection's tables together) against the hold
    the game math expects and its band; a day without a band leaves a gap."""
    days = report.extra.get("by_day", [])

    def percent(name: str) -> list:
        return [None if day[name] is None else str(Decimal(day[name]) * 100) for day in days]

    labels = [day["gaming_day"] for day in days]
    lines = {"Hold %": percent("hold"), "Expected hold %": percent("theoretical_hold"),
             "Band low %": percent("low_hold"), "Band high %": percent("high_hold")}
    confidence = days[0]["confidence"] if days else None
    return [{"kind": "line", "band": True, "hits": [], "x_title": "Gaming day", "unit": "%",
             "band_label": (f"{Decimal(confidence) * 100:.0f}% band of the hands played"
                            if confidence is not None else "Band of the hands played"),
             "lines": {name: {"labels": labels, "values": values, "color": LINE_COLORS[name]}
                       for name, values in lines.items()},
             "label": "Hold against the band of the hands played" + (
                 f" ({report.extra['chart_casino']}; choose a casino for another)"
                 if report.extra.get("chart_casino") else "")}]


def _worth_per_day(report: Report) -> list[dict]:
    """The rated players' expected win (and strategy cost) and the house's actual win per
    gaming day, side by side: a rating's luck against its worth."""
    day_of = _so_far(report)

    def draw(rows: list[dict]) -> dict:
        named = _casino_named(rows)
        worth: dict[str, Decimal] = defaultdict(Decimal)
        actual: dict[str, Decimal] = defaultdict(Decimal)
        for row in rows:
            day = named(day_of(row["gaming_day"]), row)
            worth[day] += Decimal(row["worth"] or 0)
            actual[day] += Decimal(row["actual_win"] or 0)
        days = sorted(worth)
        return {"kind": "line", "hits": [], "x_title": "Gaming day",
                "label": "Rated players' worth and the house's actual win per gaming day",
                "lines": {"Worth": {"labels": days, "values": [str(worth[d]) for d in days]},
                          "Actual win": {"labels": days,
                                         "values": [str(actual[d]) for d in days]}}}
    return _apart(report, report.rows, draw)


def _top_worth(report: Report) -> list[dict]:
    """The ten players worth the most at each currency's casinos."""
    def draw(rows: list[dict]) -> dict:
        named = _casino_named(rows)
        best = sorted(rows, key=lambda r: -Decimal(r["worth"] or 0))[:10]
        return _bars("Worth of the ten best players", {
            named(f"{r['player']} ({r['card']})", r): Decimal(r["worth"] or 0) for r in best},
            "Player")
    return _apart(report, report.rows, draw)


def _owed_per_casino(report: Report) -> list[dict]:
    def draw(lines: list[dict]) -> dict:
        return _bars("Comps owed at the end of the span", {
            line["casino"]: Decimal(line["closing"]) for line in lines}, "Casino")
    return _apart(report, report.breakdowns.get("by_casino", []), draw)


def _win_per_hour(report: Report) -> list[dict]:
    """The recorded win of each hour over the tables kept, a chart per currency."""
    def draw(rows: list[dict]) -> dict:
        per_hour: dict[str, Decimal] = defaultdict(Decimal)
        for row in rows:
            per_hour[f"{row['gaming_day']} {row['hour']}"] += Decimal(row["win"])
        return _bars("Recorded win per hour", dict(per_hour), "Hour")
    return _apart(report, report.rows, draw)


def _rounds_per_hour(report: Report) -> list[dict]:
    """Each dealer's rounds an hour dealt over the span (a dealer with no hour dealt has
    no bar): not money, so one chart whatever the casinos' currencies."""
    lines = [line for line in report.breakdowns.get("by_dealer", [])
             if line["rounds_per_hour"] is not None]
    named = _casino_named(lines)
    chart = _bars("Rounds an hour", {named(line["dealer_name"], line):
                                     Decimal(str(line["rounds_per_hour"])) for line in lines},
                  "Dealer")
    return [{**chart, "unit": "rounds"}]


def _no_chart(words: str) -> Callable[[Report], list[dict]]:
    return lambda report: [{"kind": NO_CHART, "label": words}]


SERIES: dict[str, Callable[[Report], list[dict]]] = {
    "rake": _rake_per_day,
    "jackpots": _meters,
    "stud": _hold_per_table,
    "master-games": _win_per_pit,
    "slips": _no_chart("No chart: this report accounts for each slip number, not for "
                       "amounts over time; the totals are below."),
    "count": _difference_per_shift,
    "hold": _hold_against_band,
    "players": _worth_per_day,
    "top-players": _top_worth,
    "comp-liability": _owed_per_casino,
    "dealers": _rounds_per_hour,
    "hours": _win_per_hour,
}


def series(report: Report) -> list[dict]:
    """The pictures' numbers, one chart per currency (a percent chart is one): labels,
    values, the axes' titles, as the page's charts read them."""
    return SERIES[report.name](with_currency(report))


def _plot_lines(axes, data: dict) -> None:
    """Each line; a band (its low and high lines) shaded between them, named once in the
    legend by its confidence."""
    points = {name: [float("nan") if v is None else float(v) for v in line["values"]]
              for name, line in data["lines"].items()}
    for name, line in data["lines"].items():
        in_band = data.get("band") and name.startswith("Band")
        axes.plot(line["labels"], points[name], label=None if in_band else name,
                  color=line.get("color"), linestyle="--" if "Expected" in name else "-",
                  linewidth=0.6 if in_band else 1.6, marker="o", markersize=2.5)
    if data.get("band"):
        low, high = (points[name] for name in data["lines"] if name.startswith("Band"))
        labels = next(iter(data["lines"].values()))["labels"]
        axes.fill_between(labels, low, high, color=BAND, alpha=0.15,
                          label=data.get("band_label"))


def png(report: Report) -> bytes:
    """The report's charts as one picture for the PDF, one panel per currency; empty when
    there is nothing to draw."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    # Days as the axis's names, on purpose: not "strings that parse as dates" to log.
    logging.getLogger("matplotlib.category").setLevel(logging.WARNING)

    drawn = [data for data in series(report) if _has_points(data)]
    if not drawn:
        return b""
    figure, panels = pyplot.subplots(len(drawn), 1, figsize=(7.5, 2.6 * len(drawn)),
                                     squeeze=False)
    try:
        for data, axes in zip(drawn, panels[:, 0], strict=True):
            _draw(axes, data)
        figure.tight_layout()
        out = io.BytesIO()
        figure.savefig(out, format="png", dpi=160)
        return out.getvalue()
    finally:
        pyplot.close(figure)


def _has_points(data: dict) -> bool:
    if data["kind"] == NO_CHART:
        return False
    return bool(data["labels"] if data["kind"] == "bar" else data["lines"])


def _draw(axes, data: dict) -> None:
    if data["kind"] == "bar":
        axes.bar(data["labels"], [float(v) for v in data["values"]], color="#2f6f4f")
    else:
        _plot_lines(axes, data)
        for hit in data["hits"]:
            line = data["lines"][hit["progressive_name"]]
            if hit["amount"] and hit["gaming_day"] in line["labels"]:
                at = line["labels"].index(hit["gaming_day"])
                if line["values"][at] is not None:
                    axes.plot([hit["gaming_day"]], [float(line["values"][at])], "rv")
        axes.legend(fontsize=7)
    axes.set_title(data["label"], fontsize=9)
    axes.set_xlabel(data["x_title"], fontsize=7)
    axes.set_ylabel(data["unit"], fontsize=7)
    axes.tick_params(axis="x", labelrotation=60, labelsize=6)
    axes.tick_params(axis="y", labelsize=7)
