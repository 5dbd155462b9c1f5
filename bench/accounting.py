"""The table-game accounting reports over a year of gaming days (issue 17): ``bin/bench``,
or ``python -m bench.accounting [--days N] [--repeat N] [--small] [--reuse]``.

casino_bench_accounting, on the server of DATABASE_URL (else postgres@127.0.0.1:5432), is
dropped, migrated and filled: the casino, its people (supervisor, dealers, cage, a count
team of two, accountant) and 48 tables through the services, then the year ending two days
ago loaded by bench/accounting_load.py with COPY (``--small``: a month; ``--reuse`` keeps a
database that holds it). Measured as the accountant through Django's test client, median
of 3: the master games report for a day, a month and the year, the statistical hold for a
day and the year, recorded against counted for a month, the slip series for a month and
the year, and the master games files of a month; beside them the same figures by one
hand-written SQL statement over the same rows. See docs/benchmarks.md."""

from __future__ import annotations

import argparse
import datetime as dt
import logging
import os
import platform
import statistics
import time

import psycopg

from bench.accounting_load import COLUMNS, POKER_TABLES, STUD_TABLES, build_floor, load_days
from bench.database import fresh_database

DATABASE = "casino_bench_accounting"
# Per gaming day, shift and table: the drop (the count's latest figures), fills and
# credits (slips not void), opener and closer, the win; what the master games report sums.
MASTER_SQL = """
WITH boxes AS (
    SELECT b.table_id, b.gaming_day, b.shift, coalesce(
        (SELECT c.drop FROM tables_countcorrection c WHERE c.count_id = b.id
          ORDER BY c.id DESC LIMIT 1), b.drop) AS drop
      FROM tables_boxcount b WHERE b.gaming_day BETWEEN %(first)s AND %(last)s),
moved AS (
    SELECT r.table_id, r.gaming_day, r.shift,
           sum(r.total) FILTER (WHERE r.kind = 'fill') AS fills,
           sum(r.total) FILTER (WHERE r.kind = 'credit') AS credits
      FROM tables_chiprequest r JOIN tables_chipslip s ON s.request_id = r.id
     WHERE r.gaming_day BETWEEN %(first)s AND %(last)s
       AND NOT EXISTS (SELECT 1 FROM tables_chipslipvoid v WHERE v.slip_id = s.id)
     GROUP BY 1, 2, 3),
trays AS (
    SELECT table_id, gaming_day, shift,
           sum(total) FILTER (WHERE kind = 'opener') AS opener,
           sum(total) FILTER (WHERE kind = 'closer') AS closer
      FROM tables_inventoryslip WHERE gaming_day BETWEEN %(first)s AND %(last)s
     GROUP BY 1, 2, 3)
SELECT gaming_day, shift, t.label, t.game, t.pit, b.drop, m.fills, m.credits, i.opener,
       i.closer, b.drop + coalesce(m.credits, 0) - coalesce(m.fills, 0) + i.closer - i.opener
  FROM boxes b FULL JOIN trays i USING (table_id, gaming_day, shift)
       LEFT JOIN moved m USING (table_id, gaming_day, shift)
       JOIN tables_table t ON t.id = table_id
 ORDER BY gaming_day, shift, t.label"""
# Per gaming day, shift and banked table: the rounds' house win against the counted win.
COUNT_SQL = """
WITH recorded AS (
    SELECT r.table_id, r.gaming_day, r.shift, sum(-(s.ante_result + s.bet_result)) AS won
      FROM tables_studround r JOIN tables_studseat s ON s.round_id = r.id
     WHERE r.gaming_day BETWEEN %(first)s AND %(last)s
       AND NOT EXISTS (SELECT 1 FROM tables_studroundvoid v WHERE v.round_id = r.id)
     GROUP BY 1, 2, 3)
SELECT table_id, gaming_day, shift, won, b.drop, v.difference
  FROM recorded JOIN tables_boxcount b USING (table_id, gaming_day, shift)
  LEFT JOIN (SELECT count_id, difference FROM tables_variance) v ON v.count_id = b.id
 ORDER BY gaming_day, shift, table_id"""


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--small", action="store_true", help="a month of gaming days")
    parser.add_argument("--reuse", action="store_true", help="keep a database holding the data")
    args = parser.parse_args(argv)
    if args.small:
        args.days = 31
    args.last = dt.datetime.now(dt.UTC).date() - dt.timedelta(days=2)
    args.first = args.last - dt.timedelta(days=args.days - 1)
    return args


def prepare(args) -> list[tuple]:
    """The database with the days loaded (or reused); the span it holds in args."""
    os.environ.pop("REDIS_URL", None)   # the game math computed in this process
    fresh_database(DATABASE, reuse=args.reuse)
    from django.db.models import Max, Min

    from tables.count.models import BoxCount
    if args.reuse and BoxCount.objects.exists():
        span = BoxCount.objects.aggregate(first=Min("gaming_day"), last=Max("gaming_day"))
        args.first, args.last = span["first"], span["last"]
        args.days = (args.last - args.first).days + 1
        print(f"reusing {DATABASE}: {args.first} to {args.last}", flush=True)
        return []
    print(f"building {DATABASE}: {STUD_TABLES} stud and {POKER_TABLES} poker tables, "
          f"{args.first} to {args.last}", flush=True)
    started = time.perf_counter()
    floor = build_floor()
    built = time.perf_counter()
    load_days(floor, args)
    loaded = time.perf_counter()
    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("VACUUM (ANALYZE)")   # as autovacuum would leave it; hint bits set
    return [("build the floor (services, game math), load the days (COPY, seals), VACUUM",
             f"{args.days} days", f"{built - started:.0f} s + {loaded - built:.0f} s + "
             f"{time.perf_counter() - loaded:.0f} s", "")]


def timed(action, repeat: int) -> tuple[float, object]:
    """The median time of ``repeat`` runs (one when the first takes over 30 s)."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
        if times[0] > 30:
            break
    return statistics.median(times), result


def get(client, name: str, span, fmt: str = "json"):
    query = {"from": span[0], "to": span[1], **({} if fmt == "json" else {"format": fmt})}
    response = client.get(f"/api/v1/reports/{name}/", query)
    assert response.status_code == 200, response.content[:300]
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return body, response


def report(client, name: str, label: str, span, repeat: int, fmt: str = "json") -> tuple:
    seconds, (body, response) = timed(lambda: get(client, name, span, fmt), repeat)
    target = 2 if label in ("day", "month") else 10
    size = f"{len(body) / 1e3:,.0f} kB"
    if fmt == "json":
        data = response.json()
        lines = len(data["rows"])
        size += f", {lines:,} rows" + (f", {len(data['to_date']):,} to-date lines"
                                       if "to_date" in data else "")
        assert lines, f"{name} {label}: an empty report measures nothing"
    return (f"{name} {fmt.upper()}", label, f"{seconds:.2f} s ({size})", f"< {target} s",
            "yes" if seconds < target else "**no**")


def prepared(name: str, label: str, span, fmt: str) -> tuple:
    """A file the report's page prepares, written by the export task in this process."""
    from django.contrib.auth.models import User

    from tables.reports.exports import write_export
    from tables.reports.models import ExportJob

    job = ExportJob.objects.create(report=name, format=fmt, requested_by=User.objects.get(
        username="bench_accountant"), query={"from": str(span[0]), "to": str(span[1])})
    seconds, _ = timed(lambda: write_export(job.pk), 1)
    job.refresh_from_db()
    assert job.status == "done", job.message
    return (f"{name} {fmt.upper()}, prepared by the worker", label,
            f"{seconds:.2f} s ({len(job.content) / 1e3:,.0f} kB)", "", "")


def baseline(sql: str, name: str, label: str, span, repeat: int) -> tuple:
    from django.db import connection

    def run():
        with connection.cursor() as cursor:
            cursor.execute(sql, {"first": span[0], "last": span[1]})
            return cursor.fetchall()
    seconds, rows = timed(run, repeat)
    return (f"{name}: one SQL statement (peer)", label,
            f"{seconds:.2f} s ({len(rows):,} rows)", "", "")


def measure(client, args) -> list[tuple]:
    end = args.last if (args.last + dt.timedelta(days=1)).day == 1 else \
        args.last.replace(day=1) - dt.timedelta(days=1)
    spans = {"day": (end, end), "month": (max(args.first, end.replace(day=1)), end),
             "year": (args.first, args.last)}
    r, rows = args.repeat, []
    for label in ("day", "month", "year"):
        rows += [report(client, "master-games", label, spans[label], r),
                 baseline(MASTER_SQL, "master-games", label, spans[label], r)]
    rows += [report(client, "hold", label, spans[label], r) for label in ("day", "year")]
    rows += [report(client, "count", "month", spans["month"], r),
             baseline(COUNT_SQL, "count", "month", spans["month"], r)]
    rows += [report(client, "slips", label, spans[label], r) for label in ("month", "year")]
    rows += [report(client, "master-games", "month", spans["month"], r, fmt)
             for fmt in ("csv", "xlsx")]
    # The API writes a PDF of at most 1,000 rows while one waits; a month's is prepared
    # by the worker's export task, timed here as the worker runs it.
    rows += [report(client, "master-games", "day", spans["day"], r, "pdf"),
             prepared("master-games", "month", spans["month"], "pdf")]
    print(f"\nday {spans['day'][0]}, month {spans['month'][0]} to {spans['month'][1]}, year "
          f"{args.first} to {args.last}; median of {args.repeat} runs")
    return rows


def describe() -> str:
    from django.db import connection
    tables = list(COLUMNS)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {', '.join(f'(SELECT count(*) FROM {t})' for t in tables)}, "
                       "(SELECT count(*) FROM tables_recordseal), "
                       "pg_size_pretty(pg_database_size(current_database())), version()")
        *counts, seals, size, version = cursor.fetchone()
    return (", ".join(f"{n:,} {t.removeprefix('tables_')}" for n, t in zip(counts, tables,
                                                                               strict=True))
            + f", {seals:,} record seals; {size}\n{version.split(' (')[0]}, Python "
            f"{platform.python_version()}, {os.cpu_count()} cores")


def main(argv=None) -> None:
    args = parse(argv)
    rows = prepare(args)
    for name in ("weasyprint", "weasyprint.progress"):   # a line a page, a line a style
        logging.getLogger(name).setLevel(logging.ERROR)
    from django.contrib.auth.models import User
    from django.test import Client
    client = Client()
    client.force_login(User.objects.get(username="bench_accountant"))
    rows += measure(client, args)
    print(f"{describe()}\n\n| measure | span | measured | target | met |\n|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
