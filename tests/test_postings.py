"""The chained ledgers whose holder row shows the balance (comp accounts, bad-beat funds,
a progressive's meter, reserve and overflow) move one way: casino.common.postings. No
module of the service writes their entries itself (but the meter's seed and its fast
feed, in payouts.jackpots.ledger beside its call), and each ledger calls it from one
place."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRIES = ("CompEntry", "BadBeatEntry", "MeterEntry")
WRITES = re.compile(rf"(?<!class )({'|'.join(ENTRIES)})\(|"
                    rf"({'|'.join(ENTRIES)})\.objects\.(get_or_|bulk_|update_or_)?create")


def _service_modules():
    return [path for package in ("casino", "payouts", "tables")
            for path in (ROOT / package).rglob("*.py") if "migrations" not in path.parts]


def test_no_module_writes_a_ledger_entry_but_through_the_postings():
    writers = sorted(str(path.relative_to(ROOT)) for path in _service_modules()
                     if WRITES.search(path.read_text()))
    assert writers == ["payouts/jackpots/ledger.py"]  # the seed and the fast feed only


def test_each_ledger_posts_from_one_place():
    callers = sorted((str(path.relative_to(ROOT)), line.split("(")[0].split()[-1])
                     for path in _service_modules()
                     for line in path.read_text().splitlines()
                     if re.search(r"postings\.post(_one)?\(", line))
    assert callers == [("payouts/jackpots/ledger.py", "postings.post"),
                       ("tables/comps/services.py", "postings.post_one"),
                       ("tables/poker/services.py", "postings.post_one")]
