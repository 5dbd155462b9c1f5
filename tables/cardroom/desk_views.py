"""The card room desk (/pit/cardroom/, supervisors: the brush's work): the lists and the
tables as they stand, a player joined, called, seated, moved or taken off, a seat taken
or left, a table change. Every write goes through tables.cardroom.services; the outcome
is said on the page it goes back to."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from casino.common.problems import form_refused, say_refused
from casino.common.roles import Role, role_required
from casino.common.staff import casino_asked
from tables.cardroom import services
from tables.cardroom.desk import desk as desk_of
from tables.cardroom.forms import EntryForm, JoinForm, ListForm, SeatForm
from tables.cardroom.models import Entry, SeatTaken, Waitlist
from tables.floor.models import Table, TableStatus
from tables.floor.services import table_update

WORDS = {"entry": "Player", "table": "Table", "seat": "Seat", "reason": "Why",
         "name": "Name", "phone": "Phone", "card": "Card", "game": "Game", "small": "Small",
         "big": "Big", "feeds": "Must move to", "waitlist": "List"}


def _back(casino):
    return redirect(f"/pit/cardroom/?casino={casino.pk}" if casino else "/pit/cardroom/")


def _refused(request, refused: ValidationError) -> None:
    say_refused(request, refused, WORDS)


def _valid(request, form) -> bool:
    return not form_refused(request, form)


@role_required(Role.SUPERVISOR)
def desk(request):
    casino, casinos = casino_asked(request)
    return render(request, "tables/cardroom/desk.html", {
        "desk": desk_of(casino, timezone.now()) if casino else None, "casino": casino,
        "casinos": casinos, "list_form": ListForm()})


@role_required(Role.SUPERVISOR)
@require_POST
def open_list(request):
    casino, _ = casino_asked(request)
    form = ListForm(request.POST)
    if casino is None or not _valid(request, form):
        return _back(casino)
    data = form.cleaned_data
    feeds = (get_object_or_404(Waitlist.objects.filter(casino=casino), pk=data["feeds"])
             if data["feeds"] else None)
    try:
        made = services.waitlist_open(actor=request.user, casino=casino, game=data["game"],
                                      structure=data["structure"], small=data["small"],
                                      big=data["big"], feeds=feeds)
    except ValidationError as refused:
        _refused(request, refused)
    else:
        messages.success(request, f"The list for {made.label} is open.")
    return _back(casino)


@role_required(Role.SUPERVISOR)
@require_POST
def join(request):
    casino, _ = casino_asked(request)
    form = JoinForm(request.POST)
    if casino is None or not _valid(request, form):
        return _back(casino)
    data = form.cleaned_data
    waitlist = get_object_or_404(Waitlist.objects.filter(casino=casino), pk=data["waitlist"])
    try:
        entry, _ = services.entry_join(actor=request.user, waitlist=waitlist,
                                       name=data["name"], phone=data["phone"],
                                       card=data["card"])
    except ValidationError as refused:
        _refused(request, refused)
    else:
        messages.success(request, f"{entry.name} is on {waitlist.label}.")
    return _back(casino)


@role_required(Role.SUPERVISOR)
@require_POST
def call_next(request):
    """A seat opened: the list's next player not called yet is called."""
    casino, _ = casino_asked(request)
    form = JoinForm(request.POST)  # its list, the rest unused
    if casino is None or "waitlist" in form.errors:
        return _back(casino)
    waitlist = get_object_or_404(Waitlist.objects.filter(casino=casino),
                                 pk=form.cleaned_data["waitlist"])
    try:
        step = services.entry_call_next(actor=request.user, waitlist=waitlist)
    except ValidationError as refused:
        _refused(request, refused)
    else:
        messages.success(request, f"{step.entry.name} is called for {waitlist.label}.")
    return _back(casino)


@role_required(Role.SUPERVISOR)
@require_POST
def entry_step(request):
    casino, _ = casino_asked(request)
    form = EntryForm(request.POST)
    if casino is None or not _valid(request, form):
        return _back(casino)
    data, me = form.cleaned_data, request.user
    entry = get_object_or_404(Entry.objects.filter(waitlist__casino=casino)
                              .select_related("waitlist__casino"), pk=data["entry"])
    try:
        if data["action"] == "call":
            services.entry_call(actor=me, entry=entry)
            done = f"{entry.name} is called for {entry.waitlist.label}."
        elif data["action"] == "seat":
            table = get_object_or_404(Table.objects.filter(casino=casino), pk=data["table"] or 0)
            services.entry_seat(actor=me, entry=entry, table=table, seat=data["seat"] or 0)
            done = f"{entry.name} sits at seat {data['seat']} of {table.label}."
        elif data["action"] == "move":
            services.entry_move(actor=me, entry=entry, position=data["position"] or 1,
                                reason=data["reason"])
            done = f"{entry.name} is number {data['position'] or 1} on {entry.waitlist.label}."
        else:
            services.entry_remove(actor=me, entry=entry, reason=data["reason"])
            done = f"{entry.name} is off {entry.waitlist.label}."
    except ValidationError as refused:
        _refused(request, refused)
    else:
        messages.success(request, done)
    return _back(casino)


@role_required(Role.SUPERVISOR)
@require_POST
def seat_step(request):
    casino, _ = casino_asked(request)
    form = SeatForm(request.POST)
    if casino is None or not _valid(request, form):
        return _back(casino)
    data, me = form.cleaned_data, request.user
    if data["action"] in ("open", "close"):
        return _table_state(request, casino, data)
    try:
        if data["action"] == "take":
            table = get_object_or_404(Table.objects.filter(casino=casino,
                                                           status=TableStatus.OPEN),
                                      pk=data["table"] or 0)
            taken = services.seat_take(actor=me, table=table, seat=data["seat"] or 0,
                                       name=data["name"], card=data["card"])
            done = f"{taken.name} sits at seat {taken.seat} of {table.label}."
        else:
            taken = get_object_or_404(SeatTaken.objects.filter(table__casino=casino)
                                      .select_related("table__casino"), pk=data["taken"] or 0)
            if data["action"] == "leave":
                services.seat_leave(actor=me, taken=taken)
                done = f"Seat {taken.seat} of {taken.table.label} is open."
            else:
                waitlist = get_object_or_404(Waitlist.objects.filter(casino=casino),
                                             pk=data["waitlist"] or 0)
                services.table_change_ask(actor=me, taken=taken, waitlist=waitlist)
                done = f"{taken.name} waits for another {waitlist.label} table."
    except ValidationError as refused:
        _refused(request, refused)
    else:
        messages.success(request, done)
    return _back(casino)


def _table_state(request, casino, data):
    """A card-room table opened or closed by the brush (its game then goes on the room's
    board, or off it): the floor's own service, refused in words where its chips decide."""
    table = get_object_or_404(Table.objects.filter(casino=casino), pk=data["table"] or 0)
    if not table.is_poker:
        messages.error(request, f"Not done: {table.label} is not a card-room table.")
        return _back(casino)
    status = TableStatus.OPEN if data["action"] == "open" else TableStatus.CLOSED
    try:
        table_update(actor=request.user, table=table, status=status)
    except ValidationError as refused:
        _refused(request, refused)
    else:
        messages.success(request, f"{table.label} is {status.label.lower()}.")
    return _back(casino)
