from django import template

register = template.Library()


@register.filter
def words(value) -> str:
    """'one_pair' -> 'one pair', for categories and outcomes shown to staff."""
    return str(value or "").replace("_", " ")
