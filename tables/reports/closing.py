"""Closing a gaming day: every report's figures for the day stored once, with a checksum,
never to change. Days close after they end (with a grace for rounds still committing);
closing again is refused by the database. The beat task calls close_ended_days."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging

from django.db import IntegrityError, transaction
from django.db.models import Min
from django.utils import timezone

from casino.common import anchors
from casino.common.days import books_day_bounds
from casino.house.models import Casino
from payouts.jackpots.models import MeterEntry, Progressive
from tables.floor.models import Table
from tables.poker.models import PokerHand, TimeCollection
from tables.reports import jackpots, rake, stud_games
from tables.reports.models import ClosedDay, MeterFigure, RakeFigure, StudFigure
from tables.reports.selection import Selection
from tables.stud.models import StudRound

log = logging.getLogger(__name__)

# A round recorded in the last second of a day may still be committing when it ends.
GRACE = dt.timedelta(minutes=10)


def checksum(figures: dict[str, list[dict]]) -> str:
    """A digest of the day's figures; a meter's reset value is left out, being a setting
    stored beside the figures, not a figure of the ledger."""
    content = {**figures, "meters": [{k: v for k, v in line.items() if k != "seed"}
                                     for line in figures["meters"]]}
    canonical = json.dumps(content, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def _casino_figures(casino: Casino, day: dt.date) -> dict[str, list[dict]]:
    selection = Selection(first=day, last=day, casino=casino)
    return {"rake": rake.live_figures(selection, {}),
            "rake_adjustments": rake.adjustments(selection),
            "stud": stud_games.live_figures(selection, {}),
            "stud_adjustments": stud_games.adjustments(selection)}


def _meter_figures(books: Casino | None, day: dt.date) -> list[dict]:
    lines = []
    meters = Progressive.objects.filter(casino=books).select_related("casino").order_by("pk")
    for progressive in meters:
        lines.extend(jackpots.meter_days(progressive, [day]))
    return lines


@transaction.atomic
def close_day(books: Casino | None, day: dt.date) -> ClosedDay | None:
    """Close one day of a casino's books (None: the group's, which hold only wide-area
    meters). Returns None when the day was already closed.

    The casino's tables are locked first: a recording in flight at one of them commits
    before the snapshot is taken, and one that waits reads the day as closed once it has
    the table (``floor.books.landing_day``), so no record lands on the day unseen."""
    if books is not None:
        list(Table.objects.select_for_update().filter(casino=books).order_by("pk")
             .values_list("pk", flat=True))
    figures = day_figures(books, day)
    try:
        with transaction.atomic():
            closed = ClosedDay.objects.create(casino=books, gaming_day=day,
                                              checksum=checksum(figures))
    except IntegrityError:
        return None
    common = {"closed": closed, "gaming_day": day}
    RakeFigure.objects.bulk_create(
        RakeFigure(**common, **_without(f, "gaming_day")) for f in figures.get("rake", ()))
    StudFigure.objects.bulk_create(
        StudFigure(**common, **_without(f, "gaming_day")) for f in figures.get("stud", ()))
    MeterFigure.objects.bulk_create(
        MeterFigure(**common, **_without(f, "gaming_day")) for f in figures["meters"])
    return closed


def _without(figure: dict, *names: str) -> dict:
    ids = {"table": "table_id", "dealer": "dealer_id", "paytable": "paytable_id",
           "progressive": "progressive_id"}
    return {ids.get(k, k): v for k, v in figure.items() if k not in names}


def _first_day(books: Casino | None) -> dt.date | None:
    """The first gaming day the books hold anything on."""
    if books is None:
        return MeterEntry.objects.filter(progressive__casino__isnull=True).aggregate(
            first=Min("gaming_day"))["first"]
    days = [model.objects.filter(table__casino=books).aggregate(first=Min("gaming_day"))
            ["first"] for model in (StudRound, PokerHand, TimeCollection)]
    days.append(MeterEntry.objects.filter(progressive__casino=books).aggregate(
        first=Min("gaming_day"))["first"])
    days = [d for d in days if d is not None]
    return min(days) if days else None


def _ended(books: Casino | None, day: dt.date, now: dt.datetime) -> bool:
    end = books_day_bounds(books, day)[1]
    return end + GRACE <= now


def close_ended_days(now: dt.datetime | None = None, progress=None) -> int:
    """Close every day of every set of books that has ended and is not closed yet, in
    order; returns how many days were closed."""
    now = now or timezone.now()
    closed = []
    for books in [*Casino.objects.order_by("pk"), None]:
        last = ClosedDay.objects.filter(casino=books).order_by("-gaming_day").first()
        day = last.gaming_day + dt.timedelta(days=1) if last else _first_day(books)
        while day is not None and _ended(books, day, now):
            if close_day(books, day) is not None:
                closed.append(f"{books or 'group books'} {day}")
                if progress:
                    progress(books, day)
            day += dt.timedelta(days=1)
    if closed:
        log.info("closed %s gaming days", len(closed))
        # The closed days and every chain as they stand, anchored outside the database
        # once they are committed (an anchor of figures rolled back would never verify).
        reason = f"closing {', '.join(closed[:3])}" + (
            f" and {len(closed) - 3} more days" if len(closed) > 3 else "")
        transaction.on_commit(lambda: anchors.anchor(reason))
    return len(closed)


def day_figures(books: Casino | None, day: dt.date) -> dict[str, list[dict]]:
    """Everything a closed day stores, computed from the records: the casino's rake and
    stud figures with their adjustments (none for the group's books) and its meters."""
    figures = _casino_figures(books, day) if books is not None else {}
    figures["meters"] = _meter_figures(books, day)
    return figures


def verify_day(closed: ClosedDay) -> bool:
    """Recompute a closed day from the records and compare with its checksum."""
    return checksum(day_figures(closed.casino, closed.gaming_day)) == closed.checksum
