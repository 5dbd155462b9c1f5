"""The supervisor's game math: the panel on the paytable page (this version's figures
beside the published one's), its progress, and the printable PAR sheet."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render

from casino.common.problems import problems_of
from casino.common.roles import Role, role_required
from payouts.analysis import keys, selectors, services
from payouts.analysis.models import AnalysisStatus
from payouts.analysis.printing import par_sheet_pdf as printed_sheet
from payouts.jackpots.selectors import progressives_visible_to
from payouts.terms.models import Paytable
from payouts.terms.selectors import terms_visible_to
from payouts.terms.versioning import PublicationStatus

READERS = (Role.SUPERVISOR, Role.ACCOUNTANT, Role.GROUP_SUPERVISOR)  # the terms' pages
WORKING = (AnalysisStatus.QUEUED, AnalysisStatus.RUNNING)


def _published_sibling(paytable: Paytable) -> Paytable | None:
    published = Paytable.objects.filter(family=paytable.family_id,
                                        status=PublicationStatus.PUBLISHED).first()
    return None if published is None or published.pk == paytable.pk else published


def _refused(request, template: str, refused: ValidationError, field: str, **context):
    """The panel again with the refusal in words and what was typed still in its box."""
    return render(request, template, {**context, "problems": problems_of(refused),
                                      "raw": request.GET.get(field, "")}, status=400)


@role_required(*READERS)
def analysis_panel(request, pk: int):
    """This version's figures (and the published version's) at the ante asked for."""
    paytable = get_object_or_404(terms_visible_to(Paytable, request.user), pk=pk)
    try:
        ante = keys.read_ante(paytable, request.GET.get("ante"))
    except ValidationError as refused:
        return _refused(request, "payouts/analysis_panel.html", refused, "ante",
                        paytable=paytable)
    columns = [(paytable, services.request_analysis(actor=request.user, paytable=paytable,
                                                    ante=ante))]
    published = _published_sibling(paytable)
    if published is not None:
        ante_there = min(max(ante, published.min_ante), published.max_ante)
        columns.append((published, services.request_analysis(
            actor=request.user, paytable=published, ante=ante_there)))
    return render(request, "payouts/analysis_panel.html", {
        "paytable": paytable, "ante": ante, "raw": "", "columns": columns,
        "pending": any(a.status in WORKING for _, a in columns),
        "any_ready": any(a.ready for _, a in columns)})


@role_required(*READERS)
def side_wager_panel(request, pk: int):
    """The side wager's return at a meter (the meter now by default), its break-even and
    awards, and a line of the return against the meter."""
    progressive = get_object_or_404(progressives_visible_to(request.user), pk=pk)
    try:
        meter = selectors.read_meter(progressive, request.GET.get("meter"))
    except ValidationError as refused:
        return _refused(request, "payouts/side_wager_panel.html", refused, "meter",
                        progressive=progressive)
    figures = selectors.side_wager_figures(progressive, meter)
    return render(request, "payouts/side_wager_panel.html", {
        "progressive": progressive, "meter": meter, "raw": "", "figures": figures,
        "line": selectors.return_line(figures, meter)})


@role_required(*READERS)
def analysis_state(request, pk: int):
    analysis = get_object_or_404(selectors.analyses_visible_to(request.user), pk=pk)
    return JsonResponse({"status": analysis.status, "progress": analysis.progress,
                         "status_text": analysis.get_status_display(),
                         "message": analysis.message})


@role_required(*READERS)
def par_sheet_pdf(request, pk: int):
    """The printable PAR sheet of one analysis: terms, checksum, outcomes, strategy. Read
    like the paytable it belongs to (another casino's: a 404)."""
    analysis = get_object_or_404(selectors.analyses_visible_to(request.user), pk=pk)
    if not analysis.ready:
        raise Http404("These figures are still being computed.")
    paytable = analysis.paytable
    name = f"par-sheet-{paytable.family_id}-v{paytable.version}-{analysis.ante_key}.pdf"
    response = HttpResponse(printed_sheet(analysis), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
