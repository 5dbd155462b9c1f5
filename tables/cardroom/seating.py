"""Who sits where: the one read of a table's seats that every page showing them uses (the
pit's live board, the card-room desk, the room's public board, a table's seats page;
issue 44, point 3). Three records say a seat is taken, and a page that read only one of
them contradicted the others ("— of 9" on the pit board beside two seats taken at the
desk):

- the card room seated someone there and he has not left it (``SeatTaken``);
- a rated player's rating there is not closed (on a break too: the seat stays his);
- the table's latest round or hand of the last ten minutes dealt that seat (the round
  form's seats; a quick poker hand counts its players without numbering them: those
  beyond the seats known are ``unplaced``).

Where two say the same seat, the card room's words win (it names walk-ins too), then the
rating's; a seat is counted once."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import OuterRef, Subquery

from tables.cardroom.models import SeatTaken
from tables.floor.models import Table
from tables.players.selectors import open_ratings
from tables.poker.models import PokerHand, PokerSeat
from tables.stud.models import StudRound, StudSeat

# A table's latest round or hand says who sits there if it was this recent.
SEEN_WITHIN = dt.timedelta(minutes=10)
CARD_ROOM, RATING, LAST_HAND = "card room", "rating", "last hand"


@dataclass(frozen=True)
class Sitter:
    """One seat taken: by whom (as the room calls him; blank where only a hand saw him)
    and which record says so. ``taken``: the card room's seat (its Left button)."""

    seat: int
    who: str
    by: str
    rated: bool = False
    taken: SeatTaken | None = None
    player: int | None = None  # his player record, where he is rated

    @property
    def words(self) -> str:
        return self.who or "a player of the last hand"


@dataclass
class TableSeats:
    table: Table
    sitters: dict[int, Sitter] = field(default_factory=dict)
    unplaced: int = 0  # players the latest hand dealt beyond the seats known

    @property
    def occupied(self) -> int:
        return min(self.table.seats, len(self.sitters) + self.unplaced)

    @property
    def open_count(self) -> int:
        return self.table.seats - self.occupied

    @property
    def taken(self) -> list[Sitter]:
        return [self.sitters[n] for n in sorted(self.sitters)]

    @property
    def open_seats(self) -> list[int]:
        """The seat numbers nobody is known to hold (a quick hand's unnumbered players
        may sit at some of them: ``unplaced``)."""
        return [n for n in range(1, self.table.seats + 1) if n not in self.sitters]

    @property
    def places(self) -> list[tuple[int, Sitter | None]]:
        """Every seat in order, with who holds it (None: open): a seat map."""
        return [(n, self.sitters.get(n)) for n in range(1, self.table.seats + 1)]

    @property
    def words(self) -> str:
        """As the pit board says it: "2 of 9"."""
        return f"{self.occupied} of {self.table.seats}" if self.occupied else \
            f"— of {self.table.seats}"


def seats_now(tables, now: dt.datetime) -> dict[int, TableSeats]:
    """Per table (by id), its seats taken now (the module's doc): five reads, however
    many tables."""
    tables = list(tables)
    found = {t.pk: TableSeats(t) for t in tables}
    for taken in (SeatTaken.objects.filter(table__in=tables, left__isnull=True)
                  .select_related("player").order_by("at", "pk")):
        _put(found[taken.table_id], Sitter(taken.seat, taken.name, CARD_ROOM,
                                           rated=taken.player_id is not None, taken=taken,
                                           player=taken.player_id))
    for rating in (open_ratings().filter(table__in=tables).select_related("player")
                   .order_by("started_at", "pk")):
        _put(found[rating.table_id], Sitter(rating.seat, rating.player.first_name, RATING,
                                            rated=True, player=rating.player_id))
    _last_hands(found, now - SEEN_WITHIN)
    return found


def _put(table: TableSeats, sitter: Sitter) -> None:
    if 1 <= sitter.seat <= table.table.seats and sitter.seat not in table.sitters:
        table.sitters[sitter.seat] = sitter


def _last_hands(found: dict[int, TableSeats], since: dt.datetime) -> None:
    """Each table's latest round or hand since ``since`` (found on its own index:
    round_table_latest, hand_table_latest), and the seats it dealt."""

    def latest(model):
        return Subquery(model.objects.filter(table=OuterRef("pk"), recorded_at__gte=since)
                        .order_by("-recorded_at").values("pk")[:1])

    rounds, hands = {}, {}
    for table, round_id, hand_id in Table.objects.filter(pk__in=list(found)).annotate(
            round_id=latest(StudRound), hand_id=latest(PokerHand)).values_list(
            "pk", "round_id", "hand_id"):
        if round_id:
            rounds[round_id] = table
        if hand_id:
            hands[hand_id] = table
    dealt = {table: set() for table in found}
    for round_id, seat in StudSeat.objects.filter(round__in=list(rounds)).values_list(
            "round", "seat"):
        dealt[rounds[round_id]].add(seat)
    for hand_id, seat in PokerSeat.objects.filter(hand__in=list(hands)).values_list(
            "hand", "seat"):
        dealt[hands[hand_id]].add(seat)
    counted = dict(PokerHand.objects.filter(pk__in=list(hands)).values_list(
        "pk", "players_dealt"))
    for table, seats in dealt.items():
        for seat in sorted(seats):
            _put(found[table], Sitter(seat, "", LAST_HAND))
    for hand_id, players in counted.items():
        here = found[hands[hand_id]]
        here.unplaced = max(0, (players or 0) - len(here.sitters))
