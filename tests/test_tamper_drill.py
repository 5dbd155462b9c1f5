"""The owner's tamper drill (scripts/tamper.py) on a stack of its own: every kind of change
the database's owner can make in the books, each found by verify_ledgers."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import missing_service

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_every_tamper_of_the_owners_table_is_detected():
    from scripts.tamper_audit import AUDIT
    from scripts.tamper_cases import CASES

    if not Path("/usr/lib/postgresql").exists() or not shutil.which("psql"):
        missing_service("needs PostgreSQL's server binaries (/usr/lib/postgresql) for a "
                        "cluster of its own")
    assert len(CASES) >= 20
    done = subprocess.run([sys.executable, "scripts/tamper.py", "--history-days", "4"],
                          cwd=ROOT, capture_output=True, text=True, timeout=1800, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "The untouched copy: verifies" in done.stdout
    total = len(CASES) + len(AUDIT)
    counted = re.search(rf"\n(\d+) of {total} tampers detected; (\d+) in the window", done.stdout)
    # The window (a record after the last anchor, removed with its seals) is the only one
    # nothing may see, and only that one (docs/reliability.md).
    assert counted is not None, done.stdout[-2000:]
    assert int(counted[1]) + int(counted[2]) == total
    assert int(counted[2]) <= 1
    assert "MISSED" not in done.stdout
