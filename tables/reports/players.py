"""The rated players' reports (issue 29): player activity (per player, casino and gaming
day: time, hands, average bet, action, the house's actual and theoretical win, strategy
cost, comps earned and given), top players by worth over the span, and the comp
liability (each account's balance at both ends of the span and what moved it).

A closed rating is read from its figures as they stand (tables.players' RatingFigures:
written at its close, again after a void); a rating still open, or closed moments ago
and not yet written, is worked out from its rounds. Comps are read from their chained
ledger: those earned by the day of the ratings that earned them (a revision landing on a
later day's books too), those given by the day they were given; the comp liability reads
every entry by the day it landed. Amounts stay in each casino's currency: rows name
it, and totals over two currencies are given per casino only."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q, Sum

from tables.comps.models import Comp, CompEntry, EntryKind
from tables.players.figures import ratings_figures
from tables.players.models import Player, Rating, RatingFigures
from tables.reports import figures
from tables.reports.figures import ZERO, Report
from tables.reports.selection import Selection

PLAYED = ("seconds_played", "hands", "wagered", "antes", "actual_win", "theoretical_win",
          "strategy_cost")
MONEY = ("wagered", "average_bet", "actual_win", "theoretical_win", "strategy_cost",
         "worth", "comps_earned", "comps_given")
ACTIVITY = ("gaming_day", "card", "player", "tier", "casino", "ratings", "hours", "hands",
            "average_bet", "wagered", "actual_win", "theoretical_win", "strategy_cost",
            "worth", "comps_earned", "comps_given")
TOP = ("rank", "card", "player", "tier", "casino", "days", "hours", "hands", "average_bet",
       "wagered", "actual_win", "theoretical_win", "strategy_cost", "worth", "comps_earned",
       "comps_given")
LIABILITY_MONEY = ("opening", "earned", "revised", "given", "closing", "waiting")
LIABILITY = ("card", "player", "tier", "casino", *LIABILITY_MONEY)


def _ratings(selection: Selection):
    wanted = Q(gaming_day__range=(selection.first, selection.last),
               table__casino__in=selection.casinos())
    if selection.table is not None:
        wanted &= Q(table=selection.table)
    return Rating.objects.filter(wanted)


def _stood(selection: Selection) -> list[dict]:
    """Each rating's figures as they last stood, summed per player, casino and day in
    the database."""
    later = RatingFigures.objects.filter(rating=OuterRef("rating"),
                                         revision__gt=OuterRef("revision"))
    rows = (RatingFigures.objects.filter(rating__in=_ratings(selection))
            .exclude(Exists(later))
            .values("rating__player", "rating__table__casino", "rating__gaming_day")
            .annotate(ratings=Count("pk"), **{name: Sum(name) for name in PLAYED}))
    return [{"player": r["rating__player"], "casino": r["rating__table__casino"],
             "gaming_day": r["rating__gaming_day"], **{k: r[k] for k in ("ratings", *PLAYED)}}
            for r in rows]


def _worked_out(selection: Selection) -> list[dict]:
    """The ratings with no figures written yet (open, or just closed), from their rounds."""
    waiting = (_ratings(selection).exclude(Exists(RatingFigures.objects.filter(
        rating=OuterRef("pk")))).select_related("table__casino")
        .prefetch_related("changes"))
    waiting = list(waiting)
    worked = ratings_figures(waiting)
    return [{"player": r.player_id, "casino": r.table.casino_id, "gaming_day": r.gaming_day,
             "ratings": 1, **{k: worked[r.pk][k] for k in PLAYED}} for r in waiting]


def _comps(selection: Selection) -> dict[tuple, dict[str, Decimal]]:
    """(player, casino, day) -> what his ratings of that day earned (their revisions
    included, whichever day's books they landed on) and the comps given that day."""
    casinos = selection.casinos()
    earned = (CompEntry.objects.filter(
        account__casino__in=casinos, kind__in=(EntryKind.EARNED, EntryKind.REVISED),
        figures__rating__gaming_day__range=(selection.first, selection.last))
        .values_list("account__player", "account__casino", "figures__rating__gaming_day")
        .annotate(amount=Sum("amount")))
    given = (CompEntry.objects.filter(account__casino__in=casinos, kind=EntryKind.GIVEN,
                                      gaming_day__range=(selection.first, selection.last))
             .values_list("account__player", "account__casino", "gaming_day")
             .annotate(amount=Sum("amount")))
    comps: dict[tuple, dict[str, Decimal]] = defaultdict(
        lambda: {"comps_earned": ZERO, "comps_given": ZERO})
    for *key, amount in earned:
        comps[tuple(key)]["comps_earned"] += amount
    for *key, amount in given:
        comps[tuple(key)]["comps_given"] -= amount
    return comps


def _add(into: dict, row: dict) -> None:
    for name in ("ratings", *PLAYED):
        if row.get(name) is not None:
            into[name] = (into.get(name) or 0) + row[name]


def _finished(line: dict) -> dict:
    """Hours, the average bet and the worth from the sums (a figure no rating had: None)."""
    for name in PLAYED:
        line.setdefault(name, None)
    hands, seconds = line.get("hands"), line.get("seconds_played") or 0
    line["hours"] = round(seconds / 3600, 2)   # time, not money: a number
    line["average_bet"] = (line["antes"] / hands).quantize(Decimal("0.01")) \
        if hands and line.get("antes") is not None else None
    theoretical = line.get("theoretical_win")
    line["worth"] = None if theoretical is None else theoretical + (
        line.get("strategy_cost") or ZERO)
    return line


def activity_lines(selection: Selection) -> list[dict]:
    """Per player, casino and gaming day; named and priced (card, tier, currency)."""
    casinos = {c.pk: c for c in selection.casinos()}
    lines: dict[tuple, dict] = {}
    for row in [*_stood(selection), *_worked_out(selection)]:
        key = (row["player"], row["casino"], row["gaming_day"])
        if key in lines:  # a rating worked out beside those that stood (rare)
            _add(lines[key], row)
        else:
            lines[key] = {name: row[name] for name in ("ratings", *PLAYED)}
    for key, comps in _comps(selection).items():
        if selection.table is None or key in lines:
            lines.setdefault(key, {}).update(comps)
    people = _people({key[0] for key in lines})
    out = []
    for (player, casino, day), line in lines.items():
        card, name, tier = people[player]
        out.append(_finished({
            "gaming_day": day, "card": card, "player": name, "tier": tier,
            "casino": casinos[casino].name, "player_id": player, "ratings": 0,
            "comps_earned": ZERO, "comps_given": ZERO, **line}))
    return sorted(out, key=lambda x: (x["gaming_day"], x["casino"], x["player"]))


def _people(ids: set[int]) -> dict[int, tuple[str, str, str]]:
    return {p.pk: (p.card, p.name, p.get_tier_display())
            for p in Player.objects.filter(pk__in=ids)}


def _totals(lines: list[dict], selection: Selection) -> dict[str, Any]:
    summed: dict[str, Any] = {}
    for line in lines:
        _add(summed, line)
        for name in ("comps_earned", "comps_given"):
            summed[name] = summed.get(name, ZERO) + line[name]
    summed = _finished({"comps_earned": ZERO, "comps_given": ZERO, **summed})
    summed["players"] = len({line["player_id"] for line in lines})
    mixed = figures.mixed_currencies(selection)
    if mixed:
        return figures.without_amounts(summed, MONEY, mixed)
    return {**summed, "state": ""}


def _by_casino(lines: list[dict]) -> list[dict]:
    per: dict[str, list[dict]] = defaultdict(list)
    for line in lines:
        per[line["casino"]].append(line)
    out = []
    for casino, group in sorted(per.items()):
        summed: dict[str, Any] = {"comps_earned": ZERO, "comps_given": ZERO}
        for line in group:
            _add(summed, line)
            summed["comps_earned"] += line["comps_earned"]
            summed["comps_given"] += line["comps_given"]
        out.append(figures.written(_finished({"casino": casino, **summed}), MONEY))
    return out


PUBLIC = frozenset(ACTIVITY) | frozenset(TOP)


def _public(line: dict) -> dict:
    return figures.written({k: v for k, v in line.items() if k in PUBLIC},
                           MONEY, keep_empty=True)


def activity_report(selection: Selection) -> Report:
    lines = activity_lines(selection)
    return Report(
        name="players", title="Player activity", selection=selection, columns=ACTIVITY,
        rows=[_public(line) for line in lines],
        players=[line["player_id"] for line in lines],
        totals=figures.written(_totals(lines, selection), MONEY, keep_empty=True),
        breakdowns={"by_casino": _by_casino(lines)},
        breakdown_columns={"by_casino": ("casino", "ratings", "hours", "hands", "wagered",
                                         "actual_win", "theoretical_win", "worth",
                                         "comps_earned", "comps_given")})


def top_report(selection: Selection) -> Report:
    """Each player's span at each casino, ranked by worth (the expected win and strategy
    cost), the best first, per currency."""
    per: dict[tuple, dict] = {}
    for line in activity_lines(selection):
        key = (line["player_id"], line["casino"])
        into = per.setdefault(key, {**{k: line[k] for k in ("card", "player", "tier",
                                                            "casino", "player_id")},
                                    "days": 0, "comps_earned": ZERO, "comps_given": ZERO})
        into["days"] += 1 if line["ratings"] else 0
        _add(into, line)
        into["comps_earned"] += line["comps_earned"]
        into["comps_given"] += line["comps_given"]
    lines = [_finished(line) for line in per.values()]
    lines.sort(key=lambda x: (x["casino"], -(x["worth"] or ZERO), x["player"]))
    rank: dict[str, int] = defaultdict(int)
    for line in lines:
        rank[line["casino"]] += 1
        line["rank"] = rank[line["casino"]]
    return Report(name="top-players", title="Top players by worth", selection=selection,
                  columns=TOP, rows=[_public(line) for line in lines],
                  players=[line["player_id"] for line in lines],
                  totals=figures.written(_totals(lines, selection), MONEY, keep_empty=True),
                  breakdowns={"by_casino": _by_casino(lines)},
                  breakdown_columns={"by_casino": ("casino", "hands", "wagered", "worth",
                                                   "comps_earned", "comps_given")})


def liability_report(selection: Selection) -> Report:
    """Each comp account's balance before the span's first day and after its last, what
    was earned, revised and given in between, and the comps waiting for approval now."""
    moved = (CompEntry.objects.filter(account__casino__in=selection.casinos(),
                                      gaming_day__lte=selection.last)
             .values("account", "account__player", "account__casino__name", "kind")
             .annotate(before=Sum("amount", filter=Q(gaming_day__lt=selection.first)),
                       within=Sum("amount", filter=Q(gaming_day__gte=selection.first))))
    moved = list(moved)   # summed in the database: a year's ledger is not read entry by entry
    people = _people({m["account__player"] for m in moved})
    lines: dict[int, dict] = {}
    for m in moved:
        card, name, tier = people[m["account__player"]]
        line = lines.setdefault(m["account"], {
            "card": card, "player": name, "tier": tier, "player_id": m["account__player"],
            "casino": m["account__casino__name"], **dict.fromkeys(LIABILITY_MONEY, ZERO)})
        before, within = m["before"] or ZERO, m["within"] or ZERO
        line["opening"] += before
        line[m["kind"]] += -within if m["kind"] == EntryKind.GIVEN else within
        line["closing"] += before + within
    waiting = (Comp.objects.filter(account__in=list(lines), needs_approval=True,
                                   decision__isnull=True)
               .values("account").annotate(total=Sum("amount")))
    for w in waiting:
        lines[w["account"]]["waiting"] = w["total"]
    rows = sorted(lines.values(), key=lambda x: (x["casino"], -x["closing"], x["player"]))
    totals = {name: sum((r[name] for r in rows), ZERO) for name in LIABILITY_MONEY}
    mixed = figures.mixed_currencies(selection)
    totals = figures.without_amounts(totals, LIABILITY_MONEY, mixed) if mixed else {
        **totals, "state": ""}
    by_casino = [figures.written({"casino": casino, **{name: sum(
        (r[name] for r in rows if r["casino"] == casino), ZERO) for name in LIABILITY_MONEY}},
        LIABILITY_MONEY) for casino in sorted({r["casino"] for r in rows})]
    return Report(name="comp-liability", title="Comp liability", selection=selection,
                  columns=LIABILITY,
                  rows=[figures.written({k: v for k, v in r.items() if k in LIABILITY},
                                        LIABILITY_MONEY) for r in rows],
                  players=[r["player_id"] for r in rows],
                  totals=figures.written({**totals, "accounts": len(rows)}, LIABILITY_MONEY,
                                         keep_empty=True),
                  breakdowns={"by_casino": by_casino},
                  breakdown_columns={"by_casino": ("casino", *LIABILITY_MONEY)})
