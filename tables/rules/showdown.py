"""A recorded card-room hand, checked and settled (RULES.md sections 1 and 4).

The dealer records what happened at the table: each seat's chips put in, who
folded, who is all in, the cards shown and the board. This module checks that
record against the game (card counts, duplicates, chips that add up) and turns it
into pots, winners ("cards speak"), the house's collection and what each seat
collects. Nothing here knows about Django; the service stores the result.

Odd chips go to the first winner in dealing order: the first seat left of the
button (``button``), or seat 1 when no button is given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from tables.rules.cards import card_str
from tables.rules.hands import describe, evaluator
from tables.rules.pots import Pot, PotError, RakeTerms, Settlement, collect, settle_hand
from tables.rules.variants import describe_low, low_value, omaha_best_low, omaha_high

ZERO = Decimal(0)


class HandError(ValueError):
    """Why a hand cannot be recorded; ``path`` names the field, e.g. ('seats', 2, 'cards')."""

    def __init__(self, path: tuple, message: str):
        super().__init__(message)
        self.path = path


@dataclass(frozen=True)
class GameSpec:
    """How a game is dealt and which hands win at the showdown."""

    name: str
    hole_cards: int                     # the cards each seat shows at a showdown
    board: bool                         # community cards (flop games)
    high: Callable[[Sequence[int], Sequence[int]], int] | None
    low: Callable[[Sequence[int], Sequence[int]], int] | None = None   # lowball: whole pot
    low_kind: str = "ace_to_five"
    # Hi-lo: (value, five cards) of a qualifying low, which takes half the pot, or None.
    split_low: Callable[[Sequence[int], Sequence[int]],
                        tuple[int, tuple[int, ...]] | None] | None = None

    @property
    def split(self) -> bool:
        return self.split_low is not None


def _seven_high(hole, board):
    return evaluator().evaluate((*hole, *board))


def _five_high(hole, board):
    return evaluator().evaluate5(tuple(hole))


GAMES: dict[str, GameSpec] = {
    "holdem": GameSpec("hold'em", 2, True, _seven_high),
    "omaha": GameSpec("Omaha", 4, True, omaha_high),
    "omaha_hi_lo": GameSpec("Omaha hi-lo", 4, True, omaha_high, split_low=omaha_best_low),
    "seven_card_stud": GameSpec("seven-card stud", 7, False, _seven_high),
    "five_card_draw": GameSpec("five-card draw", 5, False, _five_high),
    "razz": GameSpec("razz", 7, False, None, lambda hole, board: low_value(hole, "ace_to_five")),
    "deuce_to_seven": GameSpec("deuce-to-seven", 5, False, None,
                               lambda hole, board: low_value(hole, "deuce_to_seven"),
                               low_kind="deuce_to_seven"),
}
BOARD_SIZES = (0, 3, 4, 5)


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    put_in: Decimal
    folded: bool = False
    all_in: bool = False
    cards: tuple[int, ...] | None = None
    collected: Decimal | None = None    # what the dealer says he pushed to the seat, if given


@dataclass
class HandResult:
    settlement: Settlement
    hands: dict[int, str]               # seat -> the shown hand in words
    flop_dealt: bool

    @property
    def scooper(self) -> int | None:
        """The one seat that won every pot outright, if any (a kill needs one winner)."""
        winners = {seat for pot in self.settlement.pots
                   for seat in (*pot.high_winners, *pot.low_winners)}
        return winners.pop() if len(winners) == 1 else None


def dealing_order(seats: Sequence[int], button: int | None) -> tuple[int, ...]:
    ordered = sorted(seats)
    if button is None:
        return tuple(ordered)
    after = [s for s in ordered if s > button]
    return tuple(after + [s for s in ordered if s <= button])


def _check_cards(game: GameSpec, seats: Sequence[SeatRecord], board: Sequence[int]) -> None:
    seen: dict[int, str] = {}

    def mark(card: int, where: str, path: tuple) -> None:
        if card in seen:
            places = (f"on {where}" if seen[card] == where
                      else f"{seen[card]} and {where}")
            raise HandError(path, f"{card_str(card)} appears twice ({places}): a deck has one "
                                  "of each card.")
        seen[card] = where

    if game.board:
        if len(board) not in BOARD_SIZES:
            raise HandError(("board",), f"A {game.name} board has 3, 4 or 5 cards (or none "
                                        f"before the flop), not {len(board)}.")
    elif board:
        raise HandError(("board",), f"{game.name.capitalize()} has no board; put every card "
                                    "in the seat's hand.")
    for card in board:
        mark(card, "the board", ("board",))
    for index, seat in enumerate(seats):
        if seat.cards is None:
            continue
        if len(seat.cards) != game.hole_cards:
            raise HandError(("seats", index, "cards"),
                            f"Seat {seat.seat}: a {game.name} hand has {game.hole_cards} cards, "
                            f"not {len(seat.cards)}.")
        for card in seat.cards:
            mark(card, f"seat {seat.seat}", ("seats", index, "cards"))


def _check_chips(seats: Sequence[SeatRecord]) -> None:
    if len(seats) < 2:
        raise HandError(("seats",), "A hand needs at least two seats dealt in.")
    listed: set[int] = set()
    for index, seat in enumerate(seats):
        if seat.seat in listed:
            raise HandError(("seats", index, "seat"), f"Seat {seat.seat} is listed twice.")
        listed.add(seat.seat)
        if seat.put_in < 0:
            raise HandError(("seats", index, "put_in"),
                            f"Seat {seat.seat} put in {seat.put_in}: chips cannot be negative.")
        if seat.folded and seat.all_in:
            raise HandError(("seats", index, "all_in"),
                            f"Seat {seat.seat} is marked both folded and all in; a seat all in "
                            "stays in the hand.")
        if seat.all_in and seat.put_in == 0:
            raise HandError(("seats", index, "put_in"),
                            f"Seat {seat.seat} is all in but put in nothing.")
    # A seat still in that is not all in called every bet: it put in the most of anyone.
    top = max(seats, key=lambda s: s.put_in)
    for index, seat in enumerate(seats):
        if not seat.folded and not seat.all_in and seat.put_in < top.put_in:
            raise HandError(("seats", index, "put_in"),
                            f"Seat {seat.seat} is still in but put in {seat.put_in} where seat "
                            f"{top.seat} put in {top.put_in}: mark it all in or folded, or "
                            "correct the amount.")


def _strengths(game: GameSpec, seats: Sequence[SeatRecord], board: Sequence[int],
               showdown: bool) -> tuple[dict, dict | None, dict[int, str]]:
    high: dict[int, int] = {}
    low: dict[int, int | None] | None = {} if game.split else None
    words: dict[int, str] = {}
    if not showdown:
        return high, low, words
    if game.board and len(board) != 5:
        raise HandError(("board",), f"{len([s for s in seats if not s.folded])} seats are still "
                                    f"in: deal the whole board (5 cards) for the showdown, not "
                                    f"{len(board)}.")
    for index, seat in enumerate(seats):
        if seat.folded:
            continue
        if seat.cards is None:
            raise HandError(("seats", index, "cards"),
                            f"Seat {seat.seat} is still in at the showdown: record the cards "
                            "it shows (cards speak).")
        if game.high is not None:
            high[seat.seat] = game.high(seat.cards, board)
            words[seat.seat] = describe(high[seat.seat])
            if game.split:
                best_low = game.split_low(seat.cards, board)
                low[seat.seat] = best_low[0] if best_low else None
                if best_low:
                    words[seat.seat] += f"; {describe_low(best_low[1])}"
        else:
            # Lowball and razz: the best low takes the whole pot.
            high[seat.seat] = game.low(seat.cards, board)
            words[seat.seat] = describe_low(seat.cards, game.low_kind)
    return high, low, words


def settle_recorded_hand(
    game: str,
    seats: Sequence[SeatRecord],
    board: Sequence[int] = (),
    *,
    schedule: RakeTerms,
    flop_dealt: bool | None = None,
    button: int | None = None,
    winners: Sequence[int] | None = None,
    players_dealt: int | None = None,
    unit: Decimal = Decimal("0.01"),
) -> HandResult:
    """Check a recorded hand and settle it. Raises ``HandError`` naming the problem.

    ``players_dealt`` (for caps by players) defaults to the seats recorded; it may be
    more, when seats that folded without putting a chip in were left out.
    """
    spec = GAMES.get(game)
    if spec is None:
        raise HandError(("game",), f"'{game}' is not a card-room game.")
    _check_chips(seats)
    _check_cards(spec, seats, board)
    for index, seat in enumerate(seats):
        if seat.put_in != (seat.put_in / unit).to_integral_value() * unit:
            raise HandError(("seats", index, "put_in"),
                            f"Seat {seat.seat}: {seat.put_in} is not a whole number of "
                            f"{unit} chips.")
    if spec.board and len(board) >= 3 and flop_dealt is False:
        raise HandError(("flop_dealt",), "The board shows a flop, yet the hand says no flop "
                                         "was dealt.")
    flop_dealt = flop_for(spec, flop_dealt, len(board) >= 3)
    if players_dealt is None:
        players_dealt = len(seats)
    elif players_dealt < len(seats):
        raise HandError(("players_dealt",), f"{len(seats)} seats are recorded, so at least "
                                            f"{len(seats)} players were dealt in, not "
                                            f"{players_dealt}.")
    live = [s for s in seats if not s.folded]
    showdown = len(live) > 1
    high, low, words = _strengths(spec, seats, board, showdown)
    by_seat = {s.seat: s for s in seats}
    order = dealing_order(list(by_seat), button)
    try:
        settlement = settle_hand(
            {seat: by_seat[seat].put_in for seat in order},
            folded={s.seat for s in seats if s.folded}, high=high, low=low,
            schedule=schedule, flop_dealt=flop_dealt, players_dealt=players_dealt, unit=unit)
    except PotError as error:
        raise HandError(("seats",), str(error)) from None
    _check_claims(seats, settlement, winners)
    return HandResult(settlement, words, flop_dealt)


def _check_claims(seats: Sequence[SeatRecord], settlement: Settlement,
                  winners: Sequence[int] | None) -> None:
    """The dealer may say who won and what he pushed to each seat; it must be what the
    cards say."""
    if winners is not None:
        _check_winners(seats, settlement, winners)
    claimed = [(i, s) for i, s in enumerate(seats) if s.collected is not None]
    if not claimed:
        return
    put_in = sum((s.put_in for s in seats), ZERO)
    awarded = sum((s.collected for _, s in claimed), ZERO)
    if awarded > put_in:
        raise HandError(("seats",), f"More chips awarded ({awarded}) than put in ({put_in}).")
    for index, seat in claimed:
        due = settlement.collects[seat.seat]
        if seat.collected != due:
            if seat.collected > 0 and due == 0 and seat.folded:
                message = f"Seat {seat.seat} folded and cannot win any chips."
            else:
                message = (f"Seat {seat.seat} collects {due} by the cards and the pots, not "
                           f"{seat.collected}: check the pots before pushing them.")
            raise HandError(("seats", index, "collected"), message)


def _check_winners(seats: Sequence[SeatRecord], settlement: Settlement,
                   winners: Sequence[int]) -> None:
    if len(set(winners)) != len(winners):
        raise HandError(("winners",), "A winner is listed twice.")
    by_seat = {s.seat: s for s in seats}
    won = {seat for pot in settlement.pots for seat in (*pot.high_winners, *pot.low_winners)}
    for index, seat in enumerate(winners):
        if seat not in by_seat:
            raise HandError(("winners", index), f"Seat {seat} was not dealt in.")
        if by_seat[seat].folded:
            raise HandError(("winners", index), f"Seat {seat} folded and cannot win a pot.")
        if seat not in won:
            raise HandError(("winners", index),
                            f"Seat {seat} wins no pot by the cards shown; the winners are "
                            f"seat {', '.join(map(str, sorted(won)))}.")
    missing = won - set(winners)
    if missing:
        raise HandError(("winners",), f"Seat {min(missing)} also wins by the cards shown.")


def flop_for(spec: GameSpec, said: bool | None, board_shows_flop: bool) -> bool:
    """Whether the hand counts as having had a flop (for "no flop, no drop").

    Stud and draw games have no flop and are always raked; a dealer saying "no flop" there
    is refused rather than letting the rake slip. In flop games an unsaid flop is read
    off the board.
    """
    if not spec.board:
        if said is False:
            raise HandError(("flop_dealt",), f"{spec.name.capitalize()} has no flop: every "
                                             "hand is raked.")
        return True
    return board_shows_flop if said is None else said


def quick_collection(pot: Decimal, schedule: RakeTerms, *, flop_dealt: bool,
                     players_dealt: int) -> tuple[Decimal, Decimal]:
    """Quick mode: the rake (with any fixed drop) and the bad-beat drop from one pot."""
    if pot < 0:
        raise HandError(("pot",), f"A pot of {pot} is impossible: pots are not negative.")
    pots = [Pot(amount=pot, eligible=())]
    collect(pots, schedule, flop_dealt=flop_dealt, players_dealt=players_dealt)
    return pots[0].rake, pots[0].bad_beat_drop
