"""The meter's ledger has one home (payouts.jackpots.ledger): its fast feed names every
column, and no other module of the service writes an entry."""

from __future__ import annotations

import re
from pathlib import Path

from payouts.jackpots import ledger
from payouts.jackpots.models import MeterEntry

ROOT = Path(__file__).resolve().parents[2]
WRITES = re.compile(r"(?<!class )MeterEntry\(|MeterEntry\.objects\.(get_or_|bulk_)?create")


def test_the_fast_feed_gives_a_value_for_every_column_of_an_entry():
    columns = {f.name for f in MeterEntry._meta.concrete_fields if not f.primary_key}
    assert set(ledger.FEED_VALUES) == columns


def test_only_the_ledger_module_writes_meter_entries():
    writers = sorted(
        str(path.relative_to(ROOT))
        for package in ("casino", "payouts", "tables")
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts and WRITES.search(path.read_text()))
    assert writers == ["payouts/jackpots/ledger.py"]
