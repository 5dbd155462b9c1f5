"""What the count team, the supervisors and the accountants read about boxes and
variances: refusals that say what to do, and a variance in words."""

from __future__ import annotations

import datetime as dt

from casino.common.amounts import in_currency
from tables.chips.wording import shift_words
from tables.count.models import BoxCount, Variance, VarianceExplanation


def _at(moment: dt.datetime, zone) -> str:
    return f"{moment.astimezone(zone):%Y-%m-%d %H:%M}"


def not_closed(table, gaming_day: dt.date, shift: int) -> str:
    return (f"{table.label} has no closer for {shift_words(gaming_day, shift)}: its box is "
            "counted after the supervisor records the closer.")


def shift_not_over(table, gaming_day: dt.date, shift: int, ends: dt.datetime) -> str:
    return (f"{table.label}'s {shift_words(gaming_day, shift)} runs until "
            f"{_at(ends, table.casino.zone)}: its box is counted after the shift.")


def counted_already(count: BoxCount) -> str:
    zone = count.table.casino.zone
    return (f"{count.table.label}'s box for {shift_words(count.gaming_day, count.shift)} was "
            f"counted at {_at(count.counted_at, zone)} by {count.counted_by.get_username()} "
            f"and {count.witnessed_by.get_username()}: a box is counted once. If the count "
            "is wrong, correct it (a correction is a new record).")


def explained_already(explanation: VarianceExplanation) -> str:
    zone = explanation.variance.table.casino.zone
    return (f"This variance was explained by {explanation.explained_by.get_username()} at "
            f"{_at(explanation.explained_at, zone)}.")


def variance_words(variance: Variance) -> str:
    """'CS-1 2026-12-01 shift 2: counted win $1,175.00 against $1,250.00 recorded, $75.00
    short (more than $25.00).'"""
    currency = variance.table.casino.currency
    noun = "win" if variance.kind == "win" else "rake"
    side = "short" if variance.difference < 0 else "over"
    return (f"{variance.table.label} {shift_words(variance.gaming_day, variance.shift)}: "
            f"counted {noun} {in_currency(variance.counted, currency)} against "
            f"{in_currency(variance.recorded, currency)} recorded, "
            f"{in_currency(abs(variance.difference), currency)} {side} (more than "
            f"{in_currency(variance.threshold, currency)}).")


def result_noun(table) -> str:
    """What a box is set beside the records by: a banked table's win, a poker table's
    rake."""
    return "rake" if table.is_poker else "win"


def count_outcome(result, variance: Variance | None, threshold) -> str:
    """After a count or a correction: whether the shift matches the records, within the
    casino's threshold, or opened a variance a supervisor explains."""
    table = result.table
    currency = table.casino.currency
    noun = result_noun(table)
    if result.counted is None:
        return "The shift's opener or closer is missing: it cannot be set beside the records."
    if variance is not None:
        return f"It does not match the records: {variance_words(variance)} A supervisor " \
               "explains the variance."
    counted = (f"counted {noun} {in_currency(result.counted, currency)}, recorded "
               f"{in_currency(result.recorded, currency)}")
    if result.difference == 0:
        return f"It matches the records: {counted}."
    return (f"It is within {in_currency(threshold, currency)} of the records ({counted}): "
            "no variance.")


def figures_counted(count: BoxCount, figures) -> str:
    """'CS-1's box for 2026-11-30 shift 1 is counted: drop $600.00.'"""
    return (f"{count.table.label}'s box for {shift_words(count.gaming_day, count.shift)} "
            f"is counted: drop {in_currency(figures.drop, count.table.casino.currency)}.")
