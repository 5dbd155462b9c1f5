"""Kill games and betting limits at a poker table: the stakes a hand is played at, whether
the next hand is a kill (who posts, at what stakes), and how much the player to act may
call and raise to. The rules are ``tables.rules.betting``; this reads the table's
settings and its last hand."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tables.floor.models import Kill, Structure, Table
from tables.poker.models import PokerHand
from tables.poker.selectors import last_hand
from tables.rules.betting import (
    DEFAULT_KILL_BIG_BETS,
    BettingRound,
    KillDecision,
    KillKind,
    KillSettings,
    KillTrigger,
    Limits,
    next_hand_kill,
    options,
)
from tables.rules.betting import Structure as BettingStructure

STAKE_FIELDS = ("small_bet", "big_bet", "min_bet", "max_bet", "small_blind", "big_blind", "ante")
KILLED_LIMITS = {"small_bet", "big_bet", "min_bet", "max_bet"}


def _kill_settings(table: Table) -> KillSettings | None:
    if table.kill == Kill.OFF:
        return None
    return KillSettings(KillKind(table.kill), KillTrigger(table.kill_trigger),
                        table.kill_pot_big_bets or DEFAULT_KILL_BIG_BETS)


def _amounts(table: Table, multiplier: Decimal = Decimal(1)) -> dict[str, Decimal | None]:
    """The table's stake amounts for a hand. A kill raises the betting limits; the blinds
    and ante stay, and the kill blind is posted on top of them."""
    amounts = {}
    for field in STAKE_FIELDS:
        value = getattr(table, field)
        if value is not None and field in KILLED_LIMITS:
            value = value * multiplier
        amounts[field] = value
    return amounts


def _money(value: Decimal | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def stakes_of(table: Table, multiplier: Decimal = Decimal(1)) -> dict[str, str | None]:
    """The structure and amounts a hand is played at, as stored and shown."""
    return {"structure": table.structure, "settings_version": table.poker_settings_version,
            **{field: _money(v) for field, v in _amounts(table, multiplier).items()}}


def _kill_blind_base(table: Table) -> Decimal:
    """The kill blind is a multiple of the big blind (the small bet where there is none)."""
    return table.big_blind or table.small_bet


def pending_kill(table: Table, hand: PokerHand | None) -> tuple[int, Decimal] | None:
    """(poster, multiplier) when the hand after ``hand`` is a kill. A kill called before
    the supervisor turned kills off (or left fixed limit) no longer stands."""
    if hand is None or not hand.next_kill:
        return None
    if table.kill == Kill.OFF or table.structure != Structure.FIXED_LIMIT:
        return None
    return hand.next_kill_poster, hand.next_kill_multiplier


def next_hand(table: Table, hand: PokerHand | None) -> dict[str, Any]:
    """What the dealer announces for the next hand: a kill or not, who posts, the stakes.
    The kill blind follows the table's blind now (stakes may have changed since)."""
    kill = pending_kill(table, hand)
    if kill is None:
        return {"kill": False, "kill_blind_by": None, "kill_blind": None,
                "stakes": stakes_of(table)}
    poster, multiplier = kill
    return {"kill": True, "kill_blind_by": poster,
            "kill_blind": _money(_kill_blind_base(table) * multiplier),
            "multiplier": f"{multiplier}", "stakes": stakes_of(table, multiplier)}


def decide_kill(table: Table, *, pot: Decimal, winner: int | None,
                 previous: PokerHand | None) -> KillDecision:
    settings = _kill_settings(table)
    if settings is None:
        return KillDecision(False)
    return next_hand_kill(settings, pot=pot, big_bet=table.big_bet,
                          big_blind=_kill_blind_base(table),
                          winner=winner, previous_winner=previous.winner if previous else None)


def raise_limits(table: Table, *, pot: Decimal, current_bet: Decimal, player_in: Decimal,
                 stack: Decimal, last_raise: Decimal | None = None, bets_made: int = 0,
                 players_in_hand: int = 2, big_street: bool = False) -> dict[str, Any]:
    """What the player to act may do at this table now (its structure, at kill stakes
    when the hand is a kill): call to, and raise to from / up to."""
    kill = pending_kill(table, last_hand(table))
    stakes = {field: value for field, value in
              _amounts(table, kill[1] if kill else Decimal(1)).items() if value is not None}
    bet = stakes.get("big_bet" if big_street else "small_bet", Decimal(0))
    if last_raise is None:
        last_raise = bet or stakes.get("min_bet") or stakes.get("big_blind") or Decimal(0)
    limits = Limits(BettingStructure(table.structure), bet=bet,
                    min_bet=stakes.get("min_bet", Decimal(0)),
                    max_bet=stakes.get("max_bet", Decimal(0)),
                    cap=table.raise_cap or 4, heads_up_uncapped=table.heads_up_uncapped)
    state = BettingRound(current_bet=current_bet, player_in=player_in, stack=stack, pot=pot,
                         last_raise=last_raise, bets_made=bets_made,
                         players_in_hand=players_in_hand)
    result = options(limits, state)
    return {"structure": table.structure, "kill": kill is not None,
            "call_to": _money(result.call_to), "all_in_call": result.all_in_call,
            "min_raise_to": _money(result.min_raise_to),
            "max_raise_to": _money(result.max_raise_to)}


# --- Recording ---------------------------------------------------------------------------
