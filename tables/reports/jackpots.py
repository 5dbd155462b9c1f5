"""The jackpot report: per gaming day of its books and progressive, the meter's opening,
contributions, awards, resets, corrections and closing, straight from the ledger (each
row reconciles to the cent: the closing is the ledger's own balance after the day's last
entry), the reserve and overflow beside it, the liability (meter - reset value), and the
hits with their approval and tax flags.

Signs are the contract's (API.md): ``awards`` is what the meter paid, a positive amount,
and opening + contributions - awards + resets + corrections = closing. The ledger and a
closed day's figures keep an award as the movement it is (negative); the report turns
it round in one place (``_rows``), so the page, the files and the API agree."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from django.db.models import Q

from casino.common.days import books_day_bounds
from payouts.jackpots.models import JackpotHit, MeterEntry, MeterKind, MeterName, Progressive
from tables.reports import figures
from tables.reports.figures import ZERO, Report
from tables.reports.models import MeterFigure
from tables.reports.selection import Selection

MOVEMENTS = ("contributions", "awards", "resets", "corrections")
KINDS = {"contributions": MeterKind.CONTRIBUTION, "awards": MeterKind.AWARD,
         "resets": MeterKind.RESET, "corrections": MeterKind.CORRECTION}
MONEY = ("opening", *MOVEMENTS, "closing", "wagers", "liability", "reserve_opening",
         "reserve_change", "reserve_closing", "overflow_opening", "overflow_change",
         "overflow_closing", "seed")
COLUMNS = ("gaming_day", "progressive", "progressive_name", "opening", *MOVEMENTS, "closing",
           "hits", "wagers", "liability", "reserve_opening", "reserve_change",
           "reserve_closing", "overflow_opening", "overflow_change", "overflow_closing",
           "balanced", "currency")
TOTALLED = (*MOVEMENTS, "wagers", "hits", "reserve_change", "overflow_change")
BY_PROGRESSIVE = ("progressive_name", "opening", *MOVEMENTS, "closing", "hits", "wagers",
                  "reserve_change", "overflow_change", "balanced", "currency")


def progressives_of(selection: Selection) -> list[Progressive]:
    chosen = Progressive.objects.select_related("casino").order_by("name")
    if selection.progressive is not None:
        chosen = chosen.filter(pk=selection.progressive.pk)
    if selection.table is not None:
        chosen = chosen.filter(tables=selection.table)
    else:  # a casino's meters, those feeding its tables, and the group's wide-area ones
        casinos = selection.casinos()
        wide_area = Q(casino__isnull=True) if selection.casino is None else Q(pk__in=[])
        chosen = chosen.filter(Q(casino__in=casinos) | Q(tables__casino__in=casinos)
                               | wide_area).distinct()
    return list(chosen)


def meter_days(progressive: Progressive, days: list[dt.date]) -> list[dict]:
    """The ledger's figures of each meter for each of the days (ascending) on which the
    meter existed, computed from its entries."""
    if not days:
        return []
    first, last = days[0], days[-1]
    ledger = MeterEntry.objects.filter(progressive=progressive)
    balances = {}
    for meter in MeterName.values:
        # The last entry before the first day, read down the (progressive, day) index: a
        # DISTINCT ON over the meters would read the whole earlier ledger.
        last_before = (ledger.filter(meter=meter, gaming_day__lt=first)
                       .order_by("-gaming_day", "-id").values_list("balance_after", flat=True)
                       .first())
        if last_before is not None:
            balances[meter] = last_before
    sums = ledger.filter(gaming_day__range=(first, last)).sums_by("gaming_day", "meter")
    after = dict(MeterEntry.objects.filter(pk__in=[s["last_id"] for s in sums])
                 .values_list("pk", "balance_after"))
    moved = {(s["gaming_day"], s["meter"]): {name: s[kind] for name, kind in KINDS.items()}
             | {"wagers": s["wagers"], "last_id": s["last_id"]} for s in sums}
    hits = Counter(progressive.books_day(at) for at in _hit_times(progressive, first, last))
    wanted, out, day = set(days), [], first
    while day <= last:
        for meter in MeterName.values:
            line = moved.get((day, meter))
            if line is None and meter not in balances:
                continue  # the meter did not exist yet
            opening = balances.get(meter, ZERO)
            closing = after[line["last_id"]] if line else opening
            balances[meter] = closing
            if day in wanted:
                out.append({"gaming_day": day, "progressive": progressive.pk, "meter": meter,
                            "opening": opening, "closing": closing,
                            "wagers": (line or {}).get("wagers") or ZERO,
                            "hits": hits.get(day, 0) if meter == MeterName.METER else 0,
                            **{m: (line or {}).get(m) or ZERO for m in MOVEMENTS},
                            "seed": progressive.seed})
        day += dt.timedelta(days=1)
    return out


def _hit_times(progressive: Progressive, first: dt.date, last: dt.date):
    """When each hit on the meter in its books' days ``first`` to ``last`` was recorded."""
    return JackpotHit.objects.filter(_recorded_in(progressive, first, last)).values_list(
        "recorded_at", flat=True)


def _recorded_in(progressive: Progressive, first: dt.date, last: dt.date) -> Q:
    """The hits on the meter recorded in its books' days ``first`` to ``last``: a hit
    counts on the day of its meter's books (days.books_day), the clock the meter's
    entries are dated by, on the report's rows and in its list alike; not on the day of
    the table it was played at, which for a wide-area meter or a meter fed from another
    casino is on another clock."""
    begin = books_day_bounds(progressive.books, first)[0]
    end = books_day_bounds(progressive.books, last)[1]
    return Q(progressive=progressive, recorded_at__gte=begin, recorded_at__lt=end)


def _figures(progressive: Progressive, selection: Selection) -> list[dict]:
    closed = figures.closed_days_of([progressive.casino_id], selection.first,
                                    selection.last).get(progressive.casino_id, set())
    stored = list(MeterFigure.objects.filter(
        progressive=progressive, gaming_day__range=(selection.first, selection.last))
        .values("gaming_day", "progressive", "meter", "opening", "closing", "wagers", "hits",
                "seed", *MOVEMENTS))
    open_days = [d for d in selection.days() if d not in closed]
    return stored + meter_days(progressive, open_days)


def _rows(progressive: Progressive, lines: list[dict]) -> list[dict]:
    """The meter's lines per day, with the reserve and overflow beside them."""
    by_day: dict[dt.date, dict[str, dict]] = {}
    for line in lines:
        by_day.setdefault(line["gaming_day"], {})[line["meter"]] = line
    rows = []
    for day in sorted(by_day):
        meters = by_day[day]
        main = meters.get(MeterName.METER)
        if main is None:
            continue
        row = {key: main[key] for key in ("gaming_day", "opening", *MOVEMENTS, "closing",
                                          "hits", "wagers", "seed")}
        row["awards"] = ZERO - main["awards"]  # paid out: positive (never "-0.00")
        row.update(progressive=progressive.pk, progressive_name=progressive.name,
                   currency=progressive.currency,
                   liability=main["closing"] - main["seed"],
                   balanced=main["opening"] + row["contributions"] - row["awards"]
                   + row["resets"] + row["corrections"] == main["closing"])
        for name in (MeterName.RESERVE, MeterName.OVERFLOW):
            side = meters.get(name) or {"opening": ZERO, "closing": ZERO}
            row[f"{name}_opening"], row[f"{name}_closing"] = side["opening"], side["closing"]
            row[f"{name}_change"] = side["closing"] - side["opening"]
        rows.append(row)
    return rows


def hit_list(selection: Selection, progressives: list[Progressive]) -> list[dict]:
    recorded = Q(pk__in=[])
    for progressive in progressives:
        recorded |= _recorded_in(progressive, selection.first, selection.last)
    hits = (JackpotHit.objects.filter(recorded)
            .select_related("round__table", "round__dealer", "approval__approved_by",
                            "progressive__casino")
            .order_by("round__recorded_at", "round_id", "seat"))
    if selection.dealer is not None:
        hits = hits.filter(round__dealer=selection.dealer)
    return [{"gaming_day": h.progressive.books_day(h.recorded_at).isoformat(),
             "progressive": h.progressive_id,
             "progressive_name": h.progressive.name, "hit": h.pk, "table": h.round.table_id,
             "table_label": h.round.table.label, "round": h.round_id, "seat": h.seat,
             "category": h.category, "amount": figures.money(h.amount) if h.amount else None,
             "meter_before": figures.money(h.meter_before) if h.meter_before else None,
             "status": h.status, "recorded_at": h.recorded_at.isoformat(),
             **_approval(h),
             "w2g": h.w2g, "withholding": h.withholding} for h in hits]


def _approval(hit: JackpotHit) -> dict:
    approval = getattr(hit, "approval", None)  # a hit that needed none has none
    return {"approved_by": approval.approved_by.get_username() if approval else None,
            "approved_at": approval.approved_at.isoformat() if approval else None}


def _meter_totals(progressive: Progressive, own: list[dict]) -> dict:
    """One meter's span: its money in its own currency, whatever the other meters'."""
    line = {**figures.total(own, TOTALLED), "opening": own[0]["opening"],
            "closing": own[-1]["closing"], "balanced": all(r["balanced"] for r in own)}
    return {"progressive_name": progressive.name, **figures.written(line, MONEY),
            "currency": progressive.currency}


def jackpot_report(selection: Selection) -> Report:
    progressives = progressives_of(selection)
    rows, opening, closing, by_progressive = [], ZERO, ZERO, []
    for progressive in progressives:
        own = _rows(progressive, _figures(progressive, selection))
        if own:
            opening += own[0]["opening"]
            closing += own[-1]["closing"]
            by_progressive.append(_meter_totals(progressive, own))
        rows.extend(own)
    rows.sort(key=lambda r: (r["gaming_day"], r["progressive_name"]))
    totals = {**figures.total(rows, TOTALLED), "opening": opening, "closing": closing}
    totals["balanced"] = all(r["balanced"] for r in rows)
    totals = figures.written(totals, MONEY)
    mixed = figures.currencies_apart([(p.name, p.currency) for p in progressives],
                                     "progressive (its rows)")
    if mixed:
        totals = figures.without_amounts(totals, MONEY, mixed)
    books = {p.casino_id for p in progressives}
    closed = figures.closed_days_of(books, selection.first, selection.last)
    return Report(
        name="jackpots", title="Jackpot report", selection=selection, columns=COLUMNS,
        rows=[figures.written(r, MONEY) for r in rows], totals=totals,
        breakdowns={"by_progressive": by_progressive},
        breakdown_columns={"by_progressive": BY_PROGRESSIVE},
        extra={"hits": hit_list(selection, progressives)},
        closed_days=sorted({d.isoformat() for days in closed.values() for d in days}))

