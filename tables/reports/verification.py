"""The nightly check of the closed days (issue 26): every closed day of every set of books
set against the records, kept as a ``DayCheck`` that /healthz and the accountant's pages
show in words.

Three things are checked for each closed day:

- its figures recomputed from the records give the checksum stored when it closed (a
  record of the day changed, removed or slipped in since: ``closing.verify_day``);
- where they do, its stored figures, which the reports read, are those same figures (a
  figure changed behind the service);
- no record of the kinds its figures are made of (rounds, hands, time collections, voids,
  meter entries) is stored on it, or on a day before it, after it closed: such a record
  is in no report (``floor.books`` refuses it; only someone at the database could add
  it). Openers, closers, slips and counts are read live and land on closed days by
  design (a box is counted the morning after), so they are not looked for."""

from __future__ import annotations

from collections import Counter, defaultdict
from decimal import Decimal

from django.db.models import Exists, OuterRef, Q

from payouts.jackpots.models import MeterEntry
from tables.poker.models import PokerHand, PokerHandVoid, TimeCollection, TimeCollectionVoid
from tables.reports import closing, rake, stud_games
from tables.reports.models import ClosedDay, DayCheck, MeterFigure, RakeFigure, StudFigure
from tables.stud.models import StudRound, StudRoundVoid

# The records a closed day's figures are made of: (model, the path to its books' casino,
# when it was written, its noun).
SNAPSHOT_RECORDS = (
    (StudRound, "table__casino", "recorded_at", "stud round"),
    (PokerHand, "table__casino", "recorded_at", "poker hand"),
    (TimeCollection, "table__casino", "recorded_at", "time collection"),
    (StudRoundVoid, "round__table__casino", "voided_at", "void of a stud round"),
    (PokerHandVoid, "hand__table__casino", "voided_at", "void of a poker hand"),
    (TimeCollectionVoid, "collection__table__casino", "voided_at", "void of a time collection"),
    (MeterEntry, "progressive__casino", "created_at", "meter entry"),
)
STORED = (  # each stored figure as its (keys, measures), the closed day's list it holds
    ("rake", RakeFigure, ("table", "dealer", "shift"), rake.MEASURES),
    ("stud", StudFigure, ("table", "dealer", "shift", "paytable"), stud_games.MEASURES),
    ("meters", MeterFigure, ("progressive", "meter"),
     ("opening", "contributions", "wagers", "awards", "resets", "corrections", "closing",
      "hits")),
)
IDS_NAMED = 10


def _finding(closed_casino, day, problem: str) -> dict:
    return {"casino": closed_casino.pk if closed_casino else None,
            "books": closed_casino.name if closed_casino else "Group books (wide-area meters)",
            "gaming_day": day.isoformat(), "problem": problem}


def _value(value):
    """A figure as it compares: 5 and 5.00 are one figure; a meter's name stays a name."""
    return value if isinstance(value, str) else Decimal(value or 0)


def _lines(rows, names) -> Counter:
    return Counter(tuple(_value(row[n]) for n in names) for row in rows)


def _stored_differs(closed: ClosedDay, figures: dict) -> list[str]:
    """The kinds of the day's stored figures that differ from its records' figures."""
    differ = []
    for name, model, keys, measures in STORED:
        names = (*keys, *measures)
        stored = model.objects.filter(closed=closed).values(*names)
        if _lines(stored, names) != _lines(figures.get(name, []), names):
            differ.append(name)
    return differ


def _day_findings(closed: ClosedDay) -> list[dict]:
    figures = closing.day_figures(closed.casino, closed.gaming_day)
    if closing.checksum(figures) != closed.checksum:
        return [_finding(closed.casino, closed.gaming_day,
                         "its figures recomputed from the records no longer give the "
                         "checksum stored when it closed: a record of that day was changed, "
                         "removed or added behind the service.")]
    # The records are as they were when the day closed: the stored figures must be theirs.
    differ = _stored_differs(closed, figures)
    if differ:
        return [_finding(closed.casino, closed.gaming_day,
                         f"its stored {' and '.join(differ)} figures, which the reports show, "
                         "differ from its records: they were changed behind the service.")]
    return []


def _late(model, casino_path: str, stamp: str, noun: str) -> list[dict]:
    """Records of this kind stored on a closed day (or before it) after that day closed."""
    closed_after = ClosedDay.objects.filter(gaming_day__gte=OuterRef("gaming_day"),
                                            closed_at__lt=OuterRef(stamp))
    held = closed_after.filter(casino=OuterRef(casino_path))
    group = closed_after.filter(casino__isnull=True)
    late = model.objects.filter(
        Exists(held) | (Q(**{f"{casino_path}__isnull": True}) & Exists(group)))
    by_day = defaultdict(list)
    for pk, casino, day in late.values_list("pk", casino_path, "gaming_day").order_by("pk"):
        by_day[(casino, day)].append(pk)
    return [{"casino": casino, "gaming_day": day, "noun": noun, "ids": ids}
            for (casino, day), ids in by_day.items()]


def _late_findings(books: dict) -> list[dict]:
    found = []
    for model, casino_path, stamp, noun in SNAPSHOT_RECORDS:
        for late in _late(model, casino_path, stamp, noun):
            ids = late["ids"]
            named = ", ".join(str(i) for i in ids[:IDS_NAMED]) + (" ..." if len(ids) >
                                                                    IDS_NAMED else "")
            plural = "s" if len(ids) > 1 else ""
            found.append(_finding(books.get(late["casino"]), late["gaming_day"],
                                  f"{len(ids)} {noun}{plural} (number{plural} {named}) "
                                  f"{'were' if plural else 'was'} stored on it after it "
                                  "closed: in no report. Only someone at the database "
                                  "could have added them."))
    return found


def check_closed_days() -> DayCheck:
    """Check every closed day and keep the result (the beat's nightly task)."""
    days, findings = closed_day_findings()
    return DayCheck.objects.create(days=days, findings=findings)


def closed_day_findings() -> tuple[int, list[dict]]:
    """How many closed days there are, and every problem found in them."""
    days = list(ClosedDay.objects.select_related("casino").order_by("gaming_day", "casino"))
    findings = []
    for closed in days:
        findings.extend(_day_findings(closed))
    books = {closed.casino_id: closed.casino for closed in days if closed.casino_id}
    findings.extend(_late_findings(books))
    findings.sort(key=lambda f: (f["gaming_day"], f["books"]))
    return len(days), findings


def ledger_breaks() -> list[dict]:
    """The closed days' problems as `verify_ledgers` names its breaks."""
    return [{"ledger": "closed days", "entry": f"{f['books']} {f['gaming_day']}",
             "broken": f["problem"], "chain": {},
             "sentence": f"The closed day {f['gaming_day']} of {f['books']}: {f['problem']}"}
            for f in closed_day_findings()[1]]


def last_check() -> DayCheck | None:
    return DayCheck.objects.order_by("-checked_at").first()


def summary_words(check: DayCheck | None, findings: list[dict] | None = None) -> str:
    """The check in a sentence (``findings``: those the reader may see, else all)."""
    if check is None:
        return ("The closed days have not been checked against the records yet: the check "
                "runs every night.")
    found = check.findings if findings is None else findings
    if not found:
        return (f"Every closed day checked ({check.days}) matches its records: figures, "
                "checksums, and nothing stored on a closed day after it closed.")
    return (f"{len(found)} problem{'s' if len(found) > 1 else ''} found in the closed days: "
            "what the reports show for a closed day no longer agrees with the records. The "
            "Closed days page names each.")
