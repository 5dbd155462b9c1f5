"""Gaming days: the books' calendar. A gaming day starts at a whole local hour (06:00 by
default), so an instant's day depends on the clock of the books that hold it."""

from __future__ import annotations

import datetime as dt
import zoneinfo

from django.conf import settings

DEFAULT_DAY_START = dt.time(6, 0)


def gaming_day_in(moment: dt.datetime, zone: zoneinfo.ZoneInfo,
                  start: dt.time = DEFAULT_DAY_START) -> dt.date:
    """The gaming day an instant belongs to on a clock in ``zone`` whose day starts at
    ``start``: 05:59 belongs to the day before, 06:00 to this one."""
    local = moment.astimezone(zone)
    begins = dt.datetime.combine(local.date(), start, tzinfo=zone)
    return local.date() if local >= begins else local.date() - dt.timedelta(days=1)


def group_gaming_day(moment: dt.datetime) -> dt.date:
    """The gaming day of the group's own books (a wide-area progressive that no one casino
    holds): the project's TIME_ZONE from 06:00."""
    return gaming_day_in(moment, zoneinfo.ZoneInfo(settings.TIME_ZONE))


def books_day(books, moment: dt.datetime) -> dt.date:
    """The books' day: the one answer to which day of a ledger an instant belongs to.
    ``books`` is whoever keeps the ledger: a casino (anything with its ``gaming_day``, on
    its own clock and day start) or None, the group's books (``group_gaming_day``). A
    ledger follows the clock of the books that keep it, never that of the table or
    casino a movement came from: a meter fed by tables in several zones, or a wide-area
    meter, keeps one day for all its entries and hits."""
    return books.gaming_day(moment) if books is not None else group_gaming_day(moment)


def books_day_bounds(books, day: dt.date) -> tuple[dt.datetime, dt.datetime]:
    """The instants a day of the books runs between, [begin, end) (``books_day``'s
    inverse)."""
    return books.day_bounds(day) if books is not None else group_day_bounds(day)


def day_bounds(day: dt.date, zone: zoneinfo.ZoneInfo,
               start: dt.time = DEFAULT_DAY_START) -> tuple[dt.datetime, dt.datetime]:
    """The instants a gaming day runs between, [begin, end): 23 or 25 hours on the days
    the clocks change. In UTC: Python subtracts two times of one zone by their wall
    clocks, which would make every day 24 hours."""
    begin = dt.datetime.combine(day, start, tzinfo=zone)
    end = dt.datetime.combine(day + dt.timedelta(days=1), start, tzinfo=zone)
    return begin.astimezone(dt.UTC), end.astimezone(dt.UTC)


def group_day_bounds(day: dt.date) -> tuple[dt.datetime, dt.datetime]:
    return day_bounds(day, zoneinfo.ZoneInfo(settings.TIME_ZONE))
