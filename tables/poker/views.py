"""Card-room pages: the dealer's one-line quick form, the full-hand form, time
collection and the hand result; the supervisor's rake schedules and table
settings. Every write goes through the services the API uses."""

from __future__ import annotations

import datetime as dt
from functools import partial

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from casino.common.audit import records_only
from casino.common.errors import error_detail
from casino.common.problems import on_seat_rows, problem_lines
from casino.common.roles import Role, role_required
from casino.common.voids import void_on_page
from payouts.terms.models import Method
from tables.floor.models import Kill, Table
from tables.floor.pages import CARD_PICKER
from tables.floor.recording import require_assigned_dealer
from tables.floor.selectors import tables_at_casinos_of
from tables.poker.forms import parse_quick_line, quick_help
from tables.poker.kills import next_hand
from tables.poker.selectors import collections_visible_to, hands_at, hands_visible_to, last_hand
from tables.poker.serializers import PokerHandInput
from tables.poker.services import (
    poker_hand_record,
    poker_hand_void,
    time_collection_record,
    time_collection_void,
)
from tables.poker.wording import hand_summary, structure_words
from tables.rules.cards import split_cards
from tables.rules.showdown import GAMES

COLLECTION_DAYS = 3  # the supervisor's collections page: today and the two days before
EXAMPLE_CARDS = ["Qh", "Qs", "9d", "5c", "3h", "2d", "7s"]

FIELD_WORDS = {"pot": "Pot", "flop_dealt": "Flop", "players_dealt": "Players dealt in",
               "winner": "Winner", "board": "Board", "button": "Button", "table": "Table",
               "winners": "Winners", "period_start": "Period", "non_field_errors": "Hand"}
SEAT_FIELD_WORDS = {"put_in": "chips put in", "cards": "cards", "all_in": "all in",
                    "collected": "collected", "seat": "seat", "folded": "folded"}


def _dealt_table(request, pk: int) -> Table:
    table = get_object_or_404(
        tables_at_casinos_of(request.user).select_related("rake_schedule"), pk=pk)
    require_assigned_dealer(request.user, table, "hands")
    if not table.is_poker:
        raise PermissionDenied(f"{table.label} is a stud table: record its rounds on the "
                               "round form.")
    return table


def _problems(detail, seat_numbers: list[int] | None = None) -> list[str]:
    return problem_lines(detail, words=FIELD_WORDS, seats=seat_numbers,
                         seat_words=SEAT_FIELD_WORDS)


def _record(request, table: Table, body: dict):
    """(hand, None), or (None, the refusal by field): validated like the API, then
    recorded through the service."""
    payload = PokerHandInput(data=body)
    if not payload.is_valid():
        return None, payload.errors
    try:
        hand, _ = poker_hand_record(
            actor=request.user, table=table,
            idempotency_key=request.POST.get("idempotency_key", "")[:80],
            **payload.validated_data)
    except ValidationError as refused:
        return None, error_detail(refused)
    return hand, None


HANDS_A_PAGE = 10  # the table's hands under the quick entry, newest first


@records_only
@role_required(Role.DEALER)
@require_http_methods(["GET", "POST"])
def quick_form(request, pk: int):
    table = _dealt_table(request, pk)
    line = request.POST.get("line", "").strip()
    problems: list[str] = []
    if request.method == "POST":
        try:
            body = parse_quick_line(line)
        except ValueError as error:
            problems = [str(error)]
        else:
            hand, refused = _record(request, table, body)
            if hand is not None:
                return redirect(f"{request.path}?hand={hand.pk}")
            problems = _problems(refused)
    # The dealer is assigned here (checked above): read the table's hands directly.
    hands = hands_at(table)
    last = None
    # A refused line shows its refusal alone: the hand named in the address it was posted
    # to (?hand=N, the previous one's) is not this line's (issue 44, point 11).
    if not problems and request.GET.get("hand", "").isdigit():
        last = hands.filter(pk=int(request.GET["hand"])).first()
    recent = Paginator(hands, HANDS_A_PAGE).get_page(request.GET.get("page"))
    upcoming = next_hand(table, last_hand(table))
    return render(request, "tables/poker_quick.html", {
        "table": table, "line": line if problems else "", "problems": problems, "last": last,
        "summary": hand_summary(last) if last else [], "recent": recent,
        "next": upcoming, "stakes": structure_words(upcoming["stakes"]),
        "help": quick_help(kill=table.kill != Kill.OFF, board=GAMES[table.game].board),
        "time_collection": table.rake_schedule
        and table.rake_schedule.method == Method.TIME,
        "collections": table.time_collections.all()[:5],
        "seat_numbers": range(1, table.seats + 1),
    }, status=400 if problems else 200)


def _full_rows(post, seats: int) -> list[dict]:
    """The seats as posted; a seat with chips in and no state ticked is in the hand, an
    empty seat is in nothing."""
    rows = []
    for n in range(1, seats + 1):
        put_in = post.get(f"seat{n}_put_in", "").strip()
        rows.append({"seat": n, "put_in": put_in,
                     "state": post.get(f"seat{n}_state", "in" if put_in else ""),
                     "cards": post.get(f"seat{n}_cards", "").strip(), "errors": {}})
    return rows


@records_only
@role_required(Role.DEALER)
@require_http_methods(["GET", "POST"])
def full_form(request, pk: int):
    table = _dealt_table(request, pk)
    rows = _full_rows(request.POST, table.seats)
    board = request.POST.get("board", "").strip()
    button = request.POST.get("button", "").strip()
    dealt = request.POST.get("players_dealt", "").strip()
    problems: list[str] = []
    if request.method == "POST":
        playing = [r for r in rows if r["put_in"]]
        body: dict = {"seats": [
            {"seat": r["seat"], "put_in": r["put_in"], "folded": r["state"] == "fold",
             "all_in": r["state"] == "all_in",
             **({"cards": split_cards(r["cards"])} if r["cards"] else {})}
            for r in playing]}
        if board:
            body["board"] = split_cards(board)
        if button:
            body["button"] = button
        if dealt:
            body["players_dealt"] = dealt
        if len(playing) < 2:
            problems = ["Enter the chips put in for at least two seats."]
        else:
            hand, refused = _record(request, table, body)
            if hand is not None:
                return redirect("poker-hand", pk=hand.pk)
            problems = _problems(refused, [r["seat"] for r in playing])
            on_seat_rows(refused, playing)
    upcoming = next_hand(table, last_hand(table))
    game = GAMES[table.game]
    return render(request, "tables/poker_full.html", {
        "flop_game": game.board, "hole_example": " ".join(EXAMPLE_CARDS[:game.hole_cards]),
        "hole_cards": game.hole_cards, "game_name": game.name,
        "table": table, "rows": rows, "board": board, "button": button, "problems": problems,
        "players_dealt": dealt,
        "next": upcoming, "stakes": structure_words(upcoming["stakes"]),
        "seat_numbers": range(1, table.seats + 1), **CARD_PICKER,
    }, status=400 if problems else 200)


@records_only
@role_required(Role.DEALER)
@require_POST
def time_collect(request, pk: int):
    table = _dealt_table(request, pk)
    seats = [int(s) for s in request.POST.getlist("seats") if s.isdigit()]
    try:
        row = time_collection_record(actor=request.user, table=table, seats=seats)
    except ValidationError as refused:
        for line in _problems(error_detail(refused)):
            messages.error(request, line)
    else:
        messages.success(request, f"Time collected for {row.period_start:%H:%M}: "
                                  f"{len(row.seats)} seats at {row.fee_per_seat:.2f} = "
                                  f"{row.amount:.2f}.")
    return redirect("dealer-poker", pk=pk)


@role_required(Role.SUPERVISOR)
@require_POST
def hand_void(request, pk: int):
    hand = get_object_or_404(hands_visible_to(request.user), pk=pk)
    return void_on_page(request, hand, partial(poker_hand_void, hand=hand), noun="hand",
                        page=reverse("poker-hand", args=[pk]))


@role_required(Role.SUPERVISOR)
def table_collections(request, pk: int):
    """A table's time collections of the last gaming days, each with its void."""
    table = get_object_or_404(tables_at_casinos_of(request.user).select_related("casino"),
                              pk=pk)
    since = table.casino.gaming_day(timezone.now()) - dt.timedelta(days=COLLECTION_DAYS - 1)
    collections = (collections_visible_to(request.user)
                   .filter(table=table, gaming_day__gte=since)
                   .select_related("dealer", "correction__voided_by")
                   .order_by("-period_start"))
    return render(request, "tables/time_collections.html", {
        "table": table, "collections": collections, "days": COLLECTION_DAYS})


@role_required(Role.SUPERVISOR)
@require_POST
def collection_void(request, pk: int):
    collection = get_object_or_404(collections_visible_to(request.user), pk=pk)
    return void_on_page(request, collection,
                        partial(time_collection_void, collection=collection),
                        noun="time collection",
                        page=reverse("pit-time-collections", args=[collection.table_id]))


@role_required(Role.DEALER, Role.SUPERVISOR, Role.ACCOUNTANT)
def hand_result(request, pk: int):
    hand = get_object_or_404(hands_visible_to(request.user), pk=pk)
    upcoming = next_hand(hand.table, hand)
    return render(request, "tables/poker_hand.html", {
        "hand": hand, "summary": hand_summary(hand), "next": upcoming,
        "stakes": structure_words(upcoming["stakes"]),
        "is_latest": last_hand(hand.table) == hand})


# --- Supervisor pages -----------------------------------------------------------------------


