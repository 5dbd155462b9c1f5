"""A banked table whose chips decide it opens and closes with its chip shift, and the
tables' log (tables.pit.log) says so: CS-1 closed when its casino began keeping its
inventory here, opened when its opener was signed by both, closed with its closer, in
that order (one test is one transaction: the database's
clock gives both the same time, so the order is the history's own)."""

from __future__ import annotations

import datetime as dt

from django.db import connection

from tables.pit.log import table_log


def test_the_log_opens_and_closes_the_table_with_its_chip_shift(played_shift):
    table = played_shift["table"]
    with connection.cursor() as cursor:  # the history's clock: the database's, not travelled
        cursor.execute("SELECT now()")
        now = cursor.fetchone()[0]
    logged = [(c.table, c.kind, c.who) for c in table_log(
        table.casino, now - dt.timedelta(hours=1), now + dt.timedelta(hours=1))
        if c.kind != "limits"]
    # Closed when the casino began keeping its inventory here (no shift open yet), opened
    # by the dealer's signature completing the opener, closed by the closer.
    assert logged == [("CS-1", "closed", "sam_supervisor"), ("CS-1", "opened", "dana_dealer"),
                      ("CS-1", "closed", "sam_supervisor")]
    table.refresh_from_db()
    assert table.status == "closed"
