"""The worker's half of game math: compute an analysis exactly once, saying how far it is.

The PAR sheet is exact; the covariance of two seats of one round (what the hold review's
band needs beside it) is simulated with a fixed seed, so the same terms always get the
same figure."""

from __future__ import annotations

import logging
import time
from decimal import Decimal

from django.utils import timezone

from payouts.analysis.figures import covariance_json, sheet_json
from payouts.analysis.models import AnalysisStatus, ParAnalysis
from tables.rules.stud_deals import Progress
from tables.rules.stud_montecarlo import SeatCovariance, seat_covariance
from tables.rules.stud_par import ParSheet, par_sheet

EXACT_SHARE = 0.8  # of the progress bar: counting the deals; the simulation takes the rest

# The figures of the terms this process has already computed: they depend on nothing else
# (the simulation's seed is fixed), so a version republished unchanged, another casino's
# copy of the same paytable or the same terms asked for again get them at once instead of
# seconds of simulation each. A few dozen small results; the oldest goes first.
_COMPUTED: dict[tuple, tuple[ParSheet, SeatCovariance]] = {}
KEEP = 32

logger = logging.getLogger(__name__)


def _progress_writer(analysis_id: int):
    """A progress callback that writes every third percent to the row the page polls."""
    last = [-1]

    def progress(fraction: float, words: str) -> None:
        percent = min(99, int(fraction * 100))
        if percent >= last[0] + 3:
            last[0] = percent
            ParAnalysis.objects.filter(pk=analysis_id).update(progress=percent,
                                                             message=words[:300])
    return progress


def _part(progress: Progress, start: float, share: float) -> Progress:
    """One step's progress (0 to 1) as its part of the whole bar."""
    return lambda fraction, words: progress(start + share * fraction, words)


def compute(analysis_id: int) -> None:
    """The worker's half: compute the figures exactly once, and say how far it is."""
    claimed = ParAnalysis.objects.filter(pk=analysis_id, status=AnalysisStatus.QUEUED).update(
        status=AnalysisStatus.RUNNING, progress=1, message="starting")
    if not claimed:
        return  # done, or another worker has it
    analysis = ParAnalysis.objects.get(pk=analysis_id)
    terms = analysis.terms  # as asked for: a draft may have changed since
    started = time.perf_counter()
    progress = _progress_writer(analysis_id)
    game = (terms["odds"], Decimal(terms["max_payout"]), terms["dealer_qualifier"],
            analysis.ante)
    try:
        sheet, covariance = figures(game, progress)
    except Exception as error:  # said on the page and logged; the next request retries
        logger.exception("game math for analysis %s failed", analysis_id)
        ParAnalysis.objects.filter(pk=analysis_id).update(
            status=AnalysisStatus.FAILED, finished_at=timezone.now(),
            message=f"The figures could not be computed: {error}"[:300])
        return
    ParAnalysis.objects.filter(pk=analysis_id).update(
        status=AnalysisStatus.DONE, progress=100, message="", finished_at=timezone.now(),
        seconds=time.perf_counter() - started,
        result={**sheet_json(sheet, terms, analysis.terms_checksum),
                **covariance_json(covariance)})


def figures(game: tuple, progress: Progress) -> tuple[ParSheet, SeatCovariance]:
    """The PAR sheet and the seats' covariance of (odds, cap, qualifier, ante): computed,
    or kept from an earlier computation of the same terms in this process."""
    odds, *rest = game  # the terms as keys.terms_of wrote them: already canonical
    key = (tuple(sorted(odds.items())), *rest)
    if key not in _COMPUTED:
        sheet = par_sheet(*game, progress=_part(progress, 0, EXACT_SHARE))
        covariance = seat_covariance(*game, progress=_part(progress, EXACT_SHARE,
                                                           1 - EXACT_SHARE))
        if len(_COMPUTED) >= KEEP:
            _COMPUTED.pop(next(iter(_COMPUTED)))
        _COMPUTED[key] = (sheet, covariance)
    return _COMPUTED[key]


def forget_figures() -> None:
    """Drop the kept figures (for a test that must see them computed)."""
    _COMPUTED.clear()
