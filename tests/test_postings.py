"""The ledgers whose holder row shows the balance (comp accounts, bad-beat funds) move one
way: casino.common.postings. No module of the service writes their entries itself, and
each ledger calls it from one place."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRIES = ("CompEntry", "BadBeatEntry")
WRITES = re.compile(rf"(?<!class )({'|'.join(ENTRIES)})\(|"
                    rf"({'|'.join(ENTRIES)})\.objects\.(get_or_|bulk_|update_or_)?create")


def _service_modules():
    return [path for package in ("casino", "payouts", "tables")
            for path in (ROOT / package).rglob("*.py") if "migrations" not in path.parts]


def test_no_module_writes_a_comp_or_bad_beat_entry_but_through_the_postings():
    writers = sorted(str(path.relative_to(ROOT)) for path in _service_modules()
                     if WRITES.search(path.read_text()))
    assert writers == []


def test_each_ledger_posts_from_one_place():
    callers = sorted((str(path.relative_to(ROOT)), line.split("(")[0].split()[-1])
                     for path in _service_modules()
                     for line in path.read_text().splitlines()
                     if "postings.post(" in line)
    assert callers == [("tables/comps/services.py", "postings.post"),
                       ("tables/poker/services.py", "postings.post")]
