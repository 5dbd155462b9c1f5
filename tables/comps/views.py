"""The comps' pages: a player's comps at a casino (balance, a comp given, the ledger),
the comps waiting for a supervisor's approval, and a casino's comp rules and givers'
limits. Every write goes through tables.comps.services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST
from pghistory.models import Events

from casino.common.errors import error_detail
from casino.common.forms import posted_form_data
from casino.common.problems import form_problems, problem_lines, refusal_on_form
from casino.common.roles import Role, role_required
from casino.common.witness import Device
from casino.house import trail
from casino.house.staff import casino_asked, casinos_of
from tables.comps import selectors, services, wording
from tables.comps.forms import CompForm, CompRulesForm, DecisionForm, LimitForm
from tables.comps.models import CompLimit
from tables.players import services as players
from tables.players.models import Sight
from tables.players.selectors import players_visible_to

ENTRIES_SHOWN = 50
DECISION_WORDS = {"comp": "The comp", "note": "Note"}


@role_required(Role.SUPERVISOR, Role.HOST)
@require_http_methods(["GET", "POST"])
def give(request, pk: int):
    """His comps at one of the viewer's casinos: the balance, a comp given, the ledger."""
    player = get_object_or_404(players_visible_to(request.user), pk=pk)
    casino, casinos = casino_asked(request)
    form = CompForm(posted_form_data(request))
    if request.method == "POST" and form.is_valid() and casino is not None:
        try:
            comp = services.comp_give(actor=request.user, player=player, casino=casino,
                                      **form.cleaned_data)
        except ValidationError as refused:
            refusal_on_form(form, refused)
        else:
            currency = casino.currency
            messages.success(request, wording.waits(comp.amount, selectors.limit_of(
                casino, request.user), currency) if comp.needs_approval else wording.given(
                player.name, comp.amount, comp.get_kind_display(), currency))
            return redirect(f"{request.path}?casino={casino.pk}")
    players.players_read(actor=request.user, players=[player], channel="page",
                         sight=Sight.OPENED)
    account = selectors.account_of(player, casino) if casino else None
    entries = (account.entries.select_related("figures__rating__table", "comp")
               .order_by("-id")[:ENTRIES_SHOWN] if account and account.pk else [])
    return render(request, "tables/comps/player_comps.html", {
        "player": player, "casino": casino, "casinos": casinos, "account": account,
        "form": form, "problems": form_problems(form), "entries": entries,
        "comps": selectors.comps_visible_to_account(account) if account else [],
        "limit": selectors.limit_of(casino, request.user) if casino else None,
        "given_today": selectors.given_on(account, request.user, casino.gaming_day(
            timezone.now())) if account and account.pk else 0,
        "states": wording.STATE_WORDS}, status=400 if form.errors else 200)


@role_required(Role.SUPERVISOR)
def waiting(request):
    """The comps over their giver's limit that this supervisor may decide."""
    comps = list(selectors.waiting_for(request.user))
    return render(request, "tables/comps/waiting.html", {
        "comps": comps, "form": DecisionForm()})


@role_required(Role.SUPERVISOR)
@require_POST
def decide(request, pk: int):
    comp = get_object_or_404(selectors.comps_visible_to(request.user), pk=pk)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        for line in form_problems(form):
            messages.error(request, f"Not done: {line}")
        return redirect("pit-comps")
    approved = form.cleaned_data["decision"] == "approve"
    try:
        services.comp_decide(actor=request.user, comp=comp, approved=approved,
                             note=form.cleaned_data["note"])
    except ValidationError as refused:
        for line in problem_lines(error_detail(refused), words=DECISION_WORDS):
            messages.error(request, f"Not done: {line}")
    else:
        name = comp.account.player.name
        messages.success(request, wording.given(
            name, comp.amount, comp.get_kind_display(), comp.account.casino.currency)
            if approved else f"The comp for {name} is declined.")
    return redirect("pit-comps")


@role_required(Role.SUPERVISOR)
@require_http_methods(["GET", "POST"])
def comp_rules(request, pk: int):
    """A casino's comp rules and its givers' own limits, with their history (a change of
    a supervisor's own limit names the second supervisor who confirmed it)."""
    casino = get_object_or_404(casinos_of(request.user), pk=pk)
    rules = selectors.rules_of(casino)
    givers = [u for u in get_user_model().objects.filter(
        casinos=casino, groups__name__in=[Role.SUPERVISOR, Role.HOST])
        .distinct().order_by("username")]
    posted = posted_form_data(request)
    is_limit = request.method == "POST" and "limit" in request.POST
    form = CompRulesForm(None if is_limit else posted, initial=CompRulesForm.initial_of(rules))
    limit_form = LimitForm(posted if is_limit else None, givers=givers)
    chosen = limit_form if is_limit else form
    if request.method == "POST" and chosen.is_valid():
        try:
            if is_limit:
                data = dict(chosen.cleaned_data)
                picked = data.pop("user")
                services.comp_limit_set(actor=request.user, casino=casino,
                                        device=Device.of(request),
                                        user=next(u for u in givers if str(u.pk) == picked),
                                        **data)
            else:
                services.comp_rules_set(actor=request.user, casino=casino,
                                        device=Device.of(request),
                                        **chosen.cleaned_data)
        except ValidationError as refused:
            refusal_on_form(chosen, refused)
        else:
            messages.success(request, f"{casino.name}'s comp rules are saved: they apply to "
                                      "the ratings that close from now on.")
            return redirect("pit-comp-rules", pk=casino.pk)
    limits = list(CompLimit.objects.filter(casino=casino).select_related("user")
                  .order_by("user__username"))
    events = [*(Events.objects.tracks(rules).order_by("-pgh_id")[:50] if rules.pk else ()),
              *(Events.objects.tracks(limits).order_by("-pgh_id")[:50] if limits else ())]
    events.sort(key=lambda event: event.pgh_created_at, reverse=True)
    return render(request, "tables/comps/comp_rules.html", {
        "casino": casino, "zone": casino.zone, "form": form, "limit_form": limit_form,
        "limits": limits,
        "problems": form_problems(chosen),
        "history": trail.entries(events, zone=casino.zone, viewer=request.user)},
        status=400 if chosen.errors else 200)
