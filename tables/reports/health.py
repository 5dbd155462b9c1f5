"""What /healthz shows of the closed days and of the rated play's reconciliation
(registered from tables.apps)."""

from __future__ import annotations

from django.db import DatabaseError

from tables.reports import ratings_check
from tables.reports.verification import last_check, summary_words


def last_day_check() -> dict | None:
    """The nightly check of the closed days against the records: when, and whether every
    day matched (the accountant's pages name the problems; this page is open to all)."""
    try:
        check = last_check()
    except DatabaseError:
        return None
    if check is None:
        return {"checked_at": None, "days": 0, "intact": None, "problems": 0,
                "words": summary_words(None)}
    return {"checked_at": check.checked_at.isoformat(), "days": check.days,
            "intact": check.intact, "problems": len(check.findings),
            "words": summary_words(check)}


def last_rating_check() -> dict | None:
    """The nightly reconciliation of the rated play: when, how many closed ratings, and
    how many disagreements (the accountant's closed-days page names each)."""
    try:
        check = ratings_check.last_check()
    except DatabaseError:
        return None
    if check is None:
        return {"checked_at": None, "ratings": 0, "intact": None, "disagreements": 0,
                "words": ratings_check.summary_words(None)}
    return {"checked_at": check.checked_at.isoformat(), "ratings": check.ratings,
            "intact": check.intact, "disagreements": len(check.findings),
            "words": ratings_check.summary_words(check)}
