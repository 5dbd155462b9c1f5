"""Reads of game math: a progressive's side wager at a meter, the theoretical edge reports
set beside a table's hold, and the figures of the hold review's band."""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

from django.db.models import QuerySet

from payouts.analysis.figures import side_wager_json
from payouts.analysis.keys import ante_key, checksum_of, key_of, read_cents, terms_of
from payouts.analysis.models import AnalysisStatus, ParAnalysis
from payouts.analysis.services import request_analysis
from payouts.jackpots.models import Progressive, award_rules
from payouts.terms.models import Paytable
from payouts.terms.selectors import terms_visible_to
from tables.rules.hold import GameMath
from tables.rules.side_wager import side_wager_sheet

LARGEST_METER = Decimal(10) ** 12  # the meter's own column holds less than this


def analyses_visible_to(user) -> QuerySet[ParAnalysis]:
    """The figures of the paytables the user sees, read like them (terms_visible_to: a
    casino's to its staff, the group's to everyone)."""
    return ParAnalysis.objects.filter(
        paytable__in=terms_visible_to(Paytable, user).values("pk")).select_related("paytable")


def read_meter(progressive: Progressive, raw) -> Decimal:
    """The meter asked about (the meter now when none is given)."""
    if raw in (None, ""):
        return progressive.amount
    return read_cents(raw, field="meter", example="100000.00", lowest=Decimal(0),
                      highest=LARGEST_METER, out_of_range=(
                          f"A meter of {raw} cannot be shown: give an amount from 0 to "
                          f"{LARGEST_METER:,}."))


def side_wager_figures(progressive: Progressive, meter: Decimal) -> dict:
    sheet = side_wager_sheet(award_rules(progressive.awards), wager=progressive.wager,
                           contribution_rate=progressive.contribution_rate,
                           seed=progressive.seed)
    return side_wager_json(sheet, meter, contribution_rate=progressive.contribution_rate,
                         reserve_rate=progressive.reserve_rate, seed=progressive.seed)


def current_results(paytable_ids) -> dict[int, dict]:
    """Paytable version -> its stored figures at its minimum ante, for its terms as they
    are now. Versions without figures yet are left out (the beat task
    ``tables.tasks.analyse_paytables`` queues them)."""
    wanted = {}
    for paytable in Paytable.objects.filter(pk__in=set(paytable_ids)):
        key = key_of(paytable, paytable.min_ante)
        wanted[(paytable.pk, key["terms_checksum"], key["ante_key"])] = paytable.pk
    found = ParAnalysis.objects.filter(
        paytable_id__in=[pk for pk, _, _ in wanted], status=AnalysisStatus.DONE).values_list(
        "paytable_id", "terms_checksum", "ante_key", "result")
    return {pk: result for pk, checksum, ante, result in found
            if (pk, checksum, ante) in wanted}


def theoretical_holds(paytable_ids) -> dict[int, Decimal]:
    """Paytable version -> the share of the handle (antes and raises) its exact game math
    expects the house to keep under optimal play: the element of risk at the version's
    minimum ante. Versions without figures yet are left out."""
    return {pk: Decimal(result["element_of_risk"])
            for pk, result in current_results(paytable_ids).items()}


def game_math_of(paytable_ids) -> dict[int, GameMath]:
    """Paytable version -> what the hold review's band needs (``rules.hold``): the exact
    house edge per ante and variance per hand, and the simulated covariance of two seats
    of one round, at the version's minimum ante. Versions without all three yet are left
    out (figures stored before the covariance are computed again, migration 0019)."""
    return {pk: GameMath(house_edge=_exact_decimal(result["exact"]["house_edge"]),
                         variance=Decimal(result["variance"]),
                         seat_covariance=Decimal(result["seat_covariance"]))
            for pk, result in current_results(paytable_ids).items()
            if "seat_covariance" in result}


def _exact_decimal(fraction: str) -> Decimal:
    """'numerator/denominator' (the exact figure) to 28 digits, beyond the stored twelve
    places: a year of antes times the edge stays exact to far below a cent."""
    numerator, denominator = fraction.split("/")
    with localcontext() as context:
        context.prec = 28
        return Decimal(numerator) / Decimal(denominator)


# The side wager's picture: the plot, and the room left of it and under it for the axes'
# numbers and names.
PLOT_WIDTH, PLOT_HEIGHT, LEFT, BELOW, ABOVE = 600, 160, 64, 44, 10


def return_line(figures: dict, meter: Decimal) -> dict:
    """An SVG line of the return from an empty meter to twice the break-even (or the
    meter shown), with the break-even at 100% marked, and its axes: the meter across in
    five steps, the share paid back up in steps of 25%, 50% or 100%."""
    even = Decimal(figures["break_even_meter"]) if figures["break_even_meter"] else None
    top = max(meter, (even or meter) * 2, Decimal(1))
    start = Decimal(figures["intercept"])
    end = start + Decimal(figures["slope_per_10000"]) * top / 10000
    step = next(s for s in (Decimal("0.25"), Decimal("0.5"), Decimal(1), Decimal(2))
                if max(end, Decimal("1.2")) <= s * 6)
    highest = max(end, Decimal("1.2")) // step * step + step

    def y(value: Decimal) -> float:
        return float(PLOT_HEIGHT - value / highest * PLOT_HEIGHT)

    def x(value: Decimal) -> float:
        return float(value / top) * PLOT_WIDTH

    shares = [step * n for n in range(int(highest / step) + 1)]
    return {"width": PLOT_WIDTH, "height": PLOT_HEIGHT, "top": top, "left": LEFT,
            "above": ABOVE, "view_width": LEFT + PLOT_WIDTH + 24,
            "view_height": ABOVE + PLOT_HEIGHT + BELOW,
            "points": f"0,{y(start):.1f} {PLOT_WIDTH},{y(end):.1f}",
            "even_y": f"{y(Decimal(1)):.1f}",
            "even_x": None if even is None else f"{x(even):.1f}",
            "now_x": f"{x(meter):.1f}",
            "across": [(f"{x(top * n / 4):.1f}", f"{top * n / 4:,.0f}") for n in range(5)],
            "up": [(f"{y(share):.1f}", f"{share * 100:.0f}%") for share in shares]}


class HouseEdges:
    """The exact house edge per ante of paytable versions at the antes asked, read from
    their stored figures once per (version, ante key); figures not worked out yet are
    asked for (queued) and answered None."""

    def __init__(self) -> None:
        self._known: dict[tuple[int, str], Fraction | None] = {}
        self._checksums: dict[int, str] = {}
        self._keys: dict[tuple[int, Decimal], tuple[int, str]] = {}

    def of(self, paytable: Paytable, ante: Decimal) -> Fraction | None:
        # A year of a player's hands asks the same few (version, ante) pairs again and
        # again: whether the cap binds is worked out once for each.
        key = self._keys.get((paytable.pk, ante))
        if key is None:
            key = self._keys[paytable.pk, ante] = (paytable.pk, ante_key(paytable, ante))
        if key not in self._known:
            self._known[key] = self._read(paytable, ante, key[1])
        return self._known[key]

    def _read(self, paytable: Paytable, ante: Decimal, key: str) -> Fraction | None:
        if paytable.pk not in self._checksums:
            self._checksums[paytable.pk] = checksum_of(terms_of(paytable))
        done = ParAnalysis.objects.filter(
            paytable=paytable, terms_checksum=self._checksums[paytable.pk], ante_key=key,
            status=AnalysisStatus.DONE).values_list("result", flat=True).first()
        if done is None:
            request_analysis(actor=None, paytable=paytable, ante=ante)  # asked by a report
            return None
        return Fraction(done["exact"]["house_edge"])
