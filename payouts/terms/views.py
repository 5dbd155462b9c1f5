"""Supervisor pages for terms: paytables (list, create, edit drafts, compare, publish) and
rake schedules (the same life cycle).

Publishing is a button of the draft's own form: what is on the screen is saved and
published together, after a confirmation page says what will happen; the form carries
the fingerprint of the draft the page showed, so a draft changed since (another window,
another supervisor) is refused, not published unseen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST
from pghistory.models import Events

from casino.common.confirmation import ask_first, changed_lines, confirm_page
from casino.common.forms import posted_form_data
from casino.common.problems import form_problems, problems_of
from casino.common.roles import Role, role_required
from casino.house import trail
from payouts.governance import governs
from payouts.terms import services
from payouts.terms.forms import CATEGORY_LABELS, NewPaytableForm, PaytableTermsForm, ScheduleForm
from payouts.terms.models import Paytable, RakeSchedule
from payouts.terms.pages import PUBLISHING
from payouts.terms.selectors import terms_visible_to
from payouts.terms.versioning import StaleTerms, VersionedTerms
from tables.rules.stud import STUD_CATEGORIES

# A casino's supervisors and the group's (who governs which terms: the services ask
# payouts.governance; the pages offer a button only to whom it serves).
GOVERNORS = (Role.SUPERVISOR, Role.GROUP_SUPERVISOR)


def _governed(request, terms: VersionedTerms) -> bool:
    return governs(request.user, terms.casino if terms.casino_id else None)


@dataclass(frozen=True)
class TermsPages:
    """How one kind of terms is shown and written, for the flows both kinds share."""

    model: type[VersionedTerms]
    page: str                       # the address name of a version's page
    form: Callable                  # (data, terms, user) -> the terms form
    show: Callable                  # (request, terms, form, problems) -> the page
    kept: Callable = lambda form: None  # the fields a valid form saves (None: all)


# Each write of the terms' pages, by the service of its kind, called by name.

def _update(user, terms, seen: str, changes: dict):
    if isinstance(terms, Paytable):
        return services.paytable_update(actor=user, paytable=terms, seen=seen, **changes)
    return services.schedule_update(actor=user, schedule=terms, seen=seen, **changes)


def _publish_terms(user, terms, seen: str, changes: dict):
    if isinstance(terms, Paytable):
        return services.paytable_publish(actor=user, paytable=terms, seen=seen,
                                         changes=changes)
    return services.schedule_publish(actor=user, schedule=terms, seen=seen, changes=changes)


def _retire(user, terms, seen: str):
    if isinstance(terms, Paytable):
        return services.paytable_retire(actor=user, paytable=terms, seen=seen)
    return services.schedule_retire(actor=user, schedule=terms, seen=seen)


def _new_version(user, terms, seen: str):
    if isinstance(terms, Paytable):
        return services.paytable_new_version(actor=user, paytable=terms)
    return services.schedule_new_version(actor=user, schedule=terms)


def _refused(request, pages: TermsPages, terms, form, refused: ValidationError):
    """The page again with the refusal in words; a draft changed since the page showed
    it comes back as it is now (the supervisor's edits would overwrite unseen ones)."""
    if isinstance(refused, StaleTerms):
        fresh = pages.model.objects.get(pk=terms.pk)
        return pages.show(request, fresh, pages.form(None, fresh, request.user),
                          problems_of(refused))
    return pages.show(request, terms, form, problems_of(refused, form))


def _save(request, pages: TermsPages, terms, form):
    if not form.is_valid():
        return pages.show(request, terms, form, form_problems(form))
    try:
        _update(request.user, terms, form.seen_fingerprint(), form.terms())
    except ValidationError as refused:
        return _refused(request, pages, terms, form, refused)
    messages.success(request, "Draft saved.")
    return redirect(pages.page, pk=terms.pk)


def _publish(request, pages: TermsPages, terms):
    """The draft's form as the supervisor left it: asked, then saved and published."""
    if not terms.is_draft:
        messages.error(request, f"{terms.label} is already {terms.get_status_display().lower()}.")
        return redirect(pages.page, pk=terms.pk)
    form = pages.form(request.POST, terms, request.user)
    if not form.is_valid():
        return pages.show(request, terms, form, form_problems(form))
    here = reverse(pages.page, kwargs={"pk": terms.pk})

    def ask():
        changes = changed_lines(form, pages.kept(form))
        added = PUBLISHING.gather(request, {"terms": terms, "proposed": form.terms()})
        return confirm_page(
            request, title=f"Publish {terms.label}?", button=f"Publish {terms.label}",
            consequences=[f"Publish {terms.label}: it can no longer change, and tables can "
                          f"be assigned to it ({_usable_by(terms, form.owner_terms())}).",
                          *added.get("edge_lines", []),
                          "To change its terms later you make a new version."],
            changes=changes, back=here,
            alternative=("Save the draft only", here))

    try:
        published = ask_first(request, lambda: _publish_terms(
            request.user, terms, form.seen_fingerprint(), form.terms()), ask)
    except ValidationError as refused:
        return _refused(request, pages, terms, form, refused)
    if isinstance(published, HttpResponse):
        return published
    messages.success(request, f"{published.label} published: it can no longer change, and "
                              "tables can be assigned to it.")
    return redirect(pages.page, pk=published.pk)


def _usable_by(terms, owner: dict) -> str:
    """Which tables the terms will go to, with the owner the form gives them."""
    casino = owner["casino"] if owner else terms.casino
    if casino is not None:
        return f"tables of {casino.name} ({casino.currency})"
    return f"tables of any casino in {owner.get('currency') or terms.currency}"


# --- Paytables ----------------------------------------------------------------------------


@role_required(*GOVERNORS)
def paytable_list(request):
    paytables = terms_visible_to(Paytable, request.user).order_by("family_id", "version")
    return render(request, "payouts/paytable_list.html", {
        "paytables": paytables, "form": NewPaytableForm(user=request.user)})


@role_required(*GOVERNORS)
@require_POST
def paytable_create(request):
    form = NewPaytableForm(request.POST, user=request.user)
    problems = form_problems(form) if not form.is_valid() else []
    if not problems:
        try:
            paytable = services.paytable_create(actor=request.user, **form.terms())
        except ValidationError as refused:
            problems = problems_of(refused, form)
        else:
            messages.success(request, f"{paytable} created from the standard "
                                      f"{paytable.variant.upper()} terms. Adjust and publish "
                                      "it.")
            return redirect("pit-paytable", pk=paytable.pk)
    for line in problems:
        messages.error(request, line)
    return redirect("pit-paytable-list")


def _paytable_page(request, paytable: Paytable, form, problems=()):
    versions = Paytable.objects.filter(family=paytable.family_id).order_by("version")
    zone = trail.zone_of_owner(paytable.casino)
    history = trail.entries(Events.objects.tracks(paytable).order_by("-pgh_id")[:50],
                            zone=zone, viewer=request.user)
    return render(request, "payouts/paytable_detail.html", {
        "paytable": paytable, "form": form, "problems": problems, "versions": versions,
        "history": history, "zone": zone, "tables": paytable.tables.select_related("casino"),
        "governs": _governed(request, paytable),
        "written": trail.written_apart(history, "published_at", paytable.published_at),
    }, status=400 if problems else 200)


PAYTABLES = TermsPages(
    model=Paytable, page="pit-paytable", show=_paytable_page,
    form=lambda data, p, user: PaytableTermsForm(data, paytable=p, user=user))


@role_required(*GOVERNORS)
@require_http_methods(["GET", "POST"])
def paytable_detail(request, pk: int):
    paytable = get_object_or_404(terms_visible_to(Paytable, request.user), pk=pk)
    form = PAYTABLES.form(posted_form_data(request), paytable, request.user)
    if request.method == "POST" and paytable.is_draft:
        return _save(request, PAYTABLES, paytable, form)
    return _paytable_page(request, paytable, form)


@role_required(*GOVERNORS)
@require_POST
def paytable_transition(request, pk: int, action: str):
    paytable = get_object_or_404(terms_visible_to(Paytable, request.user), pk=pk)
    if action == "publish":
        return _publish(request, PAYTABLES, paytable)
    return versioned_transition(request, paytable, action, "pit-paytable")


@role_required(*GOVERNORS)
def paytable_compare(request):
    ids = [request.GET.get("a"), request.GET.get("b")]
    if not all(i and i.isdigit() for i in ids):
        messages.error(request, "Pick two paytables to compare.")
        return redirect("pit-paytable-list")
    visible = terms_visible_to(Paytable, request.user)
    left, right = (get_object_or_404(visible, pk=int(i)) for i in ids)
    rows = [(CATEGORY_LABELS[c] + " (N:1)", left.odds.get(c), right.odds.get(c))
            for c in STUD_CATEGORIES]
    rows += [(label, getattr(left, f), getattr(right, f)) for label, f in [
        ("Maximum payout", "max_payout"), ("Dealer qualifier", "dealer_qualifier"),
        ("Minimum ante", "min_ante"), ("Maximum ante", "max_ante"), ("Currency", "currency"),
        ("Status", "status")]]
    return render(request, "payouts/paytable_compare.html", {
        "left": left, "right": right,
        "rows": [(label, a, b, a != b) for label, a, b in rows]})


# --- Rake schedules -------------------------------------------------------------


@role_required(*GOVERNORS)
@require_http_methods(["GET", "POST"])
def schedule_list(request):
    form = ScheduleForm(posted_form_data(request), user=request.user)
    problems: list[str] = []
    if request.method == "POST":
        if form.is_valid():
            try:
                schedule = services.schedule_create(actor=request.user, **form.terms())
            except ValidationError as refused:
                problems = problems_of(refused, form)
            else:
                messages.success(request, f"{schedule} created. Check it and publish it.")
                return redirect("pit-schedule", pk=schedule.pk)
        else:
            problems = form_problems(form)
    schedules = terms_visible_to(RakeSchedule, request.user).order_by("family_id", "version")
    return render(request, "payouts/schedule_list.html", {
        "schedules": schedules, "form": form, "problems": problems},
        status=400 if problems else 200)


def _schedule_page(request, schedule: RakeSchedule, form, problems=()):
    zone = trail.zone_of_owner(schedule.casino)
    history = trail.entries(Events.objects.tracks(schedule).order_by("-pgh_id")[:50],
                            zone=zone, viewer=request.user)
    return render(request, "payouts/schedule_detail.html", {
        "schedule": schedule, "form": form, "problems": problems, "history": history,
        "zone": zone,
        "written": trail.written_apart(history, "published_at", schedule.published_at),
        "versions": RakeSchedule.objects.filter(family=schedule.family_id).order_by("version"),
        "tables": schedule.tables.select_related("casino"),
        "governs": _governed(request, schedule)},
        status=400 if problems else 200)


SCHEDULES = TermsPages(
    model=RakeSchedule, page="pit-schedule", show=_schedule_page,
    form=lambda data, s, user: ScheduleForm(data, schedule=s, user=user),
    kept=lambda form: form.kept())


@role_required(*GOVERNORS)
@require_http_methods(["GET", "POST"])
def schedule_detail(request, pk: int):
    schedule = get_object_or_404(terms_visible_to(RakeSchedule, request.user), pk=pk)
    form = SCHEDULES.form(posted_form_data(request), schedule, request.user)
    if request.method == "POST" and schedule.is_draft:
        return _save(request, SCHEDULES, schedule, form)
    return _schedule_page(request, schedule, form)


@role_required(*GOVERNORS)
@require_POST
def schedule_transition(request, pk: int, action: str):
    schedule = get_object_or_404(terms_visible_to(RakeSchedule, request.user), pk=pk)
    if action == "publish":
        return _publish(request, SCHEDULES, schedule)
    return versioned_transition(request, schedule, action, "pit-schedule")


# What retiring and versioning did (publishing is the draft form's button: _publish).
DONE = {"retire": "retired", "new-version": "created as a draft"}


def versioned_transition(request, terms, action: str, page: str):
    """Retire or version a paytable or schedule from its page, then go back to the page
    of the version the action left (the new draft for new-version). Retiring asks first
    (confirm_page); the write is given the fingerprint the page showed."""
    if action not in DONE:
        raise PermissionDenied(f"'{action}' is not something {terms} can do.")

    def ask():
        return confirm_page(
            request, title=f"Retire {terms.label}?", button=f"Retire {terms.label}",
            back=reverse(page, kwargs={"pk": terms.pk}),
            consequences=[f"{terms.label} can no longer be given to a table; what was "
                          "recorded under it keeps it, and it stays in the history."])

    def write():
        write_it = _retire if action == "retire" else _new_version
        return write_it(request.user, terms, request.POST.get("seen"))

    try:
        result = ask_first(request, write, ask) if action == "retire" else write()
        if isinstance(result, HttpResponse):
            return result
    except ValidationError as refused:
        for line in problems_of(refused):
            messages.error(request, line)
        return redirect(page, pk=terms.pk)
    messages.success(request, f"{result} {DONE[action]}.")
    return redirect(page, pk=result.pk)
