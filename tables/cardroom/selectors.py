"""Reads of the card room: its rules, its lists and each list's order (its history
replayed: tables.rules.waitlist.order), the calls made, the seats taken now."""

from __future__ import annotations

from django.db.models import QuerySet

from tables.cardroom.models import Entry, EntryStep, RoomRules, SeatTaken, Step, Waitlist
from tables.floor.models import Casino, Table, TableStatus
from tables.floor.stakes import stake_pair
from tables.rules import waitlist as rules

STEPS = {Step.MOVED: rules.Step.MOVED, Step.SEATED: rules.Step.SEATED,
         Step.REMOVED: rules.Step.REMOVED}


def rules_of(casino: Casino) -> RoomRules:
    """The room's rules, else the defaults (unsaved)."""
    return RoomRules.objects.filter(casino=casino).first() or RoomRules(casino=casino)


def active_lists(casino: Casino) -> QuerySet[Waitlist]:
    return Waitlist.objects.filter(casino=casino, active=True)


def history(waitlist: Waitlist) -> list[rules.Event]:
    """The list's joins and steps as the rules replay them: a join before a step of the
    same instant, each kind in the order it was recorded."""
    found = [(entry.joined_at, 0, entry.pk, rules.Event(entry.pk, rules.Step.JOINED,
                                                        entry.joined_at, 0))
             for entry in Entry.objects.filter(waitlist=waitlist).only("pk", "joined_at")]
    found += [(step.at, 1, step.pk, rules.Event(step.entry_id, STEPS[step.step], step.at, 0,
                                                step.before_id))
              for step in EntryStep.objects.filter(entry__waitlist=waitlist,
                                                   step__in=list(STEPS))]
    found.sort(key=lambda row: row[:3])
    return [rules.Event(e.entry, e.step, e.at, n, e.before)
            for n, (*_, e) in enumerate(found)]


def waiting_ids(waitlist: Waitlist) -> list[int]:
    """The entries waiting, first to last."""
    return rules.order(history(waitlist))


def calls(waitlist: Waitlist) -> list[rules.Call]:
    return [rules.Call(entry, at) for entry, at in EntryStep.objects.filter(
        entry__waitlist=waitlist, step=Step.CALLED).values_list("entry", "at")]


def who(name: str, player, entry=None) -> str:
    """Who a seat's player is, for the rule that a player holds one seat: his card where
    he is rated, his entry where he came from a list; a walk-in is only himself."""
    if player is not None:
        return f"card {player.card}"
    return f"entry {entry.pk}" if entry is not None else ""


def open_seats_taken(casino: Casino) -> QuerySet[SeatTaken]:
    return (SeatTaken.objects.filter(table__casino=casino, left__isnull=True)
            .select_related("table", "player"))


def seats_of(casino: Casino) -> rules.Seats:
    """The room's seats taken now."""
    return rules.Seats(rules.Taken(t.table_id, t.seat, t.name, t.at,
                                   key=who(t.name, t.player, t.entry) or f"seat {t.pk}",
                                   where=t.table.label)
                       for t in open_seats_taken(casino))


def tables_of(waitlist: Waitlist) -> list[Table]:
    """The open tables dealing the list's game at its stakes."""
    tables = Table.objects.filter(casino=waitlist.casino_id, game=waitlist.game,
                                  structure=waitlist.structure, status=TableStatus.OPEN)
    return [t for t in tables if stake_pair(t) == (waitlist.small, waitlist.big)]


def lists_of_table(table: Table) -> list[Waitlist]:
    """The main lists (not must-move games') of the table's game at its stakes."""
    small, big = stake_pair(table)
    return list(active_lists(table.casino).filter(game=table.game, structure=table.structure,
                                                  small=small, big=big, feeds__isnull=True))


def status_of(waitlist: Waitlist) -> str:
    """'going' while a table of its game and stakes runs, else 'interest'."""
    return "going" if tables_of(waitlist) else "interest"
