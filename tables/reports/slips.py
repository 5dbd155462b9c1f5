"""The fill and credit slips report: every number of each casino's slip series that the
span accounts for, one line per number, ``issued``, ``void`` or ``missing``, with the
slip's request (kind, table, gaming day, shift, amount), who issued it and when (on the
casino's clock), who signed it as the table's dealer and as its supervisor, and a void's
reason and its two people. Totals: how many issued, void and missing, and the chips
filled and credited (void slips moved none).

A number is missing when no slip carries it. The service takes a casino's numbers one at
a time inside the slip's own transaction (a slip rolled back gives its number back) and
its database role can delete no slip, so a missing number means someone with the
owner's rights deleted a slip or moved the series on. The span accounts for the numbers
after the last one issued before it, up to the highest issued in it and, when it reaches
the casino's current gaming day, up to the last number the series gave out
(``SlipSeries``). A number missing after the last slip of a past span is reported by the
next span's report.

A table or shift filter narrows the issued and void lines; missing numbers are listed
whatever the filter, as nothing tells whose they were. There is no chart: the report
accounts for numbers, not for amounts over time."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Max, QuerySet
from django.utils import timezone

from casino.house.models import Casino
from tables.chips.models import (
    ChipMove,
    ChipSlip,
    ChipSlipSignature,
    ChipSlipVoid,
    SignerRole,
    SlipSeries,
)
from tables.reports import figures
from tables.reports.figures import ZERO, Report
from tables.reports.selection import Selection
from tables.reports.table_shifts import on_casino_clock
from tables.rules.chips import numbers_missing, series_to_account

MONEY = ("total", "fills", "credits")
# The files' columns; the JSON lines also carry the table's id ("table").
COLUMNS = ("casino", "number", "status", "kind", "table_label", "gaming_day", "shift",
           "total", "fills", "credits", "issued_by", "issued_at", "carried_by", "signed_by_dealer",
           "signed_by_supervisor", "void_reason", "voided_by", "witnessed_by")
STATUSES = ("issued", "void", "missing")


def _in_span(selection: Selection) -> QuerySet[ChipSlip]:
    return ChipSlip.objects.filter(casino__in=selection.casinos(),
                                   request__gaming_day__range=(selection.first, selection.last))


def _void_of(slip: ChipSlip) -> ChipSlipVoid | None:
    # A reverse one-to-one with no row raises an AttributeError: getattr's default.
    return getattr(slip, "void", None)


def _line(slip: ChipSlip, signed: dict[str, str]) -> dict[str, Any]:
    """A slip's line; ``signed``: who signed it, by role."""
    request, void = slip.request, _void_of(slip)
    moved = request.total if void is None else None
    return {
        "casino": slip.casino.name, "number": slip.number,
        "status": "issued" if void is None else "void", "kind": request.kind,
        "table": request.table_id, "table_label": request.table.label,
        "gaming_day": request.gaming_day, "shift": request.shift, "total": request.total,
        "fills": moved if request.kind == ChipMove.FILL else None,
        "credits": moved if request.kind == ChipMove.CREDIT else None,
        "issued_by": slip.issued_by.get_username(),
        "issued_at": on_casino_clock(slip.issued_at, slip.casino),
        "carried_by": slip.carried_by,
        "signed_by_dealer": signed.get(SignerRole.DEALER),
        "signed_by_supervisor": signed.get(SignerRole.SUPERVISOR),
        "void_reason": void.reason if void else None,
        "voided_by": void.voided_by.get_username() if void else None,
        "witnessed_by": void.witnessed_by.get_username() if void else None,
    }


def slip_lines(selection: Selection) -> list[dict]:
    """The span's slips, narrowed by table and shift when chosen."""
    slips = _in_span(selection)
    if selection.table is not None:
        slips = slips.filter(request__table=selection.table)
    if selection.shift is not None:
        slips = slips.filter(request__shift=selection.shift)
    signed: dict[int, dict[str, str]] = defaultdict(dict)
    for slip, role, name in ChipSlipSignature.objects.filter(slip__in=slips.values("pk")) \
            .values_list("slip", "role", f"signed_by__{get_user_model().USERNAME_FIELD}"):
        signed[slip][role] = name   # one query: a year's slips are tens of thousands
    slips = slips.select_related("casino", "request__table", "issued_by", "void__voided_by",
                                 "void__witnessed_by")
    return [_line(slip, signed[slip.pk]) for slip in slips]


def _missing_line(casino: Casino, number: int) -> dict[str, Any]:
    return {**dict.fromkeys(COLUMNS), "table": None, "casino": casino.name, "number": number,
            "status": "missing"}


def missing_lines(selection: Selection) -> list[dict]:
    """The numbers of each casino's series that the span accounts for and no slip
    carries (the whole series, whatever the table or shift filter)."""
    casinos = selection.casinos()
    before = dict(ChipSlip.objects.filter(casino__in=casinos,
                                          request__gaming_day__lt=selection.first)
                  .values_list("casino").annotate(Max("number")))
    highest = dict(_in_span(selection).values_list("casino").annotate(Max("number")))
    taken = dict(SlipSeries.objects.filter(casino__in=casinos)
                 .values_list("casino", "last_number"))
    now = timezone.now()
    lines = []
    for casino in casinos:
        reaches_today = selection.last >= casino.gaming_day(now)
        expected = series_to_account(
            last_before=before.get(casino.pk, 0), highest_in_span=highest.get(casino.pk),
            last_taken=taken.get(casino.pk) if reaches_today else None)
        if not expected:
            continue
        issued = ChipSlip.objects.filter(
            casino=casino, number__gte=expected.start, number__lt=expected.stop,
        ).values_list("number", flat=True)
        lines.extend(_missing_line(casino, n) for n in numbers_missing(issued, expected))
    return lines


def _totals(lines: list[dict]) -> dict[str, Any]:
    counts = Counter(line["status"] for line in lines)
    return {
        "status": ", ".join(f"{counts[s]} {s}" for s in STATUSES),
        **{s: counts[s] for s in STATUSES},
        **{name: sum((line[name] for line in lines if line[name] is not None), ZERO)
           for name in ("fills", "credits")},
    }


def slips_report(selection: Selection) -> Report:
    lines = sorted([*slip_lines(selection), *missing_lines(selection)],
                   key=lambda line: (line["casino"], line["number"]))
    totals = {**_totals(lines), "state": ""}
    mixed = figures.mixed_currencies(selection)
    if mixed:  # the numbers are counted together; the amounts per casino only
        totals = {**figures.without_amounts(totals, ("fills", "credits"), mixed),
                  "status": totals["status"]}
    by_casino = [{"casino": casino, **_totals([line for line in lines
                                               if line["casino"] == casino])}
                 for casino in sorted({line["casino"] for line in lines})]
    return Report(
        name="slips", title="Fill and credit slips", selection=selection, columns=COLUMNS,
        rows=[figures.written(line, MONEY, keep_empty=True) for line in lines],
        totals=figures.written(totals, MONEY, keep_empty=True),
        breakdowns={"by_casino": [figures.written(line, MONEY) for line in by_casino]},
        breakdown_columns={"by_casino": ("casino", *STATUSES, "fills", "credits")})
