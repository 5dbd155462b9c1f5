"""The seats of a table, stud or poker, for the pit and the table's dealers: who sits where
(tables.cardroom.seating, as every page reads it), who is rated where and for how long;
seat a player by his card, pause, resume, close or move a rating with a tap. It lives
with the card room, beside the seats it reads (the players' package is below it)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from casino.common.errors import error_detail
from casino.common.problems import problem_lines
from casino.common.roles import Role, role_required
from tables.cardroom.seating import seats_now
from tables.floor.models import Game
from tables.floor.selectors import tables_at_casinos_of
from tables.players import selectors, services
from tables.players.figures import ratings_figures

WORDS = {"seat": "Seat", "player": "Player", "card": "Card number", "status": "Rating"}
STEPS = {"pause": services.rating_pause, "resume": services.rating_resume,
         "close": services.rating_close}


@role_required(Role.SUPERVISOR, Role.DEALER)
@require_http_methods(["GET", "POST"])
def table_seats(request, pk: int):
    table = get_object_or_404(tables_at_casinos_of(request.user), pk=pk)
    if request.method == "POST":
        try:
            said = _act(request, table)
        except ValidationError as refused:
            for line in problem_lines(error_detail(refused), words=WORDS):
                messages.error(request, f"Not done: {line}")
        else:
            messages.success(request, said)
        return redirect("table-seats", pk=table.pk)
    open_here = {r.seat: r for r in selectors.open_ratings().filter(table=table)
                 .select_related("player", "table__casino").prefetch_related("changes")}
    worked = ratings_figures(list(open_here.values()))  # the rated seats read at once
    sitting = seats_now([table], timezone.now())[table.pk]
    seats = [(n, open_here.get(n), worked.get(open_here[n].pk) if n in open_here else None,
              sitting.sitters.get(n)) for n in range(1, table.seats + 1)]
    # A move stays in its room: stud to stud, poker to poker (any game and stakes there).
    others = tables_at_casinos_of(request.user).filter(casino=table.casino_id)
    others = (others.exclude(game=Game.CARIBBEAN_STUD) if table.is_poker
              else others.filter(game=Game.CARIBBEAN_STUD)).order_by("label")
    return render(request, "tables/players/seats.html", {
        "table": table, "seats": seats, "others": others, "sitting": sitting,
        "zone": table.casino.timezone})


def _act(request, table) -> str:
    """Do what the tapped button asks; the words to say it was done."""
    action = request.POST.get("action", "")
    if action == "seat":
        rating = services.rating_open(actor=request.user, table=table,
                                      seat=_number(request.POST.get("seat"), "seat"),
                                      card=request.POST.get("card", ""))
        return (f"{rating.player.first_name} ({rating.player.get_tier_display()}) is seated "
                f"at seat {rating.seat}: his rating is open.")
    rating = get_object_or_404(selectors.ratings_visible_to(request.user).filter(table=table),
                               pk=_number(request.POST.get("rating"), "status"))
    if action in STEPS:
        STEPS[action](actor=request.user, rating=rating)
        return f"{rating.player.first_name}'s rating at seat {rating.seat}: {action}d."
    if action == "move":
        target = get_object_or_404(tables_at_casinos_of(request.user), pk=_number(
            request.POST.get("to_table"), "seat"))
        moved = services.rating_move(actor=request.user, rating=rating, table=target,
                                     seat=_number(request.POST.get("to_seat"), "seat"))
        return (f"{rating.player.first_name} moved to {moved.table.label} seat {moved.seat}: "
                "one rating closed, the next open, in the same visit.")
    raise ValidationError({"status": f"'{action}' is not something done to a seat."})


def _number(raw, field: str) -> int:
    try:
        return int(str(raw).strip())
    except (TypeError, ValueError):
        raise ValidationError({field: f"'{raw}' is not a number."}) from None



