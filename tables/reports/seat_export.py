"""Every stud seat result of a span as CSV, the rows streamed straight from PostgreSQL's
COPY: the service adds no per-row work, so memory stays flat whatever the span. Text
cells that a spreadsheet would run as a formula get a leading apostrophe in the query."""

from __future__ import annotations

from collections.abc import Iterator

from django.contrib.auth import get_user_model
from django.db import connection
from django.http import StreamingHttpResponse

from tables.reports import exports
from tables.reports.selection import Selection


def _safe(column: str) -> str:
    return (f"CASE WHEN left({column}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') "
            f"THEN '''' || {column} ELSE {column} END")


def query(selection: Selection) -> tuple[str, list]:
    users = get_user_model()._meta.db_table
    where, params = ["r.gaming_day BETWEEN %s AND %s"], [selection.first, selection.last]
    for column, chosen in (("t.casino_id", selection.casino), ("t.id", selection.table),
                           ("r.dealer_id", selection.dealer)):
        if chosen is not None:
            where.append(f"{column} = %s")
            params.append(chosen.pk)
    where.append("t.casino_id = ANY(%s)")
    params.append([c.pk for c in selection.casinos()])
    sql = f"""
SELECT r.gaming_day, {_safe('t.label')} AS table_label, r.id AS round, s.seat,
       {_safe('u.username')} AS dealer, r.shift, s.ante, s.decision,
       CASE WHEN s.decision = 'raise' THEN s.ante * 2 ELSE 0 END AS bet,
       s.progressive_wager AS jackpot_wager, s.side_wager, s.category, s.outcome,
       s.ante_result, s.bet_result, r.void AS round_void, v.id IS NOT NULL AS voided,
       r.recorded_at
  FROM tables_studseat AS s
  JOIN tables_studround AS r ON r.id = s.round_id
  JOIN tables_table AS t ON t.id = r.table_id
  JOIN {users} AS u ON u.id = r.dealer_id
  LEFT JOIN tables_studroundvoid AS v ON v.round_id = r.id
 WHERE {' AND '.join(where)}
 ORDER BY r.gaming_day, r.id, s.seat"""
    return sql, params


def copy_sql(selection: Selection) -> tuple[str, list]:
    sql, params = query(selection)
    return f"COPY ({sql}) TO STDOUT WITH (FORMAT csv, HEADER)", params


def stream(selection: Selection) -> Iterator[bytes]:
    sql, params = copy_sql(selection)
    connection.ensure_connection()
    with connection.connection.cursor() as cursor, cursor.copy(sql, params) as copy:
        for block in copy:
            yield bytes(block)


def csv_response(selection: Selection) -> StreamingHttpResponse:
    response = StreamingHttpResponse(stream(selection), content_type=exports.CONTENT_TYPES["csv"])
    return exports.attach(
        response, f"stud-seats-{selection.first:%Y%m%d}-{selection.last:%Y%m%d}.csv")
