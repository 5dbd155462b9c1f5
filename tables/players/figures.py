"""A rating's figures, computed from the records every time they are read (never typed,
never stored: a void of a round changes them, visibly): his hands at the seat while he
was rated, what he wagered, his average bet, his time and pace, the house's actual win,
and its theoretical win: each hand's ante times the exact house edge of the paytable
version that settled it at that ante (payouts.analysis's figures; where they are not
worked out yet they are asked for and the theoretical win is null until they are), plus
each side wager times the side bet's house share at the meter it was played against.
Over the hands whose up card is recorded, the decisions off the optimal strategy and
their exact cost (null when no hand had one)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils import timezone
from pghistory.models import Events

from payouts.analysis.selectors import HouseEdges
from payouts.jackpots.models import (
    JackpotHit,
    MeterEntry,
    MeterKind,
    MeterName,
    award_rules,
)
from payouts.terms.models import Paytable
from tables.players import selectors
from tables.players.models import Rating
from tables.poker.kills import stakes_of
from tables.poker.wording import structure_words
from tables.rules.cards import parse_card, parse_cards
from tables.rules.money import round_to_step, unit
from tables.rules.side_wager import side_wager_sheet
from tables.rules.stud_strategy import decision

ZERO = Decimal(0)
TENTH = Decimal("0.1")


def _money(amount: Decimal | Fraction, currency: str) -> Decimal:
    # Every amount summed here is in cents already, but for the mean and the exact
    # fractions of the game math: half up, once, at the end.
    if isinstance(amount, Fraction):
        amount = Decimal(amount.numerator) / Decimal(amount.denominator)
    return round_to_step(amount, unit(currency), rounding="half_up")


def _theoretical(seats: list, currency: str, edges: HouseEdges,
                 side: _SideWagers) -> Decimal | None:
    """What the house expects to keep of the hands: exact to the end, then to the cent."""
    kept = [(seat.ante, edges.of(seat.paytable, seat.ante)) for seat in seats]
    if any(edge is None for _, edge in kept):
        return None  # every missing figure asked for; the win waits for them, no guess
    expected = sum((Fraction(ante) * edge for ante, edge in kept), Fraction(0))
    return _money(expected + side.kept(seats), currency)


def _strategy(seats: list, currency: str) -> dict[str, Any]:
    """Over the hands whose up card and cards are recorded (a plain raise or fold): how
    many departed from the optimal play of the paytable version that settled them, and
    what that cost, exactly (the better decision's worth less the one taken, over the
    dealer's unseen cards; tables.rules.stud_strategy)."""
    judged = [s for s in seats if s.up_card and s.cards and not s.irregularity
              and s.decision in ("raise", "fold")]
    if not judged:
        return {"decisions_off_strategy": None, "strategy_cost": None}  # not measured
    off, cost, versions = 0, Fraction(0), {}
    for seat in judged:
        paytable = seat.paytable
        if paytable.pk not in versions:
            versions[paytable.pk] = paytable.terms()
        terms = versions[paytable.pk]
        weighed = decision(terms.odds, terms.max_payout, terms.dealer_qualifier, seat.ante,
                           parse_cards(seat.cards), parse_card(seat.up_card),
                           raised=seat.decision == "raise")
        if weighed.cost:
            off += 1
            cost += weighed.cost
    return {"decisions_off_strategy": off, "strategy_cost": _money(cost, currency)}


def _with_paytables(seats: list) -> list:
    """The seats' rounds given their paytable versions, one object each (a year's hands
    are played on a few versions: 10,000 copies of the same row are not read)."""
    wanted = {s.paytable_id for s in seats}
    versions = {p.pk: p for p in Paytable.objects.filter(pk__in=wanted)} if wanted else {}
    for seat in seats:
        seat.paytable = versions[seat.paytable_id]
    return seats


class _SideWagers:
    """What the hands' side wagers met, read once for every hand of the ratings read
    together: each round's award to each seat, and the meter's own contribution entry of
    each round (its reserve and overflow take theirs too; the meter the wager was played
    against is that entry's balance before it)."""

    def __init__(self, hands: list) -> None:
        rounds = {h.round_id for h in hands if h.progressive_wager}
        self.awards = {(r, seat): amount for r, seat, amount in JackpotHit.objects.filter(
            round__in=rounds, amount__isnull=False).values_list("round_id", "seat", "amount")
        } if rounds else {}
        self.entries = {e.round_id: e for e in MeterEntry.objects.filter(
            round__in=rounds, kind=MeterKind.CONTRIBUTION, meter=MeterName.METER)
            .select_related("progressive")} if rounds else {}
        self.terms = _MeterTerms()

    def awarded(self, hands: list) -> Decimal:
        return sum((self.awards.get((h.round_id, h.seat), ZERO) for h in hands), ZERO)

    def kept(self, hands: list) -> Fraction:
        """Each side wager times the house's share of it at the meter before its round,
        by the meter's terms (awards, wager, rate, seed) as they stood when it fed."""
        kept = Fraction(0)
        for hand in hands:
            entry = self.entries.get(hand.round_id) if hand.progressive_wager else None
            if entry is not None:
                sheet = self.terms.sheet_at(entry.progressive, entry.created_at)
                kept += Fraction(hand.progressive_wager) * (
                    1 - sheet.return_at(entry.balance_after - entry.amount))
        return kept


class _MeterTerms:
    """A progressive's terms as its audit trail holds them, version by version: the sheet
    of the version in force at an instant (a change of the awards after a round never
    reaches back to it)."""

    def __init__(self) -> None:
        self._versions: dict[int, list] = {}
        self._sheets: dict[tuple, Any] = {}

    def sheet_at(self, progressive, at: dt.datetime):
        if progressive.pk not in self._versions:
            self._versions[progressive.pk] = [
                (event.pgh_created_at, event.pgh_id, event.pgh_data) for event in
                Events.objects.tracks(progressive).order_by("pgh_created_at", "pgh_id")]
        versions = self._versions[progressive.pk]
        standing = [v for v in versions if v[0] <= at]
        _created, key, data = standing[-1] if standing else (None, 0, {
            "awards": progressive.awards, "wager": progressive.wager,
            "contribution_rate": progressive.contribution_rate, "seed": progressive.seed})
        if (progressive.pk, key) not in self._sheets:
            self._sheets[progressive.pk, key] = side_wager_sheet(
                award_rules(data["awards"]), wager=Decimal(str(data["wager"])),
                contribution_rate=Decimal(str(data["contribution_rate"])),
                seed=Decimal(str(data["seed"])))
        return self._sheets[progressive.pk, key]


def ratings_figures(ratings: list[Rating], now: dt.datetime | None = None,
                    edges: HouseEdges | None = None) -> dict[int, dict[str, Any]]:
    """Many ratings' figures (a player's page, a page of the API, a report): their seats
    and paytable versions read at once, the house edges once."""
    edges = edges or HouseEdges()
    spans = [(r, selectors.spans_of(r, list(r.changes.all()))) for r in ratings]
    seats = selectors.rated_seats_of([(r, s) for r, s in spans if not r.table.is_poker])
    hands = _with_paytables([seat for found in seats.values() for seat in found])
    side = _SideWagers(hands)
    return {r.pk: rating_figures(r, now, edges, seats=seats.get(r.pk), side=side)
            for r in ratings}


def rating_figures(rating: Rating, now: dt.datetime | None = None,
                   edges: HouseEdges | None = None, seats: list | None = None,
                   side: _SideWagers | None = None) -> dict[str, Any]:
    """``edges``: the house edges already read, shared by the ratings of one page;
    ``seats`` and ``side``: its hands, read already with their paytable versions, and
    what their side wagers met (ratings_figures reads them for many ratings at once)."""
    changes = list(rating.changes.all())
    spans = selectors.spans_of(rating, changes)
    timing = _timing(rating, changes, spans, now or timezone.now())
    if rating.table.is_poker:
        return {**timing, **_poker_figures(rating)}
    if seats is None:
        seats = _with_paytables(list(selectors.rated_seats(rating, spans)))
    currency = rating.table.casino.currency
    side = side or _SideWagers(seats)
    antes = sum((s.ante for s in seats), ZERO)
    side_wagered = sum((s.progressive_wager or ZERO for s in seats), ZERO)
    wagered = antes + sum((s.bet for s in seats), ZERO) + side_wagered
    # The house's result: what the seat lost on antes and bets, and its side wagers less
    # the awards they won.
    actual = -sum((s.net for s in seats), ZERO) + side_wagered - side.awarded(seats)
    seconds = timing["seconds_played"]
    return {
        **timing, "hands": len(seats),
        "hands_per_hour": (round_to_step(Decimal(len(seats) * 3600) / seconds, TENTH,
                                         rounding="half_up") if seconds else None),
        "wagered": _money(wagered, currency), "antes": _money(antes, currency),
        "average_bet": _money(antes / len(seats), currency) if seats else None,
        "actual_win": _money(actual, currency),
        **_worth(_theoretical(seats, currency, edges or HouseEdges(), side),
                 _strategy(seats, currency)),
        "currency": currency, "game": rating.table.game, "stakes": None,
    }


def _worth(theoretical: Decimal | None, strategy: dict[str, Any]) -> dict[str, Any]:
    """What he is worth to the house: the theoretical win and what his departures from
    the optimal strategy cost him (null while the theoretical win is being worked out)."""
    worth = None if theoretical is None else theoretical + (strategy["strategy_cost"] or 0)
    return {"theoretical_win": theoretical, **strategy, "worth": worth}


def _timing(rating: Rating, changes: list, spans, now: dt.datetime) -> dict[str, Any]:
    """What every rating has, stud or poker: its state, its end, its time played."""
    return {
        "status": selectors.state_of(rating, changes),
        "ended_at": changes[-1].at if changes and changes[-1].step == "closed" else None,
        "seconds_played": int(sum(((end or now) - start).total_seconds()
                                  for start, end in spans)),
    }


def _poker_figures(rating: Rating) -> dict[str, Any]:
    """A card room comps by the hour: a poker rating is its time, at its game and stakes
    (the players play each other; the house's share is the rake, not their result)."""
    table = rating.table
    return {
        "hands": None, "hands_per_hour": None, "wagered": None, "antes": None,
        "average_bet": None, "actual_win": None, "theoretical_win": None,
        "decisions_off_strategy": None, "strategy_cost": None, "worth": None,
        "currency": table.casino.currency, "game": table.game,
        "stakes": structure_words(stakes_of(table)),
    }
