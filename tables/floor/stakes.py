"""What a poker table's settings must satisfy: its rake schedule payable in the
table's currency, a betting structure with the amounts it needs and none it does not,
blinds or an ante, the reopening rule and the kill. The write that changes them is
``services.table_set_poker_settings``; these checks fill in the defaults they imply."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError

from payouts.terms.models import RakeSchedule
from tables.floor.models import Game, Kill, KillTrigger, ReopenRule, Structure, Table
from tables.rules.betting import DEFAULT_KILL_BIG_BETS
from tables.rules.money import unit

POKER_FIELDS = ("rake_schedule", "structure", "small_bet", "big_bet", "min_bet", "max_bet",
                "small_blind", "big_blind", "ante", "raise_cap", "heads_up_uncapped",
                "reopen_rule", "kill", "kill_trigger", "kill_pot_big_bets")
BLIND_GAMES = {Game.HOLDEM, Game.OMAHA, Game.OMAHA_HI_LO, Game.FIVE_CARD_DRAW,
               Game.DEUCE_TO_SEVEN}
DEFAULT_RAISE_CAP = 4
# What each structure uses; the rest is cleared when a table changes structure.
STRUCTURE_FIELDS = {
    Structure.FIXED_LIMIT: {"small_bet", "big_bet", "raise_cap", "heads_up_uncapped"},
    Structure.SPREAD_LIMIT: {"min_bet", "max_bet"},
    Structure.POT_LIMIT: set(),
    Structure.NO_LIMIT: set(),
}
LIMIT_FIELDS = {"small_bet", "big_bet", "raise_cap", "heads_up_uncapped", "min_bet", "max_bet"}


def stake_pair(table: Table) -> tuple[Decimal | None, Decimal | None]:
    """A poker table's stakes as the room names them ("20/40", "1/2"): the small and big
    bet of fixed limit, the spread of spread limit, else the blinds."""
    if table.structure == Structure.FIXED_LIMIT:
        return table.small_bet, table.big_bet
    if table.structure == Structure.SPREAD_LIMIT:
        return table.min_bet, table.max_bet
    return table.small_blind, table.big_blind


def ante_limits(table: Table) -> tuple[Decimal | None, Decimal | None]:
    """The antes a stud table takes, lowest and highest: its own limits where the pit set
    them, else its paytable's (None where neither says)."""
    paytable = table.paytable if table.paytable_id else None
    low = table.min_ante if table.min_ante is not None else getattr(paytable, "min_ante", None)
    high = table.max_ante if table.max_ante is not None else getattr(paytable, "max_ante", None)
    return low, high


def shown(amount) -> str:
    """An amount as the limits' refusals repeat it: 200.00."""
    return f"{Decimal(amount):.2f}"


def _named(field: str) -> str:
    """min_ante -> 'minimum ante', small_bet -> 'small bet'."""
    return field.replace("min_", "minimum_").replace("max_", "maximum_").replace("_", " ")


def order_problem(values: dict, low: str, high: str, changed: set[str]) -> dict[str, str]:
    """A limit pair out of order (a minimum above its maximum, a small bet above the big
    one), refused by the limit that was changed: 'min_ante': '500.00 is above the maximum
    ante, 100.00.'; the higher one's name when only it was changed, else the lower's."""
    below, above = values[low], values[high]
    if below is None or above is None or below <= above:
        return {}
    if high in changed and low not in changed:
        return {high: f"{shown(above)} is below the {_named(low)}, {shown(below)}."}
    return {low: f"{shown(below)} is above the {_named(high)}, {shown(above)}."}


def check_ante_limits(table: Table, paytable, low: Decimal, high: Decimal) -> None:
    """A stud table's ante limits: each within its paytable's, the minimum not above the
    maximum; every limit that is not, refused at once by its own name ('max_ante': '200.00
    is above the paytable's 100.00.')."""
    problems = {}
    for field, value in (("min_ante", low), ("max_ante", high)):
        if value < paytable.min_ante:
            problems[field] = f"{shown(value)} is below the paytable's {shown(paytable.min_ante)}."
        elif value > paytable.max_ante:
            problems[field] = f"{shown(value)} is above the paytable's {shown(paytable.max_ante)}."
    changed = {field for field, value in (("min_ante", low), ("max_ante", high))
               if value != getattr(table, field)}
    problems.update(order_problem({"min_ante": low, "max_ante": high}, "min_ante", "max_ante",
                                  changed))
    if problems:
        raise ValidationError(problems)


def _require(table: Table, *fields: str) -> None:
    for field in fields:
        if getattr(table, field) in (None, ""):
            raise ValidationError({field: f"A {table.get_structure_display().lower()} table "
                                          f"needs its {field.replace('_', ' ')}."})


def _check_currency(schedule: RakeSchedule, table: Table) -> None:
    """A schedule's amounts must be payable in the table's currency (no cents in yen)."""
    chip = unit(table.casino.currency)
    amounts = [("cap", schedule.cap), ("min_pot", schedule.min_pot),
               ("fixed_drop", schedule.fixed_drop), ("time_fee", schedule.time_fee),
               ("bad_beat_drop", schedule.bad_beat_drop),
               ("bad_beat_min_pot", schedule.bad_beat_min_pot),
               *(("caps_by_players", Decimal(v)) for v in schedule.caps_by_players.values())]
    for field, amount in amounts:
        if amount is not None and amount % chip:
            raise ValidationError({"rake_schedule": f"{schedule}: its {field.replace('_', ' ')} "
                                                    f"{amount} is not a whole amount of "
                                                    f"{table.casino.currency}."})


def check_poker_settings(table: Table, schedule: RakeSchedule, *,
                         changed: set[str] = frozenset()) -> None:
    """Refuse settings that do not fit together, naming the field (of a pair out of order,
    the one ``changed``); fill in the defaults (a raise cap of four bets, the full bet
    rule, the kill's ten big bets)."""
    _check_currency(schedule, table)
    _check_structure(table)
    _check_limits(table, changed)
    _check_blinds(table, changed)
    _check_reopen_rule(table)
    _check_kill(table)


def clear_other_structure(table: Table, changes: dict) -> None:
    """A table that changes structure drops the old structure's amounts (a form posts them
    back unchanged); an amount given anew that does not fit is still refused."""
    new = changes.get("structure")
    if not new or new == table.structure or new not in Structure.values:
        return
    for field in LIMIT_FIELDS - STRUCTURE_FIELDS[Structure(new)]:
        if field not in changes or changes[field] == getattr(table, field):
            changes[field] = False if field == "heads_up_uncapped" else None


def _check_structure(table: Table) -> None:
    if not table.structure:
        raise ValidationError({"structure": "Choose the betting structure: "
                                            f"{', '.join(Structure.values)}."})
    if table.structure not in Structure.values:
        raise ValidationError({"structure": f"'{table.structure}' is not a betting structure; "
                                            f"use {', '.join(Structure.values)}."})
    for field in ("small_bet", "big_bet", "min_bet", "max_bet", "small_blind", "big_blind",
                  "ante", "kill_pot_big_bets"):
        value = getattr(table, field)
        if value is not None and Decimal(value) <= 0:
            raise ValidationError({field: f"{value} must be greater than 0."})


def _check_order(table: Table, low: str, high: str, changed: set[str]) -> None:
    problem = order_problem({low: getattr(table, low), high: getattr(table, high)}, low, high,
                            changed)
    if problem:
        raise ValidationError(problem)


def _check_limits(table: Table, changed: set[str]) -> None:
    if table.structure == Structure.FIXED_LIMIT:
        _require(table, "small_bet", "big_bet")
        _check_order(table, "small_bet", "big_bet", changed)
        table.raise_cap = table.raise_cap or DEFAULT_RAISE_CAP
        if not 2 <= table.raise_cap <= 10:
            raise ValidationError({"raise_cap": f"{table.raise_cap} bets per round: a cap is 2 "
                                                "to 10 (4 = a bet and three raises)."})
    else:
        for field in ("small_bet", "big_bet", "raise_cap"):
            if getattr(table, field) is not None:
                words = field.replace("_", " ")
                raise ValidationError({field: f"Only fixed limit tables have a {words}."})
        if table.heads_up_uncapped:
            raise ValidationError({"heads_up_uncapped": "Only fixed limit tables cap raises."})
    if table.structure == Structure.SPREAD_LIMIT:
        _require(table, "min_bet", "max_bet")
        _check_order(table, "min_bet", "max_bet", changed)
    else:
        for field in ("min_bet", "max_bet"):
            if getattr(table, field) is not None:
                raise ValidationError({field: "Only spread limit tables have a minimum and "
                                              "maximum bet."})


def _check_blinds(table: Table, changed: set[str]) -> None:
    if table.big_blind is None and table.ante is None:
        wanted = "big_blind" if table.game in BLIND_GAMES else "ante"
        raise ValidationError({wanted: f"A {table.get_game_display()} table needs its blinds or "
                                       "an ante."})
    if table.small_blind is not None and table.big_blind is None:
        raise ValidationError({"big_blind": "A small blind needs a big blind."})
    _check_order(table, "small_blind", "big_blind", changed)


def _check_reopen_rule(table: Table) -> None:
    table.reopen_rule = table.reopen_rule or ReopenRule.FULL_BET
    if table.reopen_rule not in ReopenRule.values:
        raise ValidationError({"reopen_rule": f"'{table.reopen_rule}' is not a rule; use "
                                              f"{', '.join(ReopenRule.values)}."})
    if table.reopen_rule == ReopenRule.HALF_BET and table.structure in (Structure.POT_LIMIT,
                                                                          Structure.NO_LIMIT):
        raise ValidationError({"reopen_rule": "Pot limit and no limit always use the full bet "
                                              "rule."})


def _check_kill(table: Table) -> None:
    if table.kill not in Kill.values:
        raise ValidationError({"kill": f"'{table.kill}' is not a kill setting; use "
                                       f"{', '.join(Kill.values)}."})
    if table.kill == Kill.OFF:
        table.kill_trigger, table.kill_pot_big_bets = "", None
        return
    if table.structure != Structure.FIXED_LIMIT:
        raise ValidationError({"kill": "Kill games are played in fixed limit."})
    if table.kill_trigger not in KillTrigger.values:
        raise ValidationError({"kill_trigger": "Say what starts a kill: "
                                               f"{', '.join(KillTrigger.values)}."})
    if table.kill_trigger == KillTrigger.POT_SIZE:
        table.kill_pot_big_bets = table.kill_pot_big_bets or DEFAULT_KILL_BIG_BETS
    else:
        table.kill_pot_big_bets = None
