"""Betting structures: what the next player may do (RULES.md section 4).

Amounts are "to" amounts: the total a player has put in on this betting round
after the action, as dealers announce them ("raise to 40").
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

ZERO = Decimal(0)


class Structure(StrEnum):
    FIXED_LIMIT = "fixed_limit"
    SPREAD_LIMIT = "spread_limit"
    POT_LIMIT = "pot_limit"
    NO_LIMIT = "no_limit"


class ReopenRule(StrEnum):
    FULL_BET = "full_bet"   # only a full raise reopens the betting (always in pot/no limit)
    HALF_BET = "half_bet"   # in limit games: an all-in of at least half a bet reopens


@dataclass(frozen=True)
class BettingRound:
    """The state of one betting round when a player is to act."""

    current_bet: Decimal            # the highest "to" amount so far on this round
    player_in: Decimal              # what the player to act has put in on this round
    stack: Decimal                  # the chips he has left in front of him (table stakes)
    pot: Decimal                    # everything in the middle, this round's bets included
    last_raise: Decimal             # size of the last full bet or raise (the big blind preflop)
    bets_made: int = 0              # the opening bet and raises so far on this round
    players_in_hand: int = 2


@dataclass(frozen=True)
class Limits:
    structure: Structure
    bet: Decimal = ZERO             # fixed limit: the bet size of this round (small or big bet)
    min_bet: Decimal = ZERO         # spread limit
    max_bet: Decimal = ZERO         # spread limit
    cap: int = 4                    # fixed limit: bets per round (a bet and three raises)
    heads_up_uncapped: bool = False  # lift the cap when only two players remain


@dataclass(frozen=True)
class Options:
    """What the player may do: call (to an amount), and raise to within a range."""

    call_to: Decimal                # 'to' amount of a call (check when it equals player_in)
    all_in_call: bool               # calling takes every chip he has
    min_raise_to: Decimal | None    # None: he may not raise
    max_raise_to: Decimal | None

    @property
    def can_raise(self) -> bool:
        return self.min_raise_to is not None


def options(limits: Limits, state: BettingRound) -> Options:
    all_in_to = state.player_in + state.stack
    call_to = min(state.current_bet, all_in_to)
    all_in_call = call_to == all_in_to and state.current_bet >= all_in_to
    if all_in_call:
        return Options(call_to, True, None, None)

    if limits.structure == Structure.FIXED_LIMIT:
        capped = state.bets_made >= limits.cap and not (
            limits.heads_up_uncapped and state.players_in_hand == 2)
        if capped:
            return Options(call_to, False, None, None)
        target = state.current_bet + limits.bet
        return Options(call_to, False, min(target, all_in_to), min(target, all_in_to))

    if limits.structure == Structure.SPREAD_LIMIT:
        smallest = max(limits.min_bet, state.last_raise if state.current_bet else ZERO)
        low = state.current_bet + smallest
        high = state.current_bet + limits.max_bet
        if low > high:
            return Options(call_to, False, None, None)
        return Options(call_to, False, min(low, all_in_to), min(high, all_in_to))

    min_raise_to = state.current_bet + state.last_raise
    if limits.structure == Structure.POT_LIMIT:
        to_call = state.current_bet - state.player_in
        # Raise by the pot after calling; a minimum raise is always allowed, even into a
        # pot smaller than the last raise.
        max_raise_to = max(state.current_bet + state.pot + to_call, min_raise_to)
    else:
        max_raise_to = all_in_to
    return Options(call_to, False, min(min_raise_to, all_in_to), min(max_raise_to, all_in_to))


# --- Kill games ---------------------------------------------------------------------


DEFAULT_KILL_BIG_BETS = Decimal(10)  # "the most typical value" (seed text)


class KillKind(StrEnum):
    FULL = "full"   # stakes doubled, kill blind twice the big blind
    HALF = "half"   # stakes times 1.5


class KillTrigger(StrEnum):
    POT_SIZE = "pot_size"          # the previous pot exceeded a set number of big bets
    TWO_IN_A_ROW = "two_in_a_row"  # one player won two pots in a row


@dataclass(frozen=True)
class KillSettings:
    kind: KillKind
    trigger: KillTrigger
    pot_big_bets: Decimal = DEFAULT_KILL_BIG_BETS


@dataclass(frozen=True)
class KillDecision:
    active: bool
    poster: int | None = None       # the seat that posts the kill blind
    multiplier: Decimal = Decimal(1)
    kill_blind: Decimal = ZERO

    def stakes(self, amount: Decimal) -> Decimal:
        return amount * self.multiplier


def next_hand_kill(settings: KillSettings | None, *, pot: Decimal, big_bet: Decimal,
                   big_blind: Decimal, winner: int | None,
                   previous_winner: int | None) -> KillDecision:
    """Whether the next hand is a kill hand, who posts the kill blind and at what stakes.

    A split pot has no single winner (``winner=None``) and triggers no kill.
    """
    if settings is None or winner is None:
        return KillDecision(False)
    if settings.trigger == KillTrigger.POT_SIZE:
        # "greater than $400" in a 20/40 game (the seed text): a pot of exactly 400 is no kill
        triggered = pot > settings.pot_big_bets * big_bet
    else:
        triggered = previous_winner == winner
    if not triggered:
        return KillDecision(False)
    multiplier = Decimal(2) if settings.kind == KillKind.FULL else Decimal("1.5")
    return KillDecision(True, winner, multiplier, big_blind * multiplier)
