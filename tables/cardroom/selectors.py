"""Reads of the card room: its rules, its lists and each list's order (its history
replayed: tables.rules.waitlist.order), the calls made, the seats taken now."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import QuerySet

from casino.house.models import Casino
from tables.cardroom.models import Entry, EntryStep, RoomRules, SeatTaken, Step, Waitlist
from tables.floor.models import Table, TableStatus
from tables.floor.stakes import stake_pair
from tables.rules import waitlist as rules

STEPS = {Step.MOVED: rules.Step.MOVED, Step.SEATED: rules.Step.SEATED,
         Step.REMOVED: rules.Step.REMOVED}


def rules_of(casino: Casino) -> RoomRules:
    """The room's rules, else the defaults (unsaved)."""
    return RoomRules.objects.filter(casino=casino).first() or RoomRules(casino=casino)


def active_lists(casino: Casino) -> QuerySet[Waitlist]:
    return Waitlist.objects.filter(casino=casino, active=True)


def histories(lists) -> dict[int, list[rules.Event]]:
    """Each list's joins and steps as the rules replay them (a join before a step of the
    same instant, each kind in the order it was recorded): two reads, however many
    lists."""
    ids = [w.pk for w in lists]
    rows: dict[int, list] = {pk: [] for pk in ids}
    for entry, waitlist, joined in Entry.objects.filter(waitlist__in=ids).values_list(
            "pk", "waitlist", "joined_at"):
        rows[waitlist].append((joined, 0, entry, rules.Event(entry, rules.Step.JOINED,
                                                             joined, 0)))
    for pk, entry, waitlist, step, at, before in EntryStep.objects.filter(
            entry__waitlist__in=ids, step__in=list(STEPS)).values_list(
            "pk", "entry", "entry__waitlist", "step", "at", "before"):
        rows[waitlist].append((at, 1, pk, rules.Event(entry, STEPS[step], at, 0, before)))
    return {pk: [rules.Event(e.entry, e.step, e.at, n, e.before)
                 for n, (*_, e) in enumerate(sorted(found, key=lambda row: row[:3]))]
            for pk, found in rows.items()}


def history(waitlist: Waitlist) -> list[rules.Event]:
    return histories([waitlist])[waitlist.pk]


def waiting_ids(waitlist: Waitlist) -> list[int]:
    """The entries waiting, first to last."""
    return rules.order(history(waitlist))


def calls(waitlist: Waitlist) -> list[rules.Call]:
    return [rules.Call(entry, at) for entry, at in EntryStep.objects.filter(
        entry__waitlist=waitlist, step=Step.CALLED).values_list("entry", "at")]


def last_calls(entries) -> dict[int, dt.datetime]:
    """Each entry's last call, for those called."""
    return dict(EntryStep.objects.filter(entry__in=list(entries), step=Step.CALLED)
                .order_by("at").values_list("entry", "at"))


@dataclass
class ListsNow:
    """Lists as they stand, read at once for a page or a screen: each list's order, the
    entries waiting, their last calls, and each list's open tables."""

    order: dict[int, list[int]]
    entries: dict[int, Entry]
    called: dict[int, dt.datetime]
    tables: dict[int, list[Table]]

    def status(self, waitlist: Waitlist) -> str:
        """'going' while a table of its game and stakes runs, else 'interest'."""
        return "going" if self.tables[waitlist.pk] else "interest"


def lists_now(lists) -> ListsNow:
    """``ListsNow`` of ``lists``: five reads, however many lists."""
    lists = list(lists)
    order = {pk: rules.order(events) for pk, events in histories(lists).items()}
    waiting = [pk for found in order.values() for pk in found]
    open_tables = list(Table.objects.filter(casino__in={w.casino_id for w in lists},
                                            status=TableStatus.OPEN).order_by("label"))
    return ListsNow(order, Entry.objects.in_bulk(waiting), last_calls(waiting),
                    {w.pk: [t for t in open_tables if _deals(t, w)] for w in lists})


def _deals(table: Table, waitlist: Waitlist) -> bool:
    return (table.casino_id == waitlist.casino_id and table.game == waitlist.game
            and table.structure == waitlist.structure
            and stake_pair(table) == (waitlist.small, waitlist.big))


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


def lists_of_table(table: Table) -> list[Waitlist]:
    """The main lists (not must-move games') of the table's game at its stakes."""
    small, big = stake_pair(table)
    return list(active_lists(table.casino).filter(game=table.game, structure=table.structure,
                                                  small=small, big=big, feeds__isnull=True))


def status_of(waitlist: Waitlist) -> str:
    return lists_now([waitlist]).status(waitlist)


# How far back a game's estimated wait looks for its seatings.
WAITS_WITHIN = dt.timedelta(days=30)


def game_key(waitlist: Waitlist) -> tuple:
    """A game at its stakes, main or must-move: its lists, closed ones too, share waits."""
    return (waitlist.game, waitlist.structure, waitlist.small, waitlist.big,
            waitlist.feeds_id is not None)


def waits_of(casino: Casino, now: dt.datetime) -> dict[tuple, list[dt.timedelta]]:
    """Per game (``game_key``), the waits of the players seated from its lists in the
    last thirty days, each from his join to his seat, oldest seating first: one read. A
    seated player's table change is left out: he waited at a table, not for one."""
    waits: dict[tuple, list[dt.timedelta]] = {}
    for game, structure, small, big, feeds, joined, seated in (
            EntryStep.objects.filter(entry__waitlist__casino=casino, step=Step.SEATED,
                                     entry__change_from__isnull=True,
                                     at__gte=now - WAITS_WITHIN, at__lte=now)
            .order_by("at", "pk").values_list(
                "entry__waitlist__game", "entry__waitlist__structure",
                "entry__waitlist__small", "entry__waitlist__big", "entry__waitlist__feeds",
                "entry__joined_at", "at")):
        waits.setdefault((game, structure, small, big, feeds is not None), []).append(
            seated - joined)
    return waits
