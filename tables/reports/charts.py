"""The charts of the signed PDFs, drawn on the server (WeasyPrint runs no JavaScript):
rake per day, the meter over time with its hits, hold per table. The pages draw the
same series with Chart.js from ``series``."""

from __future__ import annotations

import io
from collections import defaultdict
from decimal import Decimal

from tables.reports.figures import Report


def series(report: Report) -> dict:
    """The picture's numbers: labels and values, as the page's chart reads them."""
    if report.name == "rake":
        per_day: dict[str, Decimal] = defaultdict(Decimal)
        for row in report.rows:
            per_day[row["gaming_day"]] += Decimal(row["rake"])
        days = sorted(per_day)
        return {"kind": "bar", "labels": days, "values": [str(per_day[d]) for d in days],
                "label": "Rake per gaming day"}
    if report.name == "jackpots":
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


def svg(report: Report) -> str:
    """The report's chart as SVG for the PDF; empty when there is nothing to draw."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    data = series(report)
    figure, axes = pyplot.subplots(figsize=(7.5, 2.6))
    try:
        if data["kind"] == "bar":
            if not data["labels"]:
                return ""
            axes.bar(data["labels"], [float(v) for v in data["values"]], color="#2f6f4f")
        else:
            if not data["lines"]:
                return ""
            for name, line in data["lines"].items():
                axes.plot(line["labels"], [float(v) for v in line["values"]], label=name)
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
