"""The reports' charts: one series per report, as the pages draw it with Chart.js
(``series``) and the signed PDFs with matplotlib (``svg``; WeasyPrint runs no
JavaScript): rake per day, the meter over time with its hits, hold per table, win per
pit, the count's difference per shift, hold against the band of the hands played. A
report with no chart says so in words."""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Callable
from decimal import Decimal

from tables.reports.figures import Report

NO_CHART = "none"


def _bars(label: str, values: dict[str, Decimal]) -> dict:
    names = sorted(values)
    return {"kind": "bar", "labels": names, "values": [str(values[n]) for n in names],
            "label": label}


def _casino_named(report: Report) -> Callable[[str, dict], str]:
    """How to label a bar: with the row's casino when the report covers several, each
    casino's amounts being in its own currency and never summed together."""
    if len({row.get("casino") for row in report.rows}) > 1:
        return lambda label, row: f"{label} ({row['casino']})"
    return lambda label, row: label


def _rake_per_day(report: Report) -> dict:
    per_day: dict[str, Decimal] = defaultdict(Decimal)
    named = _casino_named(report)
    for row in report.rows:
        per_day[named(row["gaming_day"], row)] += Decimal(row["rake"])
    return _bars("Rake per gaming day", per_day)


def _meters(report: Report) -> dict:
    lines: dict[str, dict] = {}
    for row in report.rows:
        line = lines.setdefault(row["progressive_name"], {"labels": [], "values": []})
        line["labels"].append(row["gaming_day"])
        line["values"].append(row["closing"])
    hits = [{"gaming_day": h["gaming_day"], "progressive_name": h["progressive_name"],
             "amount": h["amount"], "category": h["category"]}
            for h in report.extra.get("hits", [])]
    return {"kind": "line", "lines": lines, "hits": hits,
            "label": "Meter at the end of each gaming day"}


def _hold_per_table(report: Report) -> dict:
    win: dict[str, Decimal] = defaultdict(Decimal)
    handle: dict[str, Decimal] = defaultdict(Decimal)
    for row in report.rows:
        win[row["table_label"]] += Decimal(row["win"])
        handle[row["table_label"]] += Decimal(row["handle"])
    tables = sorted(handle)
    return {"kind": "bar", "labels": tables,
            "values": [str((win[t] / handle[t] * 100).quantize(Decimal("0.01")))
                       if handle[t] else "0" for t in tables],
            "label": "Hold % per table"}


def _win_per_pit(report: Report) -> dict:
    """The master games' win per pit (shifts whose win is known), each pit named with its
    casino when the report covers several (each bar in its casino's currency)."""
    lines = report.breakdowns.get("by_pit", [])
    several = len({line["casino"] for line in lines}) > 1
    return _bars("Win per pit", {
        f"{line['pit']} ({line['casino']})" if several else line["pit"]: Decimal(line["win"])
        for line in lines})


def _difference_per_shift(report: Report) -> dict:
    """Counted minus recorded per gaming day and shift, over the tables counted."""
    per_shift: dict[str, Decimal] = defaultdict(Decimal)
    named = _casino_named(report)
    for row in report.rows:
        if row["difference"] is not None:
            shift = f"{row['gaming_day']} shift {row['shift']}"
            per_shift[named(shift, row)] += Decimal(row["difference"])
    return _bars("Counted minus recorded per shift", per_shift)


def _hold_against_band(report: Report) -> dict:
    """The tables' hold each day (all of the selection's tables together) against the hold
    the game math expects and its band; a day without a band leaves a gap."""
    days = report.extra.get("by_day", [])

    def percent(name: str) -> list:
        return [None if day[name] is None else str(Decimal(day[name]) * 100) for day in days]

    labels = [day["gaming_day"] for day in days]
    lines = {"Hold %": percent("hold"), "Expected hold %": percent("theoretical_hold"),
             "Band low %": percent("low_hold"), "Band high %": percent("high_hold")}
    return {"kind": "line", "band": True, "hits": [],
            "lines": {name: {"labels": labels, "values": values}
                      for name, values in lines.items()},
            "label": "Hold against the band of the hands played" + (
                f" ({report.extra['chart_casino']}; choose a casino for another)"
                if report.extra.get("chart_casino") else "")}


def _no_chart(words: str) -> Callable[[Report], dict]:
    return lambda report: {"kind": NO_CHART, "label": words}


SERIES: dict[str, Callable[[Report], dict]] = {
    "rake": _rake_per_day,
    "jackpots": _meters,
    "stud": _hold_per_table,
    "master-games": _win_per_pit,
    "slips": _no_chart("No chart: this report accounts for each slip number, not for "
                       "amounts over time; the totals are below."),
    "count": _difference_per_shift,
    "hold": _hold_against_band,
}


def series(report: Report) -> dict:
    """The picture's numbers: labels and values, as the page's chart reads them."""
    return SERIES[report.name](report)


def _plot_lines(axes, data: dict) -> None:
    """Each line; a band (its low and high lines) shaded between them."""
    points = {name: [float("nan") if v is None else float(v) for v in line["values"]]
              for name, line in data["lines"].items()}
    for name, line in data["lines"].items():
        axes.plot(line["labels"], points[name], label=name)
    if data.get("band"):
        low, high = (points[name] for name in data["lines"] if name.startswith("Band"))
        labels = next(iter(data["lines"].values()))["labels"]
        axes.fill_between(labels, low, high, color="#2f6f4f", alpha=0.15)


def svg(report: Report) -> str:
    """The report's chart as SVG for the PDF; empty when there is nothing to draw."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    data = series(report)
    if data["kind"] == NO_CHART:
        return ""
    figure, axes = pyplot.subplots(figsize=(7.5, 2.6))
    try:
        if data["kind"] == "bar":
            if not data["labels"]:
                return ""
            axes.bar(data["labels"], [float(v) for v in data["values"]], color="#2f6f4f")
        else:
            if not data["lines"]:
                return ""
            _plot_lines(axes, data)
            for hit in data["hits"]:
                if hit["amount"] and hit["progressive_name"] in data["lines"]:
                    line = data["lines"][hit["progressive_name"]]
                    if hit["gaming_day"] in line["labels"]:
                        at = line["labels"].index(hit["gaming_day"])
                        axes.plot([hit["gaming_day"]], [float(line["values"][at])], "rv")
            axes.legend(fontsize=7)
        axes.set_title(data["label"], fontsize=9)
        axes.tick_params(axis="x", labelrotation=60, labelsize=6)
        axes.tick_params(axis="y", labelsize=7)
        figure.tight_layout()
        out = io.StringIO()
        figure.savefig(out, format="svg")
        text = out.getvalue()
        return text[text.index("<svg"):]
    finally:
        pyplot.close(figure)
