"""What the dealer reads about a round: what to pay and take at each seat, a jackpot hit,
and the rules' words (outcomes, voids, irregularities) as staff say them."""

from __future__ import annotations

from casino.common.amounts import in_currency
from payouts.jackpots.models import HitStatus
from tables.rules.stud import Irregularity, Outcome, RoundVoid, SideWager
from tables.stud.models import StudRound

VOID_WORDS = {RoundVoid.MISDEAL: "dealer misdeal",
              RoundVoid.EXPOSED_HOLE_CARD: "hole card exposed"}
IRREGULARITY_WORDS = {Irregularity.MISDEAL: "wrong cards (dead, push)",
                      Irregularity.VIOLATION: "shared info (forfeit)"}
OUTCOME_WORDS = {Outcome.WIN: "win", Outcome.LOSE: "lose", Outcome.PUSH: "push",
                 Outcome.FOLD: "fold", Outcome.DEALER_NOT_QUALIFIED: "dealer does not qualify",
                 Outcome.DEAD: "dead hand", Outcome.VOID: "void round"}
KEEP_THE_CARDS = ("Keep the cards face up on the table and call the supervisor; "
                  "do not start the next round until they come.")


def house_result_words(round_: StudRound) -> str:
    """The house's result of a round on its antes and raises, as the pit says it: 'won
    $10.00', 'lost $25.00', 'even'; a voided round moved no chips: '—'. Its seats'
    results are the players' (the round's page shows each), the house's is their sum
    turned round; jackpot side wagers go to the meter, not this result."""
    if getattr(round_, "correction", None) is not None:
        return "—"
    house = -sum((seat.net for seat in round_.seats.all()), 0)
    currency = round_.table.casino.currency
    if house > 0:
        return f"won {in_currency(house, currency)}"
    return f"lost {in_currency(-house, currency)}" if house < 0 else "even"


def payout_instructions(round_: StudRound) -> list[str]:
    """What the dealer must do at each seat, in words (amounts in the casino's money)."""
    currency = round_.table.casino.currency
    lines = [_seat_instruction(round_, seat, currency) for seat in round_.seats.all()]
    collected = [s for s in round_.seats.all()
                 if s.side_wager in (SideWager.STANDS, SideWager.FORFEIT)]
    if collected:
        seats = ", ".join(str(s.seat) for s in collected)
        each = in_currency(collected[0].progressive_wager, currency)
        lines.append(f"Collect the side wagers ({each} each) of seat"
                     f"{'s' if len(collected) > 1 else ''} {seats}.")
    for seat in round_.seats.all():
        if seat.side_wager == SideWager.RETURNED:
            lines.append(f"Return seat {seat.seat}'s side wager.")
    return lines


def _seat_instruction(round_: StudRound, seat, currency: str) -> str:
    if round_.void or seat.outcome == Outcome.VOID:
        return f"Return seat {seat.seat}'s wagers: the round is void."
    if seat.ante_result > 0 or seat.bet_result > 0:
        parts = []
        if seat.bet_result > 0:
            parts.append(f"{in_currency(seat.bet_result, currency)} on the bet")
        if seat.ante_result > 0:
            parts.append(f"{in_currency(seat.ante_result, currency)} on the ante")
        extra = " (return the bet)" if seat.outcome == Outcome.DEALER_NOT_QUALIFIED else ""
        return f"Pay seat {seat.seat}: {', '.join(parts)}{extra}."
    if seat.outcome == Outcome.FOLD:
        return f"Take seat {seat.seat}'s ante."
    if seat.net < 0:
        return f"Take seat {seat.seat}'s ante and bet."
    return f"Seat {seat.seat} pushes: return its wagers."


def jackpot_instructions(round_: StudRound) -> list[str]:
    """Each jackpot hit of the round, to stand out above the other lines."""
    currency = round_.table.casino.currency
    lines = []
    for hit in sorted(round_.jackpot_hits.all(), key=lambda h: h.seat):
        hand = hit.category.replace("_", " ")
        if hit.status == HitStatus.PENDING:
            lines.append(f"Seat {hit.seat} hit the jackpot with a {hand}. The award is "
                         f"being settled. {KEEP_THE_CARDS}")
        elif hit.status == HitStatus.AWAITING_APPROVAL:
            form = " and a W-2G" if hit.w2g else ""
            lines.append(f"Seat {hit.seat} hit the jackpot with a {hand}: "
                         f"{in_currency(hit.amount, currency)}, to be paid after a "
                         f"supervisor's approval{form}. {KEEP_THE_CARDS}")
        else:
            lines.append(f"Pay seat {hit.seat}'s jackpot: {in_currency(hit.amount, currency)} "
                         f"for a {hand}.")
    return lines
