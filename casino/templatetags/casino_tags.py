from decimal import Decimal, InvalidOperation

from django import template

from casino.common import headings
from casino.common.amounts import as_percent, in_currency
from casino.common.headings import AMOUNT, CODE_WORDS, SHARES

register = template.Library()


@register.filter
def words(value) -> str:
    """'one_pair' -> 'one pair', for categories and outcomes shown to staff."""
    return str(value or "").replace("_", " ")


@register.filter
def heading(name) -> str:
    """'pot_total' -> 'Pot total', 'table_label' -> 'Table': a column as staff name it."""
    return headings.heading(name)


@register.filter
def cell(value, column):
    """A report cell as a page shows it: a share as a percent, an amount (or hours, a
    rate) with its thousands marked (the files keep plain digits), yes or no, a code in
    words, a list joined."""
    if column in SHARES and value not in (None, ""):
        return percent(value, 2)
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, str) and AMOUNT.match(value):
        return f"{Decimal(value):,.2f}"
    if isinstance(value, float | Decimal):  # hours, rates: as many places as they have
        return format(Decimal(str(value)), ",")
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


@register.filter
def amount(value) -> str:
    """An amount in a column whose heading names the currency: '1,083.00' ('' for none)."""
    if value is None or value == "":
        return ""
    return f"{Decimal(str(value)):,.2f}"


@register.filter
def duration_words(seconds) -> str:
    """3000 -> '50 min', 5400 -> '1 h 30 min': time played as the pit says it."""
    if seconds in (None, ""):
        return "—"
    hours, minutes = divmod(int(seconds) // 60, 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min"
