"""Who may read which players, the search staff run at the desk, and a rating's state,
its rated spans and the hands they hold."""

from __future__ import annotations

import datetime as dt

from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone

from casino.common.roles import Role, has_role, is_supervisor
from casino.common.staff import at_casinos_of
from tables.floor.models import Game
from tables.players.models import Player, Rating, RatingChange, RatingFigures, RatingStep
from tables.stud.models import StudRoundVoid, StudSeat

# A search answers this many players at most: the desk narrows by a longer name or the
# card number rather than scroll.
FOUND_AT_MOST = 50


def reads_people(user) -> bool:
    """Supervisors and hosts read names and ratings; accountants read the reports only."""
    return is_supervisor(user) or has_role(user, Role.HOST)


def players_visible_to(user) -> QuerySet[Player]:
    """Every player of the group for those who read people; for a dealer, the players
    seated (rated, not closed) at the tables he deals, whose first name and tier he
    reads; no one for anyone else."""
    if reads_people(user):
        return Player.objects.all()
    if has_role(user, Role.DEALER):
        return Player.objects.filter(pk__in=open_ratings().filter(
            table__dealers=user.pk).values("player"))
    return Player.objects.none()


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


# --- Ratings -------------------------------------------------------------------------------

def open_ratings() -> QuerySet[Rating]:
    """Ratings not closed (open, or paused: the seat is still his)."""
    return Rating.objects.exclude(changes__step=RatingStep.CLOSED)


def state_of(rating: Rating, changes: list[RatingChange] | None = None) -> str:
    """'open', 'paused' or 'closed', from its last change."""
    changes = list(rating.changes.all()) if changes is None else changes
    last = changes[-1].step if changes else None
    return {RatingStep.PAUSED: "paused", RatingStep.CLOSED: "closed"}.get(last, "open")


def spans_of(rating: Rating,
             changes: list[RatingChange]) -> list[tuple[dt.datetime, dt.datetime | None]]:
    """The times he was rated: from the start to each pause or the close, from each
    resume on; an open rating's last span has no end yet (None: every round from then,
    one recorded this very instant too)."""
    spans, start = [], rating.started_at
    for change in changes:
        if change.step in (RatingStep.PAUSED, RatingStep.CLOSED) and start is not None:
            spans.append((start, change.at))
            start = None
        elif change.step == RatingStep.RESUMED and start is None:
            start = change.at
    if start is not None:
        spans.append((start, None))
    return spans


def rated_seats(rating: Rating, spans) -> QuerySet[StudSeat]:
    """His seat's hands in the rounds recorded at his table while he was rated; a voided
    round is never his."""
    during = Q(pk__in=[])
    for start, end in spans:
        during |= (Q(round__recorded_at__gte=start) if end is None else
                   Q(round__recorded_at__gte=start, round__recorded_at__lt=end))
    return (StudSeat.objects.filter(during, round__table=rating.table_id, seat=rating.seat,
                                    round__correction__isnull=True)
            .select_related("round").order_by("round__recorded_at", "round_id"))


def ratings_visible_to(user) -> QuerySet[Rating]:
    """Supervisors and hosts: the ratings at their casinos' tables; a dealer: those at
    the tables he deals; anyone else: none."""
    ratings = Rating.objects.select_related("player", "table__casino")
    if reads_people(user):
        return at_casinos_of(ratings, user, casino="table__casino")
    if has_role(user, Role.DEALER):
        return ratings.filter(table__dealers=user.pk)
    return ratings.none()


def ratings_to_revise(days: int) -> QuerySet[Rating]:
    """Closed ratings of the last ``days`` whose figures may no longer stand: none written
    yet, a stud rating's theoretical win still waiting for its paytable's figures, or a
    round at its table and seat, recorded while it ran, voided since they were written."""
    since = timezone.localdate() - dt.timedelta(days=days)
    last = RatingFigures.objects.filter(rating=OuterRef("pk")).order_by("-revision")
    closed = RatingChange.objects.filter(rating=OuterRef("pk"), step=RatingStep.CLOSED)
    ratings = (Rating.objects.filter(gaming_day__gte=since, changes__step=RatingStep.CLOSED)
               .annotate(stood_at=Subquery(last.values("at")[:1]),
                         waiting=Subquery(last.values("theoretical_win")[:1]),
                         closed_at=Subquery(closed.values("at")[:1])))
    voided_since = StudRoundVoid.objects.filter(
        round__table=OuterRef("table"), round__seats__seat=OuterRef("seat"),
        round__recorded_at__gte=OuterRef("started_at"),
        round__recorded_at__lt=OuterRef("closed_at"), voided_at__gt=OuterRef("stood_at"))
    return (ratings.filter(Q(stood_at__isnull=True)
                           | Q(waiting__isnull=True, table__game=Game.CARIBBEAN_STUD)
                           | Exists(voided_since))
            .order_by("gaming_day", "id"))
