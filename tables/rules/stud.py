"""Caribbean Stud (US) and Casino Stud (UK) settlement: RULES.md section 2.

``settle_round`` takes a paytable's terms, the dealer's cards and each seat's play
and returns each seat's outcome with the ante and bet results signed from the
player's side (+ the player won). Cards speak: categories come from the cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from tables.rules.cards import card_str, cards_str, duplicates
from tables.rules.hands import ACE, KING, Category, category_name, class_values, evaluate

ZERO = Decimal(0)
STUD_CATEGORIES = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
                   "straight", "three_of_a_kind", "two_pair", "one_pair", "high_card")

US_ODDS = {"royal_flush": 100, "straight_flush": 50, "four_of_a_kind": 20, "full_house": 7,
           "flush": 5, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "one_pair": 1,
           "high_card": 1}
UK_ODDS = {**US_ODDS, "royal_flush": 50}


class Variant(StrEnum):
    US = "us"
    UK = "uk"


class Decision(StrEnum):
    RAISE = "raise"
    FOLD = "fold"


class Irregularity(StrEnum):
    MISDEAL = "misdeal"      # wrong number of cards: dead hand, wagers push
    VIOLATION = "violation"  # shared hand information: dead hand, wagers forfeited


class RoundVoid(StrEnum):
    MISDEAL = "misdeal"
    EXPOSED_HOLE_CARD = "exposed_hole_card"


class Outcome(StrEnum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    FOLD = "fold"
    DEALER_NOT_QUALIFIED = "dealer_not_qualified"
    DEAD = "dead"
    VOID = "void"


class SideWager(StrEnum):
    STANDS = "stands"      # in action: contributes to the meter, may hit
    RETURNED = "returned"  # void round or misdealt hand: handed back
    FORFEIT = "forfeit"    # violation: the house keeps it


class SettlementError(ValueError):
    """Why a round cannot be settled: every problem found, each as (path, message) with
    the path naming the field, e.g. ('seats', 2, 'cards'); ``path`` is the first one's."""

    def __init__(self, path: tuple, message: str, *,
                 problems: Sequence[tuple[tuple, str]] = ()):
        super().__init__(message)
        self.path = path
        self.problems = tuple(problems) or ((path, message),)

    @classmethod
    def of(cls, problems: Sequence[tuple[tuple, str]]) -> SettlementError:
        (path, message), *_ = problems
        return cls(path, message, problems=problems)


@dataclass(frozen=True)
class PaytableTerms:
    odds: Mapping[str, int]
    max_payout: Decimal | None
    dealer_qualifier: str = "AK"
    variant: Variant = Variant.US

    def __post_init__(self):
        missing = [c for c in STUD_CATEGORIES if c not in self.odds]
        if missing:
            raise SettlementError(("odds",), f"The paytable has no odds for {missing[0]}.")


US_TERMS = PaytableTerms(odds=US_ODDS, max_payout=Decimal(5000), variant=Variant.US)
UK_TERMS = PaytableTerms(odds=UK_ODDS, max_payout=Decimal(10000), variant=Variant.UK)


@dataclass(frozen=True)
class SeatPlay:
    seat: int
    ante: Decimal
    decision: Decision | None  # None only in a void round: nobody raised or folded
    cards: tuple[int, ...] | None = None
    irregularity: Irregularity | None = None
    progressive: bool = False

    @property
    def bet(self) -> Decimal:
        return self.ante * 2 if self.decision == Decision.RAISE else ZERO


@dataclass(frozen=True)
class SeatResult:
    seat: int
    outcome: Outcome
    category: str | None
    hand_value: int | None
    ante_result: Decimal
    bet_result: Decimal
    side_wager: SideWager | None = None

    @property
    def net(self) -> Decimal:
        return self.ante_result + self.bet_result


@dataclass(frozen=True)
class RoundResult:
    dealer_value: int | None
    dealer_category: str | None
    dealer_qualified: bool | None
    seats: tuple[SeatResult, ...]


def qualifier_value(qualifier: str) -> int:
    """The weakest dealer hand that qualifies: 'AK' (ace-king) or a pair such as '22', '44'."""
    text = str(qualifier).strip().upper()
    ranks = "23456789TJQKA"
    if text == "AK":
        return class_values()[(Category.HIGH_CARD, (ACE, KING, 2, 1, 0))]
    if len(text) == 2 and text[0] == text[1] and text[0] in ranks:
        pair = ranks.index(text[0])
        lowest_kickers = sorted(r for r in range(13) if r != pair)[:3]
        return class_values()[(Category.ONE_PAIR, (pair, *reversed(lowest_kickers)))]
    raise SettlementError(
        ("dealer_qualifier",),
        f"'{qualifier}' is not a dealer qualifier: use 'AK' (ace-king or better) or a pair "
        "such as '22' (a pair of twos or better).",
    )


def _validate(dealer_cards: Sequence[int] | None, seats: Sequence[SeatPlay],
              void: RoundVoid | None, max_seat: int) -> None:
    """Every problem of the round at once, so the dealer fixes them in one pass."""
    problems: list[tuple[tuple, str]] = []
    seen_seats: set[int] = set()
    for index, play in enumerate(seats):
        problem = _seat_problem(play, void, max_seat, seen_seats)
        seen_seats.add(play.seat)
        if problem:
            problems.append((("seats", index, problem[0]), problem[1]))
    if not void and (dealer_cards is None or len(dealer_cards) != 5):
        count = 0 if dealer_cards is None else len(dealer_cards)
        problems.append((
            ("dealer_cards",),
            f"The dealer's hand has {count} cards; it must have five (a dealer dealt four "
            "takes a fifth card; any other misdeal voids the round)."))
    problems += _duplicate_problems(dealer_cards, seats)
    if problems:
        raise SettlementError.of(problems)


def _seat_problem(play: SeatPlay, void, max_seat: int,
                  seen_seats: set[int]) -> tuple[str, str] | None:
    """A seat's first problem as (field, message), or None."""
    if not 1 <= play.seat <= max_seat:
        return "seat", f"Seat {play.seat} does not exist: seats are 1-{max_seat}."
    if play.seat in seen_seats:
        return "seat", f"Seat {play.seat} is recorded twice: one hand per seat."
    if play.ante <= 0:
        return "ante", f"Seat {play.seat}: the ante must be more than 0, not {play.ante}."
    if void:
        return None
    if play.decision is None:
        return "decision", f"Seat {play.seat}: choose raise or fold."
    needs_cards = play.decision == Decision.RAISE or play.progressive
    if play.cards is None:
        if needs_cards and play.irregularity is None:
            why = "raised" if play.decision == Decision.RAISE else "plays the jackpot"
            return "cards", f"Seat {play.seat} {why}: record its five cards."
    elif len(play.cards) != 5 and play.irregularity is None:
        return "cards", (
            f"Seat {play.seat} has {len(play.cards)} cards ({cards_str(play.cards)}); a hand "
            "is five cards. If it was misdealt, mark the seat's irregularity 'misdeal'.")
    return None


def _duplicate_problems(dealer_cards, seats: Sequence[SeatPlay]) -> list[tuple[tuple, str]]:
    """Each card that appears twice, named with every place it appears, reported at the
    places after the first (where the dealer most likely typed it by mistake)."""
    places: dict[int, list[tuple[tuple, str]]] = {}
    for card in dealer_cards or ():
        places.setdefault(card, []).append((("dealer_cards",), "the dealer's cards"))
    for index, play in enumerate(seats):
        for card in play.cards or ():
            places.setdefault(card, []).append(
                (("seats", index, "cards"), f"seat {play.seat}'s cards"))
    by_places: dict[tuple, list[int]] = {}
    for card in duplicates([*(dealer_cards or ()), *(c for p in seats for c in p.cards or ())]):
        by_places.setdefault(tuple(places[card]), []).append(card)
    problems = []
    for where, cards in by_places.items():
        names = list(dict.fromkeys(name for _, name in where))
        named = " and ".join(names) if len(names) > 1 else f"{names[0]}, twice"
        verb = "appears" if len(cards) == 1 else "appear"
        message = (f"{', '.join(card_str(c) for c in cards)} {verb} more than once: in "
                   f"{named}; a deck has one of each card.")
        for path in dict.fromkeys(path for path, _ in where[1:]):
            problems.append((path, message))
    return problems


def settle_round(terms: PaytableTerms, dealer_cards: Sequence[int] | None,
                 seats: Sequence[SeatPlay], *, void: RoundVoid | None = None,
                 max_seat: int = 7) -> RoundResult:
    _validate(dealer_cards, seats, void, max_seat)
    if void:
        return RoundResult(None, None, None, tuple(
            SeatResult(p.seat, Outcome.VOID, None, None, ZERO, ZERO,
                       SideWager.RETURNED if p.progressive else None) for p in seats))
    dealer_value = evaluate(dealer_cards)
    qualified = dealer_value >= qualifier_value(terms.dealer_qualifier)
    results = tuple(_settle_seat(terms, play, dealer_value, qualified) for play in seats)
    return RoundResult(dealer_value, category_name(dealer_value), qualified, results)


def _settle_seat(terms: PaytableTerms, play: SeatPlay, dealer_value: int,
                 qualified: bool) -> SeatResult:
    ante, bet = play.ante, play.bet
    value = evaluate(play.cards) if play.cards and len(play.cards) == 5 else None
    category = category_name(value) if value is not None else None
    side = SideWager.STANDS if play.progressive else None

    def result(outcome, ante_result, bet_result, side_wager=side):
        return SeatResult(play.seat, outcome, category, value, ante_result, bet_result,
                          side_wager)

    if play.irregularity == Irregularity.MISDEAL:
        return result(Outcome.DEAD, ZERO, ZERO, SideWager.RETURNED if side else None)
    if play.irregularity == Irregularity.VIOLATION:
        return result(Outcome.DEAD, -ante, -bet, SideWager.FORFEIT if side else None)
    if play.decision == Decision.FOLD:
        return result(Outcome.FOLD, -ante, ZERO)
    if not qualified:
        return result(Outcome.DEALER_NOT_QUALIFIED, ante, ZERO)
    if value > dealer_value:
        win = bet * terms.odds[category]
        if terms.max_payout is not None:
            win = min(win, terms.max_payout)
        return result(Outcome.WIN, ante, win)
    if value < dealer_value:
        return result(Outcome.LOSE, -ante, -bet)
    return result(Outcome.PUSH, ZERO, ZERO)
