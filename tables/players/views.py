"""The players' desk: find a player by card or name, open an account, read and change
one; every player shown is logged as read (the privacy log)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST
from pghistory.models import Events

from casino.common.forms import posted_form_data
from casino.common.problems import form_problems, refusal_on_form
from casino.common.roles import Role, role_required
from casino.common.witness import Device
from casino.house import trail
from casino.house.staff import casino_asked
from tables.players import selectors, services
from tables.players.figures import ratings_figures
from tables.players.forms import NoteForm, PlayerFinder, PlayerForm
from tables.players.models import RatingFigures, Sight
from tables.players.pages import PLAYER
from tables.players.summary import summary_of

# The group supervisors too: they lift a group-wide exclusion (with a second one).
KEEPERS = (Role.SUPERVISOR, Role.HOST, Role.GROUP_SUPERVISOR)
PLAYERS_A_PAGE = 30
ACCESSES_SHOWN = 25
RATINGS_SHOWN = 50


@role_required(*KEEPERS)
@require_http_methods(["GET", "POST"])
def player_list(request):
    """The search, the players it finds (logged as listed) and a new account's form."""
    finder = PlayerFinder(request.GET or None)
    asked = finder.cleaned_data if finder.is_valid() else {}
    words = asked.get("q", "")
    # Worth and the last visit are a casino's (its money, its days): the one asked.
    casino, casinos = casino_asked(request)
    found = selectors.players_listed(
        selectors.search(selectors.players_visible_to(request.user), words),
        viewer=request.user, casino=casino, order=asked.get("order") or "name",
        mine=bool(asked.get("mine")))
    form = PlayerForm(posted_form_data(request))
    if request.method == "POST" and form.is_valid():
        try:
            player = services.player_create(actor=request.user, **_typed(form))
        except ValidationError as refused:
            refusal_on_form(form, refused)
        else:
            messages.success(request, f"{player.name}'s account is open (card {player.card}).")
            return redirect("player", pk=player.pk)
    page = Paginator(found[:selectors.FOUND_AT_MOST] if words else found,
                     PLAYERS_A_PAGE).get_page(request.GET.get("page"))
    services.players_read(actor=request.user, players=page, channel="page",
                          sight=Sight.LISTED)
    return render(request, "tables/players/list.html", {
        "finder": finder, "words": words, "page": page, "form": form,
        "casino": casino, "casinos": casinos,
        "problems": form_problems(form) + form_problems(finder),
        "asked": urlencode({k: v for k, v in request.GET.items() if k != "page"})},
        status=400 if form.errors or finder.errors else 200)


NOT_THE_ACCOUNT = ("reason", "witness", "witness_password")


def _typed(form) -> dict:
    return {name: value for name, value in form.cleaned_data.items()
            if name not in NOT_THE_ACCOUNT}


@role_required(*KEEPERS)
@require_http_methods(["GET", "POST"])
def player_page(request, pk: int):
    """His account, its history and who read it; a change by the same form."""
    player = get_object_or_404(selectors.players_visible_to(request.user), pk=pk)
    form = PlayerForm(posted_form_data(request), player=player)
    if request.method == "POST" and form.is_valid():
        typed = form.cleaned_data
        try:
            services.player_update(actor=request.user, player=player,
                                   reason=typed.get("reason", ""),
                                   witness=typed.get("witness", ""),
                                   witness_password=typed.get("witness_password", ""),
                                   device=Device.of(request), **_typed(form))
        except ValidationError as refused:
            refusal_on_form(form, refused)
        except PermissionDenied as denied:  # said on the form, as the API's 403 says it
            refusal_on_form(form, ValidationError({"status": str(denied)}))
        else:
            messages.success(request, f"{player.name}'s account is changed.")
            return redirect("player", pk=player.pk)
    services.players_read(actor=request.user, players=[player], channel="page",
                          sight=Sight.OPENED)
    zone = trail.zone_of_owner(None)  # the group's player: on the group's clock
    ratings = list(selectors.ratings_visible_to(request.user).filter(player=player)
                   .prefetch_related("changes")[:RATINGS_SHOWN])
    worked = ratings_figures(ratings)
    # A closed rating whose figures moved after its close (a void): when, said on its row.
    revised = dict(RatingFigures.objects.filter(rating__in=ratings, revision__gt=1)
                   .order_by("rating", "revision").values_list("rating", "at"))
    shown = {"player": player, "ratings": ratings}
    return render(request, "tables/players/player.html", {
        **shown, **PLAYER.gather(request, shown), "form": form,
        "problems": form_problems(form), "zone": zone,
        "history": trail.entries(Events.objects.tracks(player).order_by("-pgh_id")[:50],
                                 zone=zone, viewer=request.user),
        "accesses": player.accesses.select_related("user")[:ACCESSES_SHOWN],
        "notes": player.notes.select_related("by")[:ACCESSES_SHOWN], "note_form": NoteForm(),
        # One reading of his ratings' hands and of the paytables' house edges.
        "ratings": [(rating, worked[rating.pk]) for rating in ratings], "revised": revised,
        # The head of the page: the sums of the ratings' rows below (issue 44, point 11).
        "summary": summary_of([(rating, worked[rating.pk]) for rating in ratings]),
        "refusals": player.refusals.select_related("table", "by")[:ACCESSES_SHOWN]},
        status=400 if form.errors else 200)


@role_required(*KEEPERS)
@require_POST
def player_note(request, pk: int):
    """A note written on his page: kept, then his page again (a refusal said there)."""
    player = get_object_or_404(selectors.players_visible_to(request.user), pk=pk)
    form = NoteForm(request.POST)
    if form.is_valid():
        try:
            services.note_add(actor=request.user, player=player,
                              text=form.cleaned_data["text"])
        except ValidationError as refused:
            messages.error(request, f"Note: {' '.join(refused.messages)}")
        else:
            messages.success(request, "The note is kept.")
    else:
        messages.error(request, " ".join(form_problems(form)))
    return redirect("player", pk=player.pk)
