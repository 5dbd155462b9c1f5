"""Server-side binding and prepared statements (DATABASE_PREPARED_STATEMENTS=1): the
floor's statements are prepared once per connection, and the audit context still reaches
every audited write, sent as a statement of its own (casino.common.audit_statements)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from casino.common import audit_statements
from tests.helpers import linked_floor, random_round, reconciles

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def prepared(transactional_db):
    """The test's connection as the setting makes it, and pghistory's context sent apart."""
    options = connection.settings_dict["OPTIONS"]
    before = dict(options)
    connection.close()
    options.update(server_side_binding=True, prepare_threshold=2)
    audit_statements.send_context_apart(True)
    yield
    audit_statements.send_context_apart(False)
    connection.close()
    options.clear()
    options.update(before)


def prepared_here() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_a_round_repeated_is_prepared_and_the_books_still_balance(prepared):
    import random

    from casino.common import chains
    from tables.stud.services import stud_round_record

    meter, tables = linked_floor()
    table, dealer = tables[0]
    rng = random.Random(3)
    for _ in range(4):
        dealer_cards, seats = random_round(rng)
        stud_round_record(actor=dealer, table=table, dealer_cards=dealer_cards, seats=seats)

    statements = prepared_here()
    assert any("INSERT INTO" in s and "tables_studround" in s for s in statements), statements
    assert any("payouts_progressive" in s for s in statements), statements
    reconciles(meter.pk)
    assert chains.breaks() == []


def test_an_audited_change_keeps_who_and_why_with_the_context_sent_apart(
        prepared, supervisor, live_table):
    from django.test.utils import CaptureQueriesContext

    from casino.common import audit
    from tables.floor.services import table_update

    with CaptureQueriesContext(connection) as sent, audit.changed_by(supervisor, "evening"):
        table_update(actor=supervisor, table=live_table, label="CS-7")
    event = live_table.events.order_by("-pgh_id").first()
    assert event.label == "CS-7"
    assert event.pgh_context.metadata["user"] == supervisor.pk
    # (A statement run prepared has no text for Django to show: None.)
    sql = [q["sql"] or "" for q in sent.captured_queries]
    writes = [text for text in sql if text.startswith("UPDATE")]
    assert writes
    # Each write alone in its call (the context went just before it, its own statement;
    # the event above has it): nothing injected into the write.
    assert not any("set_config" in text for text in writes)


def test_prepared_statements_refuse_to_go_through_pgbouncer():
    env = {**os.environ, "DATABASE_PREPARED_STATEMENTS": "1", "DATABASE_PGBOUNCER": "1"}
    done = subprocess.run([sys.executable, "-c", "import django; from django.conf import "
                           "settings; settings.DATABASES"], cwd=ROOT, capture_output=True,
                          text=True, env={**env, "DJANGO_SETTINGS_MODULE": "casino.settings"},
                          timeout=60)
    assert done.returncode != 0
    assert "DATABASE_PREPARED_STATEMENTS=1 cannot go with DATABASE_PGBOUNCER=1" in done.stderr
