import re
from decimal import Decimal, InvalidOperation

from django import template

from casino.common.amounts import as_percent, in_currency

register = template.Library()


@register.filter
def words(value) -> str:
    """'one_pair' -> 'one pair', for categories and outcomes shown to staff."""
    return str(value or "").replace("_", " ")


# A report's coded values as a page says them (the files and the API keep the codes).
CODE_WORDS = {"not_counted": "not counted yet"}
# A report's columns as a page heads them (the files and the API keep the names).
HEADINGS = {"table_label": "Table", "progressive_name": "Progressive", "dealer_name": "Dealer",
            "pot_total": "Pot total", "count_ref": "Count", "jackpot_handle": "Jackpot side "
            "wagers", "theoretical_win": "Expected win", "theoretical_hold": "Expected hold",
            "low_hold": "Band low", "high_hold": "Band high", "low_win": "Band low win",
            "high_win": "Band high win", "by_casino": "By casino", "by_dealer": "By dealer",
            "by_shift": "By shift", "by_pit": "By pit", "by_game": "By game",
            "by_kind": "By kind", "by_progressive": "By meter",
            "signed_by_dealer": "Dealer's signature",
            "signed_by_supervisor": "Supervisor's signature", "carried_by": "Runner"}
# An amount as the reports write it: plain digits, two places.
AMOUNT = re.compile(r"^-?\d+\.\d\d$")
# Shares shown as percents on a page (the files keep the fraction, four places).
SHARES = {"hold", "theoretical_hold", "low_hold", "high_hold"}


@register.filter
def heading(name) -> str:
    """'pot_total' -> 'Pot total', 'table_label' -> 'Table': a column as staff name it."""
    name = str(name)
    return HEADINGS.get(name) or name.replace("_", " ").capitalize()


@register.filter
def cell(value, column):
    """A report cell as a page shows it: a share as a percent, an amount with its
    thousands marked (the files keep plain digits), yes or no, a code in words, a list
    joined."""
    if column in SHARES and value not in (None, ""):
        return percent(value, 2)
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, str) and AMOUNT.match(value):
        return f"{Decimal(value):,.2f}"
    return join_list(coded(value))


@register.filter
def coded(value):
    return CODE_WORDS.get(value, value) if isinstance(value, str) else value


@register.filter
def rate(fraction) -> str:
    """A stored rate as staff type it: 0.70000 -> '70%', 0.125 -> '12.5%'."""
    return "" if fraction in (None, "") else f"{as_percent(Decimal(str(fraction)))}%"


@register.filter
def get_item(mapping, key):
    """A dict's value by a key held in a variable (a report's column); a list's by index."""
    if isinstance(mapping, list | tuple):
        return mapping[key] if isinstance(key, int) and -len(mapping) <= key < len(mapping) \
            else None
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def join_list(value):
    """A list (a row's paytable versions) as 'a, b'; anything else unchanged."""
    return ", ".join(map(str, value)) if isinstance(value, list | tuple) else value


@register.filter
def percent(value, places: int = 3) -> str:
    """A decimal fraction as a percentage: '0.052243057716' -> '5.224%'."""
    try:
        share = Decimal(str(value)) * 100
    except (InvalidOperation, TypeError):
        return ""
    return f"{share:.{int(places)}f}%"


@register.filter
def money(amount, currency: str) -> str:
    """An amount in the casino's money as staff read it: '$1,000.00' ('—' for none)."""
    if amount is None or amount == "":
        return "—"
    return in_currency(Decimal(str(amount)), currency)
