"""The count room's pages (a gaming day's boxes, a box's count, a count and its
corrections) and the supervisor's variances. What the count adds to the floor's Pit
overview and the chips' page are its panels (tables.count.pages)."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods

from casino.common.forms import posted_form_data
from casino.common.problems import form_problems, refusal_on_form
from casino.common.roles import Role, has_role, is_supervisor, role_required
from casino.common.witness import Device
from casino.house.staff import casinos_of
from tables.chips.wording import chips_words, shift_words
from tables.count import wording
from tables.count.forms import CorrectionForm, CountForm, DayForm, ExplanationForm
from tables.count.pages import unexplained
from tables.count.selectors import (
    box_problem,
    boxes_to_count,
    counts_in,
    counts_visible_to,
    shift_results,
    standing,
    threshold_of,
    variances_visible_to,
)
from tables.count.services import box_count, count_correct, variance_explain
from tables.floor.selectors import tables_at_casinos_of

VARIANCES_SHOWN = 50  # explained variances, latest first


# --- The count room ----------------------------------------------------------------


def _previous_day(user) -> dt.date:
    """The gaming day before the current one of the user's (first) casino: the boxes the
    count team empties in the morning."""
    casino = casinos_of(user).first()
    now = timezone.now()
    today = casino.gaming_day(now) if casino else timezone.localdate(now)
    return today - dt.timedelta(days=1)


@role_required(Role.COUNT)
@require_GET
def count_room(request):
    """A gaming day's boxes: those to count, and those counted with their figures."""
    form = DayForm(request.GET if "day" in request.GET else None)
    day = form.cleaned_data["day"] if form.is_valid() else _previous_day(request.user)
    tables = list(tables_at_casinos_of(request.user))
    counted = [(count, standing(count)) for count in counts_in(tables, day, day)]
    return render(request, "tables/count/count_room.html", {
        "form": form, "day": day, "problems": form_problems(form),
        "boxes": boxes_to_count(tables, day), "counted": counted},
        status=400 if form.errors else 200)


@sensitive_post_parameters("witness_password")
@role_required(Role.COUNT)
@require_http_methods(["GET", "POST"])
def box(request, table: int, day: dt.date, shift: int):
    """A table's box of one shift, counted by two: every problem of a refused count is
    shown beside its box, the figures as typed."""
    table = get_object_or_404(tables_at_casinos_of(request.user), pk=table)
    if shift not in (1, 2, 3):
        raise Http404(f"A gaming day has shifts 1, 2 and 3; there is no shift {shift}.")
    counted = counts_visible_to(request.user).filter(table=table, gaming_day=day,
                                                     shift=shift).first()
    if counted is not None and request.method == "GET":
        messages.info(request, f"{table.label}'s box for {shift_words(day, shift)} is counted "
                               "already: correct the count if it is wrong.")
        return redirect("count-detail", pk=counted.pk)
    form = CountForm(posted_form_data(request), casino=table.casino)
    if request.method == "POST" and form.is_valid():
        try:
            count = box_count(actor=request.user, table=table, gaming_day=day, shift=shift,
                              device=Device.of(request), **form.figures())
        except ValidationError as refused:
            form.show(refused)
        else:
            messages.success(request, _outcome(count, count.variances.first(), count))
            return redirect("count-detail", pk=count.pk)
    return _count_page(request, form, table=table, title=f"Count {table.label}'s box",
                       shift=shift_words(day, shift), not_yet=box_problem(table, day, shift))


def _count_page(request, form, **context):
    return render(request, "tables/count/box.html", {
        **context, "form": form, "problems": form_problems(form),
        "cash": form.rows("cash"), "chips": form.rows("chips"),
        "cash_total": form.total("cash"), "chips_total": form.total("chips")},
        status=400 if form.errors else 200)


def _outcome(count, variance, figures) -> str:
    """What the count found, and whether the shift matches the records."""
    table = count.table
    result = shift_results([table], count.gaming_day, count.gaming_day)[
        (table.pk, count.gaming_day, count.shift)]
    return (f"{wording.figures_counted(count, figures)} "
            f"{wording.count_outcome(result, variance, threshold_of(result))}")


@role_required(Role.COUNT, Role.SUPERVISOR, Role.ACCOUNTANT)
@require_GET
def count_detail(request, pk: int):
    """A count, its corrections (the latest stands) and the shift beside the records."""
    count = get_object_or_404(counts_visible_to(request.user), pk=pk)
    table = count.table
    result = shift_results([table], count.gaming_day, count.gaming_day)[
        (table.pk, count.gaming_day, count.shift)]
    variances = list(count.variances.select_related("explanation__explained_by", "correction")
                     .order_by("opened_at"))
    return render(request, "tables/count/count_detail.html", {
        "count": count, "table": table, "casino": table.casino,
        "shift": shift_words(count.gaming_day, count.shift),
        "figures": [_figures_line(f, table.casino.currency)
                    for f in [count, *count.prefetched_corrections]],
        "standing": standing(count),
        "result": result, "noun": wording.result_noun(table),
        "variances": [(v, wording.variance_words(v)) for v in variances],
        "may_correct": has_role(request.user, Role.COUNT)})


def _figures_line(figures, currency: str) -> dict:
    """A count or a correction, its notes and chips in words."""
    return {"record": figures,
            "cash": chips_words(figures.cash, currency) if figures.cash else "none",
            "chips": chips_words(figures.chips, currency) if figures.chips else "none"}


@sensitive_post_parameters("witness_password")
@role_required(Role.COUNT)
@require_http_methods(["GET", "POST"])
def count_correction(request, pk: int):
    count = get_object_or_404(counts_visible_to(request.user), pk=pk)
    table = count.table
    form = CorrectionForm(posted_form_data(request), casino=table.casino,
                          initial=CorrectionForm.initial_of(standing(count)))
    if request.method == "POST" and form.is_valid():
        try:
            correction = count_correct(actor=request.user, count=count, device=Device.of(request),
                                       **form.figures())
        except ValidationError as refused:
            form.show(refused)
        else:
            messages.success(request, "Corrected. " + _outcome(
                count, correction.variances.first(), correction))
            return redirect("count-detail", pk=count.pk)
    return _count_page(request, form, table=table, count=count,
                       title=f"Correct {table.label}'s count",
                       shift=shift_words(count.gaming_day, count.shift))


# --- Variances -----------------------------------------------------------------------


@role_required(Role.SUPERVISOR, Role.ACCOUNTANT)
@require_GET
def variance_list(request):
    visible = variances_visible_to(request.user)
    explained = (visible.filter(explanation__isnull=False)
                 .order_by("-explanation__explained_at")[:VARIANCES_SHOWN])
    return render(request, "tables/count/variance_list.html", {
        "waiting": [(v, wording.variance_words(v)) for v in unexplained(request.user)],
        "explained": [(v, wording.variance_words(v)) for v in explained]})


@role_required(Role.SUPERVISOR, Role.ACCOUNTANT)
@require_http_methods(["GET", "POST"])
def variance_detail(request, pk: int):
    """A variance in words, its shift's figures, and the supervisor's explanation."""
    variance = get_object_or_404(variances_visible_to(request.user), pk=pk)
    form = ExplanationForm(posted_form_data(request))
    if request.method == "POST":
        if not is_supervisor(request.user):
            raise PermissionDenied("Only a supervisor explains a variance.")
        if form.is_valid():
            try:
                variance_explain(actor=request.user, variance=variance,
                                 found=form.cleaned_data["found"])
            except ValidationError as refused:
                refusal_on_form(form, refused)
            else:
                messages.success(request, "The variance is explained; it stays on record "
                                          "with your name.")
                return redirect("pit-variance", pk=variance.pk)
    table = variance.table
    result = shift_results([table], variance.gaming_day, variance.gaming_day).get(
        (table.pk, variance.gaming_day, variance.shift))
    return render(request, "tables/count/variance_detail.html", {
        "variance": variance, "words": wording.variance_words(variance), "table": table,
        "casino": table.casino, "result": result, "noun": wording.result_noun(table),
        "explanation": getattr(variance, "explanation", None), "form": form,
        "problems": form_problems(form), "may_explain": is_supervisor(request.user)},
        status=400 if form.errors else 200)
