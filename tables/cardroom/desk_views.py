"""The card room desk (/pit/cardroom/, supervisors: the brush's work): the lists and the
tables as they stand, a player joined, called, seated, moved or taken off, a seat taken
or left, a table change. Every write goes through tables.cardroom.services; the outcome
is said on the page it goes back to."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from casino.common.problems import carried_out, form_refused
from casino.common.roles import Role, role_required
from casino.house.staff import casino_asked
from tables.cardroom import services
from tables.cardroom.desk import desk as desk_of
from tables.cardroom.desk import players_shown
from tables.cardroom.forms import EntryForm, JoinForm, ListForm, SeatForm, WaitlistForm
from tables.cardroom.models import Entry, SeatTaken, Waitlist
from tables.floor.models import Table, TableStatus
from tables.floor.services import table_update
from tables.players import services as players
from tables.rules import waitlist as waits

WORDS = {"entry": "Player", "table": "Table", "seat": "Seat", "reason": "Why",
         "name": "Name", "phone": "Phone", "card": "Card", "game": "Game", "small": "Small",
         "big": "Big", "feeds": "Must move to", "waitlist": "List"}


def _back(casino):
    return redirect(f"/pit/cardroom/?casino={casino.pk}" if casino else "/pit/cardroom/")


def _posted(request, form_class):
    """The desk's casino and the posted form's data (None where the form is refused: its
    problems said as messages on the desk it goes back to)."""
    casino, _ = casino_asked(request)
    form = form_class(request.POST)
    if casino is None or form_refused(request, form):
        return casino, None
    return casino, form.cleaned_data


@role_required(Role.SUPERVISOR)
def desk(request):
    casino, casinos = casino_asked(request)
    shown = desk_of(casino, timezone.now()) if casino else None
    if shown is not None:  # the privacy log: each rated player the desk names
        players.players_read(actor=request.user, players=players_shown(shown),
                             channel="page", sight="listed")
    return render(request, "tables/cardroom/desk.html", {
        "desk": shown, "casino": casino, "casinos": casinos, "list_form": ListForm(),
        "waits_read": waits.WAITS_READ, "waits_needed": waits.WAITS_NEEDED})


@role_required(Role.SUPERVISOR)
@require_POST
def open_list(request):
    casino, data = _posted(request, ListForm)
    if data is not None:
        feeds = (get_object_or_404(Waitlist.objects.filter(casino=casino), pk=data["feeds"])
                 if data["feeds"] else None)

        def act() -> str:
            made = services.waitlist_open(
                actor=request.user, casino=casino, game=data["game"],
                structure=data["structure"], small=data["small"], big=data["big"], feeds=feeds)
            return f"The list for {made.label} is open."

        carried_out(request, act, WORDS)
    return _back(casino)


@role_required(Role.SUPERVISOR)
@require_POST
def join(request):
    casino, data = _posted(request, JoinForm)
    if data is not None:
        waitlist = get_object_or_404(Waitlist.objects.filter(casino=casino),
                                     pk=data["waitlist"])

        def act() -> str:
            entry, _ = services.entry_join(actor=request.user, waitlist=waitlist,
                                           name=data["name"], phone=data["phone"],
                                           card=data["card"])
            return f"{entry.name} is on {waitlist.label}."

        carried_out(request, act, WORDS)
    return _back(casino)


@role_required(Role.SUPERVISOR)
@require_POST
def call_next(request):
    """A seat opened: the list's next player not called yet is called."""
    casino, data = _posted(request, WaitlistForm)
    if data is not None:
        waitlist = get_object_or_404(Waitlist.objects.filter(casino=casino),
                                     pk=data["waitlist"])

        def act() -> str:
            step = services.entry_call_next(actor=request.user, waitlist=waitlist)
            return f"{step.entry.name} is called for {waitlist.label}."

        carried_out(request, act, WORDS)
    return _back(casino)


@role_required(Role.SUPERVISOR)
@require_POST
def entry_step(request):
    casino, data = _posted(request, EntryForm)
    if data is not None:
        entry = get_object_or_404(Entry.objects.filter(waitlist__casino=casino)
                                  .select_related("waitlist__casino"), pk=data["entry"])
        carried_out(request, lambda: _entry_step(request.user, casino, entry, data), WORDS)
    return _back(casino)


def _entry_step(me, casino, entry: Entry, data: dict) -> str:
    if data["action"] == "call":
        services.entry_call(actor=me, entry=entry)
        return f"{entry.name} is called for {entry.waitlist.label}."
    if data["action"] == "seat":
        table = get_object_or_404(Table.objects.filter(casino=casino), pk=data["table"] or 0)
        services.entry_seat(actor=me, entry=entry, table=table, seat=data["seat"] or 0)
        return f"{entry.name} sits at seat {data['seat']} of {table.label}."
    if data["action"] == "move":
        services.entry_move(actor=me, entry=entry, position=data["position"] or 1,
                            reason=data["reason"])
        return f"{entry.name} is number {data['position'] or 1} on {entry.waitlist.label}."
    services.entry_remove(actor=me, entry=entry, reason=data["reason"])
    return f"{entry.name} is off {entry.waitlist.label}."


@role_required(Role.SUPERVISOR)
@require_POST
def seat_step(request):
    casino, data = _posted(request, SeatForm)
    if data is not None:
        act = _table_state if data["action"] in ("open", "close") else _seat_step
        carried_out(request, lambda: act(request.user, casino, data), WORDS)
    return _back(casino)


def _seat_step(me, casino, data: dict) -> str:
    if data["action"] == "take":
        table = get_object_or_404(Table.objects.filter(casino=casino, status=TableStatus.OPEN),
                                  pk=data["table"] or 0)
        taken = services.seat_take(actor=me, table=table, seat=data["seat"] or 0,
                                   name=data["name"], card=data["card"])
        return f"{taken.name} sits at seat {taken.seat} of {table.label}."
    taken = get_object_or_404(SeatTaken.objects.filter(table__casino=casino)
                              .select_related("table__casino"), pk=data["taken"] or 0)
    if data["action"] == "leave":
        services.seat_leave(actor=me, taken=taken)
        return f"Seat {taken.seat} of {taken.table.label} is open."
    waitlist = get_object_or_404(Waitlist.objects.filter(casino=casino), pk=data["waitlist"] or 0)
    services.table_change_ask(actor=me, taken=taken, waitlist=waitlist)
    return f"{taken.name} waits for another {waitlist.label} table."


def _table_state(me, casino, data: dict) -> str:
    """A card-room table opened or closed by the brush (its game then goes on the room's
    board, or off it): the floor's own service, refused in words where its chips decide."""
    table = get_object_or_404(Table.objects.filter(casino=casino), pk=data["table"] or 0)
    if not table.is_poker:
        raise ValidationError(f"{table.label} is not a card-room table.")
    status = TableStatus.OPEN if data["action"] == "open" else TableStatus.CLOSED
    table_update(actor=me, table=table, status=status)
    return f"{table.label} is {status.label.lower()}."
