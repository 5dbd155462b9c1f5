"""The figures of tests/browser/test_accounting_shift.py's walk through one shift, what
they come to by hand, and what the people do on the pages (a tablet each)."""

from __future__ import annotations

import datetime as dt
import os
import re
from decimal import Decimal as D
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.played import NEW_YORK

SHOTS = os.environ.get("WALK_SHOTS", "")

# --- The figures typed, and what they come to by hand -----------------------------------

OPENER = {"100": 20, "25": 40, "5": 100, "2.50": 15, "1": 20}  # 2,000 + 1,000 + 500 + 37.50 + 20
FILL = {"25": 20, "5": 40}                                      # 500 + 200
CREDIT = {"100": 4, "2.50": 10}                                 # 400 + 25
CLOSER = {"100": 12, "25": 40, "5": 60, "2.50": 9, "1": 20}   # 1,200 + 1,000 + 300 + 22.50 + 20
NOTES = {"100": 5, "20": 30, "5": 7}                            # 500 + 600 + 35
BOX_CHIPS = {"25": 2}                                           # 50
MARKERS, COUPONS = "250.00", "40.00"
OPENED, FILLED, CREDITED, CLOSED = D("3557.50"), D("700.00"), D("425.00"), D("2542.50")
CASH, CHIPS_IN_BOX = D("1135.00"), D("50.00")
DROP = D("1435.00")      # notes 1,135.00 + chips 50.00 + markers 250.00 (coupons apart)
# drop + credits - fills + closer - opener = 1,435 + 425 - 700 + 2,542.50 - 3,557.50
WIN = D("145.00")
HOLD = "0.1010"          # 145 / 1,435 = 0.10104...

# The rounds the dealer deals (US paytable: a raise is twice the ante; the dealer
# qualifies with ace-king; the ante pays 1:1, the raise by the hand), and what the house
# made on each, by hand.
ROUNDS = [
    # ace-king qualifies; queens win the ante 10 and the raise 20 at 1:1; seat 3 folds 5
    ({"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
      "seats": [{"seat": 1, "ante": "10.00", "decision": "raise",
                 "cards": ["Qh", "Qs", "9d", "5c", "3h"]},
                {"seat": 3, "ante": "5.00", "decision": "fold"}]}, D("-25.00")),
    # kings beat ace-queen: 10 + 20 taken; seat 2 folds 5
    ({"dealer_cards": ["Ks", "Kc", "9h", "6d", "3s"],
      "seats": [{"seat": 1, "ante": "10.00", "decision": "raise",
                 "cards": ["Ah", "Qc", "Jd", "8s", "4c"]},
                {"seat": 2, "ante": "5.00", "decision": "fold"}]}, D("35.00")),
    # the straight is paid 5 + 10 x 4 = 45; king-queen loses 25 + 50 = 75; seat 4 folds 5
    ({"dealer_cards": ["Ah", "Kc", "9d", "6s", "3c"],
      "seats": [{"seat": 1, "ante": "5.00", "decision": "raise",
                 "cards": ["9h", "8d", "7c", "6h", "5s"]},
                {"seat": 2, "ante": "25.00", "decision": "raise",
                 "cards": ["Kh", "Qd", "Jc", "8s", "4d"]},
                {"seat": 4, "ante": "5.00", "decision": "fold"}]}, D("35.00")),
    # queens beat jacks: 50 + 100 taken; seat 2 folds 10
    ({"dealer_cards": ["Qc", "Qh", "8d", "4s", "2c"],
      "seats": [{"seat": 1, "ante": "50.00", "decision": "raise",
                 "cards": ["Jh", "Jd", "9s", "5c", "3h"]},
                {"seat": 2, "ante": "10.00", "decision": "fold"}]}, D("160.00")),
]
RECORDED = D("205.00")   # -25 + 35 + 35 + 160
SHORT = D("60.00")       # counted 145.00 against 205.00 recorded: over the $25.00 rule
MINUS = "\N{MINUS SIGN}"  # as the shift's figures write their formulas
FOUND = "Three $20 notes were stuck in the drop slot; security has them on camera."


def worth(counts: dict[str, int]) -> D:
    return sum((D(key) * n for key, n in counts.items()), D(0))


def usd(amount: D) -> str:
    return f"{'-' if amount < 0 else ''}${abs(amount):,.2f}"


def typed(amount: D) -> str:
    """As a form's running total shows it: '3,557.50'."""
    return f"{amount:,.2f}"


def in_words(counts: dict[str, int]) -> str:
    """As the pages list chips, smallest first: '40 x 5, 20 x 25 = $700.00'."""
    parts = ", ".join(f"{n} x {key}" for key, n in sorted(counts.items(), key=lambda p: D(p[0])))
    return f"{parts} = {usd(worth(counts))}"


def at(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=NEW_YORK)


def clock(day: dt.date, hour: int, minute: int = 0) -> str:
    """An instant as the pages write it on the casino's clock."""
    return f"{at(day, hour, minute):%Y-%m-%d %H:%M}"


# --- On the pages ----------------------------------------------------------------------


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def type_counts(page: Page, label: str, counts: dict[str, int]) -> None:
    for key, count in counts.items():
        page.get_by_label(f"{label} of {key}", exact=True).fill(str(count))


def said(page: Page, text: str) -> None:
    expect(page.locator(".messages")).to_contain_text(text)


def chips_row(page: Page):
    return page.locator("table.chips-tables tbody tr").filter(has_text="CS-1")


def sign(page: Page, what: str, role: str, message: str) -> None:
    page.get_by_role("button", name=f"Sign {what} as {role}").click()
    said(page, message)


def figure_lines(page: Page) -> dict[str, str]:
    """The shift's figures beside the records (count and variance pages), by line."""
    figures = page.locator("table.shift-figures")
    expect(figures).to_be_visible()
    return dict(zip(figures.locator("th").all_inner_texts(),
                    figures.locator("td").all_inner_texts(), strict=True))


def report_row(page: Page, label: str) -> dict[str, str]:
    """A report's row of one table, by its columns' headings."""
    row = page.locator("#rows tbody tr").filter(has_text=label)
    expect(row).to_have_count(1)
    headings = page.locator("#rows thead th").all_inner_texts()
    return dict(zip(headings, row.locator("td").all_inner_texts(), strict=True))


def show_report(page: Page, name: str, day: dt.date) -> None:
    page.get_by_role("navigation", name="Reports").get_by_role("link", name=name).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{name} report")
    page.get_by_label("From", exact=True).fill(day.isoformat())
    page.get_by_label("To", exact=True).fill(day.isoformat())
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(rf"from={day.isoformat()}"))
