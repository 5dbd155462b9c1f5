"""Everything `verify_ledgers`, the nightly check and /healthz hold the books against, in
one call: the database's own hash chains (its first line), the service's signatures (the
proof, casino.common.proof) and the anchors kept outside the database. "Intact" needs all
of them; the signatures alone decide without trusting the checked database. And the
database's guards themselves (its triggers, functions and grants: casino.common.shape)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from django.db import DatabaseError, transaction

from casino.common import anchors, chains, proof, seals, shape

_MORE: list[Callable[[], list[dict]]] = []


def also(check: Callable[[], list[dict]]) -> None:
    """An app's own check of the books, run with the rest (the closed days against their
    records: tables.reports.verification), registered from its ready()."""
    if check not in _MORE:
        _MORE.append(check)


def breaks(against: Path | None = None) -> list[dict]:
    """Every break found, each in the shape chains.sentence() words; ``against``: a copy
    of the anchors kept elsewhere (casino.common.anchor_copies)."""
    found = (_first_line() + proof.breaks() + anchors.verify_anchors(against)
             + shape.breaks())
    for check in _MORE:
        found += check()
    return found


def _first_line() -> list[dict]:
    """The database's own seals and hash chains. Its functions are the owner's to replace:
    one that fails is a break to report, not a reason to stop before the proof."""
    try:
        with transaction.atomic():
            seals.seal_pending()
            return chains.breaks()
    except DatabaseError as error:
        said = str(error).splitlines()[0]
        return [{"ledger": "database", "entry": "checks", "broken": said, "chain": {},
                 "sentence": "The database's own checks could not run (its sealing "
                             f"functions were changed?): {said}."}]
