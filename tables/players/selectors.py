"""Who may read which players, and the search staff run at the desk."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from casino.common.roles import Role, has_role, is_supervisor
from tables.players.models import Player

# A search answers this many players at most: the desk narrows by a longer name or the
# card number rather than scroll.
FOUND_AT_MOST = 50


def reads_people(user) -> bool:
    """Supervisors and hosts read names and ratings; accountants read the reports only."""
    return is_supervisor(user) or has_role(user, Role.HOST)


def players_visible_to(user) -> QuerySet[Player]:
    """Every player of the group for those who read people; no one for anyone else. (A
    dealer reads the first name and tier of the players seated at his tables, through
    the table, once seating exists: issue 29's ratings.)"""
    return Player.objects.all() if reads_people(user) else Player.objects.none()


def search(players: QuerySet[Player], words: str) -> QuerySet[Player]:
    """By card number (exact, as printed) or by name (every word a part of it)."""
    words = " ".join(str(words or "").split())
    if not words:
        return players
    found = Q(card=words.upper())
    by_name = Q()
    for word in words.split():
        by_name &= Q(name__icontains=word)
    return players.filter(found | by_name)
