"""Card-room pages: the dealer's one-line quick form, the full-hand form, time
collection and the hand result; the supervisor's collection schedules and table
settings. Every write goes through the services the API uses."""

from __future__ import annotations

import re

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST
from pghistory.models import Events

from casino.common import audit
from casino.common.errors import error_detail
from casino.common.pages import (
    form_problems,
    problems_of,
)
from casino.common.roles import Role, role_required
from payouts.models import Method, RakeSchedule
from payouts.terms.versioning import PublicationStatus
from tables import poker_hands, poker_settings
from tables.dealer_views import CARD_PICKER, _messages
from tables.models import Kill, KillTrigger, ReopenRule, Structure, Table
from tables.poker_serializers import PokerHandInput
from tables.rules.money import MoneyError, parse_plain_decimal
from tables.rules.showdown import GAMES
from tables.selectors import require_assigned_dealer

EXAMPLE_CARDS = ["Qh", "Qs", "9d", "5c", "3h", "2d", "7s"]

QUICK_HELP = ("Type the pot, e.g. 85. Add nf if no flop was dealt, w3 for the winning "
              "seat, 6p for the players dealt in: 85 w3 6p")
FIELD_WORDS = {"pot": "Pot", "flop_dealt": "Flop", "players_dealt": "Players dealt in",
               "winner": "Winner", "board": "Board", "button": "Button", "table": "Table",
               "winners": "Winners", "period_start": "Period", "non_field_errors": "Hand"}
SEAT_FIELD_WORDS = {"put_in": "chips put in", "cards": "cards", "all_in": "all in",
                    "collected": "collected", "seat": "seat", "folded": "folded"}


def _dealt_table(request, pk: int) -> Table:
    table = get_object_or_404(Table.objects.select_related("casino", "rake_schedule"), pk=pk)
    require_assigned_dealer(request.user, table, "hands")
    if not table.is_poker:
        raise PermissionDenied(f"{table.label} is a stud table: record its rounds on the "
                               "round form.")
    return table


def _problems(detail, seat_numbers: list[int] | None = None) -> list[str]:
    """Error bodies in words, naming the seat rather than its index in the request."""
    lines = []
    for where, message in _messages(detail):
        parts = where.split(".")
        if parts[0] == "seats" and len(parts) >= 2 and parts[1].isdigit() and seat_numbers:
            seat = seat_numbers[int(parts[1])]
            field = SEAT_FIELD_WORDS.get(parts[2], parts[2]) if len(parts) > 2 else ""
            message = message.removeprefix(f"Seat {seat}: ")
            lines.append(f"Seat {seat}{', ' + field if field else ''}: {message}")
        else:
            lines.append(f"{FIELD_WORDS.get(parts[0], parts[0].replace('_', ' '))}: {message}")
    return lines


def _record(request, table: Table, body: dict, seat_numbers=None):
    """(hand, problems): validate like the API, then record through the service."""
    payload = PokerHandInput(data=body)
    if not payload.is_valid():
        return None, _problems(payload.errors, seat_numbers)
    try:
        hand, _ = poker_hands.poker_hand_record(
            actor=request.user, table=table,
            idempotency_key=request.POST.get("idempotency_key", "")[:80],
            **payload.validated_data)
    except ValidationError as refused:
        return None, _problems(error_detail(refused), seat_numbers)
    return hand, []


QUICK_TOKEN = re.compile(r"^(?:(?P<nf>nf|noflop|no-flop)|(?P<f>f|flop)|w(?P<w>\d+)|"
                         r"(?P<p>\d+)p)$", re.IGNORECASE)


def parse_quick_line(line: str) -> dict:
    """'85 nf w3 6p' -> {"pot": "85", "flop_dealt": False, "winner": 3, "players_dealt": 6}.

    A flop is assumed dealt unless the line says nf: that is the usual hand, and the
    dealer types one word for the unusual one.
    """
    words = line.replace(",", " ").split()
    if not words:
        raise ValueError("Type the pot first, e.g. 85.")
    try:
        parse_plain_decimal(words[0])
    except MoneyError:
        raise ValueError(f"'{words[0]}' is not a pot: start with the amount, e.g. 85.") from None
    body: dict = {"pot": words[0], "flop_dealt": True}
    said: set[str] = set()
    for word in words[1:]:
        match = QUICK_TOKEN.match(word)
        if not match:
            raise ValueError(f"'{word}' is not understood. {QUICK_HELP}.")
        kind = "flop" if match.lastgroup in ("nf", "f") else match.lastgroup
        if kind in said:
            raise ValueError(f"'{word}' says again what the line already said: give the "
                             "winner, the players and the flop once each.")
        said.add(kind)
        if match["nf"]:
            body["flop_dealt"] = False
        elif match["w"]:
            body["winner"] = int(match["w"])
        elif match["p"]:
            body["players_dealt"] = int(match["p"])
    return body


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
            hand, problems = _record(request, table, body)
            if hand is not None:
                return redirect(f"{request.path}?hand={hand.pk}")
    # The dealer is assigned here (checked above): read the table's hands directly.
    hands = poker_hands.hands_at(table)
    last = None
    if request.GET.get("hand", "").isdigit():
        last = hands.filter(pk=int(request.GET["hand"])).first()
    recent = hands[:10]
    upcoming = poker_hands.next_hand(table, poker_hands.last_hand(table))
    return render(request, "tables/poker_quick.html", {
        "table": table, "line": line if problems else "", "problems": problems, "last": last,
        "summary": poker_hands.hand_summary(last) if last else [], "recent": recent,
        "next": upcoming, "stakes": poker_hands.structure_words(upcoming["stakes"]),
        "help": QUICK_HELP, "time_collection": table.rake_schedule
        and table.rake_schedule.method == Method.TIME,
        "collections": table.time_collections.all()[:5],
        "seat_numbers": range(1, table.seats + 1),
    }, status=400 if problems else 200)


def _full_rows(post, seats: int) -> list[dict]:
    return [{"seat": n, "put_in": post.get(f"seat{n}_put_in", "").strip(),
             "state": post.get(f"seat{n}_state", "in"),
             "cards": post.get(f"seat{n}_cards", "").strip()} for n in range(1, seats + 1)]


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
             **({"cards": r["cards"].replace(",", " ").split()} if r["cards"] else {})}
            for r in playing]}
        if board:
            body["board"] = board.replace(",", " ").split()
        if button:
            body["button"] = button
        if dealt:
            body["players_dealt"] = dealt
        if len(playing) < 2:
            problems = ["Enter the chips put in for at least two seats."]
        else:
            hand, problems = _record(request, table, body, [r["seat"] for r in playing])
            if hand is not None:
                return redirect("poker-hand", pk=hand.pk)
    upcoming = poker_hands.next_hand(table, poker_hands.last_hand(table))
    game = GAMES[table.game]
    return render(request, "tables/poker_full.html", {
        "flop_game": game.board, "hole_example": " ".join(EXAMPLE_CARDS[:game.hole_cards]),
        "hole_cards": game.hole_cards, "game_name": game.name,
        "table": table, "rows": rows, "board": board, "button": button, "problems": problems,
        "players_dealt": dealt,
        "next": upcoming, "stakes": poker_hands.structure_words(upcoming["stakes"]),
        "seat_numbers": range(1, table.seats + 1), **CARD_PICKER,
    }, status=400 if problems else 200)


@role_required(Role.DEALER)
@require_POST
def time_collect(request, pk: int):
    table = _dealt_table(request, pk)
    seats = [int(s) for s in request.POST.getlist("seats") if s.isdigit()]
    try:
        row = poker_hands.time_collection_record(actor=request.user, table=table, seats=seats)
    except ValidationError as refused:
        for line in _problems(error_detail(refused)):
            messages.error(request, line)
    else:
        messages.success(request, f"Time collected for {row.period_start:%H:%M}: "
                                  f"{len(row.seats)} seats at {row.fee_per_seat:.2f} = "
                                  f"{row.amount:.2f}.")
    return redirect("dealer-poker", pk=pk)


@role_required(Role.DEALER, Role.SUPERVISOR, Role.ACCOUNTANT)
def hand_result(request, pk: int):
    hand = get_object_or_404(poker_hands.hands_visible_to(request.user), pk=pk)
    upcoming = poker_hands.next_hand(hand.table, hand)
    return render(request, "tables/poker_hand.html", {
        "hand": hand, "summary": poker_hands.hand_summary(hand), "next": upcoming,
        "stakes": poker_hands.structure_words(upcoming["stakes"]),
        "is_latest": poker_hands.last_hand(hand.table) == hand})


# --- Supervisor pages -----------------------------------------------------------------------


class PokerSettingsForm(forms.ModelForm):
    class Meta:
        model = Table
        fields = list(poker_settings.POKER_FIELDS)
        labels = {"rake_schedule": "Collection schedule",
                  "heads_up_uncapped": "No raise cap heads-up",
                  "reopen_rule": "All-in raise reopens the betting by the",
                  "kill_pot_big_bets": "Kill when the pot exceeds (big bets)"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rake_schedule"].queryset = RakeSchedule.objects.filter(
            status=PublicationStatus.PUBLISHED)
        self.fields["structure"].choices = [("", "—"), *Structure.choices]
        self.fields["reopen_rule"].choices = [("", "—"), *ReopenRule.choices]
        self.fields["kill_trigger"].choices = [("", "—"), *KillTrigger.choices]
        self.fields["kill"].choices = Kill.choices


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def table_settings(request, pk: int):
    table = get_object_or_404(Table.objects.select_related("casino"), pk=pk)
    if not table.is_poker:
        raise PermissionDenied(f"{table.label} is a stud table; it has a paytable instead.")
    form = PokerSettingsForm(request.POST or None, instance=Table.objects.get(pk=pk))
    problems: list[str] = []
    if request.method == "POST":
        if form.is_valid():
            changes = {f: form.cleaned_data[f] for f in poker_settings.POKER_FIELDS}
            try:
                poker_settings.table_set_poker_settings(actor=request.user, table=table,
                                                        **changes)
            except ValidationError as refused:
                problems = problems_of(refused)
            else:
                messages.success(request, f"{table.label} settings saved. Hands already "
                                          "recorded keep the settings they were played under.")
                return redirect("pit-poker-settings", pk=pk)
        else:
            problems = form_problems(form)
    events = audit.entries(Events.objects.tracks(table).order_by("-pgh_id")[:30])
    return render(request, "tables/poker_settings.html", {
        "table": table, "form": form, "problems": problems, "history": events},
        status=400 if problems else 200)
