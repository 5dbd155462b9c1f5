"""Who may read which players, the search staff run at the desk, and a rating's state,
its rated spans and the hands they hold."""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Case, Exists, F, OuterRef, Q, QuerySet, Subquery, Sum, When
from django.db.models.functions import Coalesce
from django.utils import timezone

from casino.common.roles import Role, has_role, is_group_supervisor, is_supervisor
from casino.house.staff import at_casinos_of
from tables.floor.models import Game
from tables.players.models import (
    Player,
    PlayerNote,
    Rating,
    RatingChange,
    RatingFigures,
    RatingStep,
)
from tables.stud.models import StudRoundVoid, StudSeat

# A search answers this many players at most: the desk narrows by a longer name or the
# card number rather than scroll.
FOUND_AT_MOST = 50
ZERO = Decimal("0.00")


def reads_people(user) -> bool:
    """Supervisors and hosts read names and ratings; the group supervisors too, who lift
    a group-wide exclusion (their ratings and comps are of the casinos they work at: none);
    accountants read the reports only."""
    return is_supervisor(user) or has_role(user, Role.HOST) or is_group_supervisor(user)


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


# The orders of the players' page (the host's): the key, in words.
ORDERS = {"name": "Name", "worth": "Worth, the most first", "last_visit":
          "Last visit, the latest first", "mine": "My players first",
          "notes": "Latest note first"}


def players_listed(players: QuerySet[Player], *, viewer, casino, order: str,
                   mine: bool = False) -> QuerySet[Player]:
    """The players with what the host sorts them by: ``worth`` (his ratings' worth at
    ``casino`` as their figures last stood; null without a stud rating there),
    ``last_visit`` (his latest gaming day there), ``noted_at`` and ``note`` (the latest
    note); ``mine``: only those ``viewer`` is the host of."""
    later = RatingFigures.objects.filter(rating=OuterRef("rating"),
                                         revision__gt=OuterRef("revision"))
    stood = (RatingFigures.objects.filter(rating__player=OuterRef("pk"),
                                          rating__table__casino=casino,
                                          theoretical_win__isnull=False)
             .exclude(Exists(later)).order_by().values("rating__player")
             .annotate(total=Sum(F("theoretical_win") + Coalesce("strategy_cost", ZERO)))
             .values("total"))
    visits = (Rating.objects.filter(player=OuterRef("pk"), table__casino=casino)
              .order_by("-gaming_day").values("gaming_day"))
    notes = PlayerNote.objects.filter(player=OuterRef("pk")).order_by("-at", "-id")
    players = players.annotate(
        worth=Subquery(stood[:1]), last_visit=Subquery(visits[:1]),
        noted_at=Subquery(notes.values("at")[:1]), note=Subquery(notes.values("text")[:1]))
    if mine:
        players = players.filter(host=viewer.pk)
    first = {"worth": F("worth").desc(nulls_last=True),
             "last_visit": F("last_visit").desc(nulls_last=True),
             "notes": F("noted_at").desc(nulls_last=True),
             "mine": Case(When(host=viewer.pk, then=0), default=1)}.get(order)
    return players.order_by(*([first] if first is not None else []), "name", "card")


@dataclass(slots=True)
class Hand:
    """A rated seat's hand as the figures read it (plain values: a year's 10,000 hands
    are not 20,000 model objects)."""

    round_id: int
    table_id: int
    seat: int
    recorded_at: dt.datetime
    paytable_id: int
    up_card: str
    ante: Decimal
    decision: str
    cards: list | None
    irregularity: str
    progressive_wager: Decimal | None
    ante_result: Decimal
    bet_result: Decimal
    paytable: object = None   # the version, given by the figures

    @property
    def bet(self) -> Decimal:
        return self.ante * 2 if self.decision == "raise" else Decimal(0)

    @property
    def net(self) -> Decimal:
        return self.ante_result + self.bet_result


HAND = ("round_id", "round__table_id", "seat", "round__recorded_at", "round__paytable_id",
        "round__up_card", "ante", "decision", "cards", "irregularity", "progressive_wager",
        "ante_result", "bet_result")


def _hands(seats: QuerySet[StudSeat]) -> list[Hand]:
    return [Hand(*row) for row in seats.order_by("round__recorded_at", "round_id")
            .values_list(*HAND)]


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


def rated_seats(rating: Rating, spans) -> list[Hand]:
    """His seat's hands in the rounds recorded at his table while he was rated; a voided
    round is never his."""
    during = Q(pk__in=[])
    for start, end in spans:
        during |= (Q(round__recorded_at__gte=start) if end is None else
                   Q(round__recorded_at__gte=start, round__recorded_at__lt=end))
    return _hands(StudSeat.objects.filter(during, round__table=rating.table_id,
                                          seat=rating.seat, round__correction__isnull=True))


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


def rated_seats_of(ratings: list[tuple[Rating, list]]) -> dict[int, list[Hand]]:
    """The seats of many ratings (each with its spans) in one query, each seat given to
    the rating whose span holds its round (a seat holds one rating at a time, so the
    spans at one seat never overlap): a year of a player's ratings in one reading."""
    found: dict[int, list[Hand]] = {rating.pk: [] for rating, _ in ratings}
    spans_at: dict[tuple[int, int], list] = defaultdict(list)
    for rating, spans in ratings:
        for start, end in spans:
            spans_at[rating.table_id, rating.seat].append((start, end, rating.pk))
    if not spans_at:
        return found
    where, ends = Q(pk__in=[]), []
    for (table, seat), spans in spans_at.items():
        spans.sort(key=lambda span: span[0])
        where |= Q(round__table=table, seat=seat)
        ends += [end for _, end, _ in spans]
    bounds = Q(round__recorded_at__gte=min(s[0][0] for s in spans_at.values()))
    if None not in ends:
        bounds &= Q(round__recorded_at__lt=max(ends))
    starts = {key: [start for start, _, _ in spans] for key, spans in spans_at.items()}
    for hand in _hands(StudSeat.objects.filter(where, bounds, round__correction__isnull=True)):
        key, at = (hand.table_id, hand.seat), hand.recorded_at
        index = bisect_right(starts[key], at) - 1
        if index >= 0:
            _, end, rating = spans_at[key][index]
            if end is None or at < end:
                found[rating].append(hand)
    return found


def card_as_printed(typed) -> str:
    """A card number as typed (' 10042 ', 'ab 12') as the card prints it: 10042, AB12."""
    return "".join(str(typed or "").split()).upper()
