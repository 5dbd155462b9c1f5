"""The signed PDFs of the demo's three weeks (issue 44, point 25): ``python -m bench.reports
--pdfs`` (or ``python -m bench.report_pdfs [--repeat N] [--reuse]``), run by ``bin/bench``.

casino_bench_pdfs, on the server of DATABASE_URL (else postgres@127.0.0.1:5432), is dropped,
migrated and given the demo (``load_demo``: two casinos, three weeks). Each report's PDF of
the whole span is prepared as the export worker prepares it (the report built, its chart
drawn, the PDF written) by today's writer (ReportLab: tables/reports/printing.py) and, in
the same run, by the writer it replaced (WeasyPrint laying out bench/report_pdf_baseline.html,
the template it used): the best of N runs each, wall and CPU seconds, after one warm-up
run that pays for the imports. See docs/benchmarks.md."""

from __future__ import annotations

import argparse
import io
import os
import time
from pathlib import Path

from bench.database import fresh_database

DATABASE = "casino_bench_pdfs"
NAMES = ("rake", "jackpots", "stud", "master-games", "slips", "count", "hold", "players",
         "dealers")
BASELINE = Path(__file__).with_name("report_pdf_baseline.html")


def load_demo(reuse: bool) -> None:
    fresh_database(DATABASE, reuse=reuse)
    from django.core.management import call_command

    from casino.house.models import Casino
    if not Casino.objects.exists():
        call_command("load_demo", debug_off_ok=True, stdout=io.StringIO())


def reports():
    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from casino.house.models import Casino
    from tables.reports.catalog import REPORTS
    from tables.reports.selection import read_selection
    today = Casino.objects.order_by("pk").first().gaming_day(timezone.now())
    span = {"from": str(today - dt.timedelta(days=21)), "to": str(today)}
    accountant = get_user_model().objects.get(username="accountant")
    for name in NAMES:
        kind = REPORTS[name]
        yield name, lambda kind=kind: kind.build(read_selection(span, accountant, kind.filters))


def today_pdf(build) -> bytes:
    from tables.reports import charts, printing
    report = build()
    return printing.pdf_bytes(report, run_by="accountant", chart_png=charts.png(report))


def baseline_pdf(build) -> bytes:
    """The writer before issue 44: the report's HTML laid out by WeasyPrint, its chart an SVG."""
    import matplotlib
    from django.template import engines
    from django.utils import timezone
    from weasyprint import HTML

    from tables.reports import charts
    from tables.reports.exports import NUMBER
    from tables.reports.figures import breakdowns_of
    report = build()
    lines = [*({"line": "day", **r} for r in report.rows),
             *({"line": "adjustment", **a} for a in report.adjustments),
             {"line": "total", **report.totals}]
    matplotlib.use("Agg")
    svg = _svg(charts, report)
    template = engines["django"].from_string(BASELINE.read_text())
    html = template.render({
        "report": report, "columns": report.columns, "lines": lines,
        "text_columns": {c for c in report.columns if any(
            isinstance(line.get(c), str) and line[c] and not NUMBER.match(line[c])
            for line in lines)},
        "breakdowns": breakdowns_of(report), "run_by": "accountant",
        "run_at": timezone.localtime(), "chart_svg": svg,
        "casinos": ", ".join(c.name for c in report.selection.casinos())})
    return HTML(string=html).write_pdf()


def _svg(charts, report) -> str:
    from matplotlib import pyplot
    drawn = [d for d in charts.series(report) if charts._has_points(d)]
    if not drawn:
        return ""
    figure, panels = pyplot.subplots(len(drawn), 1, figsize=(7.5, 2.6 * len(drawn)),
                                     squeeze=False)
    for data, axes in zip(drawn, panels[:, 0], strict=True):
        charts._draw(axes, data)
    out = io.StringIO()
    figure.savefig(out, format="svg")
    pyplot.close(figure)
    return out.getvalue()[out.getvalue().index("<svg"):]


def best(write, build, repeat: int) -> tuple[float, float, int]:
    runs = []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        size = len(write(build))
        runs.append((time.perf_counter() - wall, time.process_time() - cpu, size))
    return min(runs)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--reuse", action="store_true", help="keep a database holding the demo")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    load_demo(args.reuse)
    import logging
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    print(f"The demo's three weeks ({DATABASE}, {time.perf_counter() - started:.0f} s to "
          f"load), {os.cpu_count()} cores: each report's PDF, best of {args.repeat}", flush=True)
    built = list(reports())
    today_pdf(built[0][1]), baseline_pdf(built[0][1])  # warm-up: the imports, the fonts
    print(f"{'report':14} {'rows':>5}  {'today (ReportLab)':>22}  {'before (WeasyPrint)':>22}"
          f"  {'speed-up':>8}")
    for name, build in built:
        now = best(today_pdf, build, args.repeat)
        then = best(baseline_pdf, build, args.repeat)
        print(f"{name:14} {len(build().rows):5}  {now[0]:6.2f} s wall {now[1]:5.2f} cpu  "
              f"{then[0]:6.2f} s wall {then[1]:5.2f} cpu  {then[0] / now[0]:7.1f}x", flush=True)


if __name__ == "__main__":
    main()
