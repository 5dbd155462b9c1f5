"""Chips by denomination, and what a table's chips say about its result.

A table's inventory (the tray), a fill or credit slip and a drop box's chips are counts
per denomination; their value is the sum of count x denomination. A banked table's win
for a shift comes from the chips, not the hands: drop + credits - fills + closing
inventory - opening inventory (every chip the tray gained or lost is either a wager
settled, a fill or credit, or chips sold for the cash and markers in the drop box).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from enum import StrEnum

from tables.rules.money import MoneyError, parse_plain_decimal

# The chips a casino uses unless it says otherwise, per currency (value chips only).
STANDARD_DENOMINATIONS: dict[str, tuple[str, ...]] = {
    "USD": ("1", "2.50", "5", "25", "100", "500", "1000", "5000"),
    "GBP": ("1", "2", "5", "10", "25", "100", "500", "1000"),
    "EUR": ("1", "2.50", "5", "10", "25", "100", "500", "1000"),
    "JPY": ("100", "500", "1000", "5000", "10000", "100000"),
    "KRW": ("1000", "5000", "10000", "100000", "500000", "1000000"),
}
DEFAULT_DENOMINATIONS = ("1", "5", "25", "100", "500", "1000")
# The cash a drop box may hold, notes and coins, per currency (a card room's box holds
# the odd coin of a rake).
STANDARD_CASH: dict[str, tuple[str, ...]] = {
    "USD": ("0.01", "0.05", "0.10", "0.25", "0.50", "1", "2", "5", "10", "20", "50", "100"),
    "GBP": ("0.01", "0.02", "0.05", "0.10", "0.20", "0.50", "1", "2", "5", "10", "20", "50"),
    "EUR": ("0.01", "0.02", "0.05", "0.10", "0.20", "0.50", "1", "2", "5", "10", "20", "50",
            "100", "200", "500"),
    "JPY": ("1", "5", "10", "50", "100", "500", "1000", "2000", "5000", "10000"),
    "KRW": ("10", "50", "100", "500", "1000", "5000", "10000", "50000"),
}
DEFAULT_CASH = ("0.01", "0.05", "0.10", "0.25", "0.50", "1", "5", "10", "20", "50", "100")
# The most of one denomination a slip or count may hold: a typo guard, not a rule.
MOST_CHIPS = 100_000
# The most one count may be worth: what the books' money columns hold (14 digits, 2 of
# them cents). A count beyond it is a typo, said as one instead of failing to be stored.
MOST_VALUE = Decimal("999999999999.99")


def standard_denominations(currency: str) -> tuple[Decimal, ...]:
    return tuple(Decimal(d) for d in STANDARD_DENOMINATIONS.get(currency,
                                                               DEFAULT_DENOMINATIONS))


def slip_lines(counts: Mapping[Decimal, int],
               denominations: Iterable[Decimal]) -> list[tuple[Decimal, int, Decimal]]:
    """A slip's lines as a printed slip has them: every denomination of the casino's chips
    (and any other the slip holds), smallest first, each with its count and value (0 where
    none: a blank line cannot be filled in later)."""
    every = sorted(set(denominations) | set(counts))
    return [(d, counts.get(d, 0), d * counts.get(d, 0)) for d in every]


def cash_denominations(currency: str) -> tuple[Decimal, ...]:
    return tuple(Decimal(d) for d in STANDARD_CASH.get(currency, DEFAULT_CASH))


def denomination_key(value: Decimal) -> str:
    """How a denomination is written as a key: '25', '2.50' (no exponent, no '25.00')."""
    normal = value.normalize()
    text = f"{normal:f}"
    return text if "." not in text else f"{value.quantize(Decimal('0.01')):f}"


class ChipError(ValueError):
    """A count that cannot be read: every problem, each with the denomination it is
    about ('' for the whole count)."""

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = problems
        super().__init__("; ".join(message for _, message in problems))


def read_chips(raw: Mapping[str, object], denominations: Iterable[Decimal], *,
               noun: tuple[str, str] = ("chip", "chips")) -> dict[Decimal, int]:
    """A count as typed ({'25': '40', '100': ''}) -> {Decimal('25'): 40}: whole numbers
    of the casino's denominations (of chips, or of another ``noun``, singular and plural:
    ('note or coin', 'notes or coins')), nothing else; empty and zero counts are left
    out."""
    one, many = noun
    known = {denomination_key(d): d for d in denominations}
    counts: dict[Decimal, int] = {}
    problems: list[tuple[str, str]] = []
    for key, value in raw.items():
        text = "" if value is None else str(value).strip()
        if text in ("", "0"):
            continue
        denomination = _denomination(str(key), known)
        if denomination is None:
            problems.append((str(key), f"{key} is not a {one} of this casino; its {many} "
                                       f"are {', '.join(known)}."))
            continue
        if not text.isdigit() or not text.isascii():
            problems.append((str(key), f"'{text}' is not a number of {many}."))
            continue
        if int(text) > MOST_CHIPS:
            problems.append((str(key), f"{text} {many} of {key} is more than "
                                       f"{MOST_CHIPS:,} in one count; check the number."))
            continue
        counts[denomination] = counts.get(denomination, 0) + int(text)
    if not problems and chips_total(counts) > MOST_VALUE:
        problems.append(("", f"These {many} come to {chips_total(counts):,.2f}, more than "
                             f"{MOST_VALUE:,.2f} in one count; check the numbers."))
    if problems:
        raise ChipError(problems)
    return dict(sorted(counts.items()))


def _denomination(key: str, known: Mapping[str, Decimal]) -> Decimal | None:
    try:
        return known.get(denomination_key(parse_plain_decimal(key)))
    except MoneyError:
        return None


def chips_total(counts: Mapping[Decimal, int]) -> Decimal:
    return sum((d * n for d, n in counts.items()), Decimal(0)).quantize(Decimal("0.01"))


def as_stored(counts: Mapping[Decimal, int]) -> dict[str, int]:
    """A count as a JSON object: {'25': 40, '100': 20}."""
    return {denomination_key(d): n for d, n in sorted(counts.items()) if n}


def from_stored(stored: Mapping[str, int]) -> dict[Decimal, int]:
    return {Decimal(k): int(n) for k, n in stored.items()}


def chips_difference(found: Mapping[Decimal, int],
                     expected: Mapping[Decimal, int]) -> dict[Decimal, int]:
    """Per denomination, how many more chips were found than expected (negative: fewer);
    denominations that agree are left out."""
    keys = sorted(set(found) | set(expected))
    return {d: found.get(d, 0) - expected.get(d, 0) for d in keys
            if found.get(d, 0) != expected.get(d, 0)}


def table_win(*, drop: Decimal, credits: Decimal, fills: Decimal, opener: Decimal,
              closer: Decimal) -> Decimal:
    """A banked table's win for a shift from its chips and its drop box."""
    return drop + credits - fills + closer - opener


def hold(win: Decimal, drop: Decimal) -> Decimal | None:
    """Win as a share of drop, to four places; none when nothing was dropped."""
    if not drop:
        return None
    return (win / drop).quantize(Decimal("0.0001"))


class Level(StrEnum):
    """How far an inventory discrepancy goes: every one is noted; from the casino's
    reporting threshold the pit is told; from its escalation threshold, accounting too."""

    NOTED = "noted"
    REPORTED = "reported"
    ESCALATED = "escalated"


def discrepancy_level(difference: Decimal, *, report_at: Decimal,
                      escalate_at: Decimal) -> Level:
    size = abs(difference)
    if size >= escalate_at:
        return Level.ESCALATED
    if size >= report_at:
        return Level.REPORTED
    return Level.NOTED


@dataclass(frozen=True)
class Variance:
    """What the records say against what was counted, and whether the difference is
    large enough that someone must explain it."""

    recorded: Decimal
    counted: Decimal
    threshold: Decimal

    @property
    def difference(self) -> Decimal:
        return self.counted - self.recorded

    @property
    def needs_explaining(self) -> bool:
        return abs(self.difference) > self.threshold


def variance_threshold(amount: Decimal, share: Decimal | None,
                       drop: Decimal | None) -> Decimal:
    """The difference a count may show before someone must explain it: the casino's
    amount, or, where it also sets a share of the drop, that share of this box's drop
    when it is smaller (to the cent, down): $25, or 10% of a $10.60 drop = 1.06."""
    if share is None or drop is None:
        return amount
    return min(amount, (share * abs(drop)).quantize(Decimal("0.01"), rounding=ROUND_DOWN))


def series_to_account(*, last_before: int, highest_in_span: int | None,
                      last_taken: int | None = None) -> range:
    """The numbers of a slip series that a span of gaming days accounts for: after the last
    number issued before the span, up to the highest issued in it and, when the span
    reaches the current gaming day (``last_taken`` given), up to the last number the
    series gave out. Empty when nothing was issued in the span."""
    through = max(highest_in_span or 0, last_taken or 0)
    return range(last_before + 1, through + 1)


def numbers_missing(issued: Iterable[int], expected: range) -> list[int]:
    """The expected numbers that no slip carries, in order."""
    present = set(issued)
    return [number for number in expected if number not in present]
