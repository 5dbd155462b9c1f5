"""The nightly reconciliation of the rated play (issue 44): every closed rating's figures,
the comps it earned and the player activity report set against each other, kept as a
``RatingCheck`` that /healthz and the accountant's closed-days page show in words.

Three figures must agree, each named where it does not:

- **figures**: a closed rating's figures as they stand (its last ``RatingFigures``: what
  the reports read) are what its rounds give now (what the ratings API and the player's
  page read): its hands and its worth;
- **comps**: what it earned stands on that worth: the last earning entry of the comp
  ledger names it as its basis (a poker rating: its hours), and its entries sum to what
  that basis earns at the rate and multiplier it first earned at;
- **report**: the player activity report's hands, worth and comps earned for a player,
  casino and gaming day are the sums over his ratings of that day.

The ratings are read a month of gaming days at a time (their hands in one query, the
house edges once), so a year of history is never held at once."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal

from django.db.models import Max, Min

from casino.common.amounts import in_currency
from casino.house.models import Casino
from tables.comps.models import CompEntry, EntryKind
from tables.comps.selectors import earned_on, hours_of
from tables.players.figures import ratings_figures
from tables.players.models import Rating, RatingFigures, RatingStep
from tables.reports.models import RatingCheck
from tables.reports.players import activity_lines
from tables.reports.selection import Selection

WINDOW = 31  # gaming days read at once


def check_ratings() -> RatingCheck:
    """Check every closed rating and every player's day of them, and keep the result
    (the beat's nightly task, and ``manage.py check_ratings``)."""
    casinos = tuple(Casino.objects.order_by("name"))
    span = Rating.objects.filter(changes__step=RatingStep.CLOSED).aggregate(
        first=Min("gaming_day"), last=Max("gaming_day"))
    findings, checked = [], 0
    first = span["first"]
    while first is not None and first <= span["last"]:
        last = min(first + dt.timedelta(days=WINDOW - 1), span["last"])
        found, closed = _window(casinos, first, last)
        findings += found
        checked += closed
        first = last + dt.timedelta(days=1)
    findings.sort(key=lambda f: (f["gaming_day"], f["books"], f["player"],
                                 f["rating"] is None, f["rating"] or 0))   # the report last
    return RatingCheck.objects.create(ratings=checked, findings=findings)


def _window(casinos: tuple, first: dt.date, last: dt.date) -> tuple[list[dict], int]:
    ratings = list(Rating.objects.filter(gaming_day__range=(first, last))
                   .select_related("player", "table__casino").prefetch_related("changes")
                   .order_by("gaming_day", "id"))
    now = ratings_figures(ratings)
    closed = [r for r in ratings if now[r.pk]["status"] == "closed"]
    stood = {f.rating_id: f for f in RatingFigures.objects.filter(
        rating__in=closed).order_by("rating", "revision")}   # the last revision of each
    earnings = defaultdict(list)   # rating -> what it earned, the first entry first
    for entry in (CompEntry.objects.filter(figures__rating__in=closed,
                                           kind__in=(EntryKind.EARNED, EntryKind.REVISED))
                  .select_related("figures").order_by("id")):
        earnings[entry.figures.rating_id].append(entry)
    findings = []
    for rating in closed:
        findings += _rating_findings(rating, now[rating.pk], stood.get(rating.pk),
                                     earnings.get(rating.pk, []))
    findings += _report_findings(Selection(first=first, last=last, within=casinos),
                                 ratings, now, earnings)
    return findings, len(closed)


def _finding(rating: Rating, kind: str, problem: str, *, day: dt.date | None = None) -> dict:
    casino = rating.table.casino
    return {"casino": casino.pk, "books": casino.name,
            "gaming_day": (day or rating.gaming_day).isoformat(), "player": rating.player.name,
            "player_id": rating.player_id,  # the page that names him logs it (privacy log)
            "rating": rating.pk if kind != "report" else None, "kind": kind,
            "problem": problem}


def _who(rating: Rating) -> str:
    return (f"{rating.player.name}'s rating at {rating.table.label} seat {rating.seat} "
            f"(number {rating.pk})")


def _hands(hands: int | None, none: str = "no hands (poker)") -> str:
    return none if hands is None else f"{hands} hand{'s' * (hands != 1)}"


def _worth(worth: Decimal | None, currency: str) -> str:
    return "not worked out yet" if worth is None else in_currency(worth, currency)


def _rating_findings(rating: Rating, now: dict, stood: RatingFigures | None,
                     entries: list[CompEntry]) -> list[dict]:
    currency = rating.table.casino.currency
    if stood is None:
        return [_finding(rating, "figures", f"{_who(rating)} is closed but its figures never "
                         "stood: the reports work it out from its rounds, and it has earned "
                         "no comps.")]
    found = []
    if (stood.hands, stood.worth) != (now["hands"], now["worth"]):
        found.append(_finding(rating, "figures", (
            f"{_who(rating)}: the reports read {_hands(stood.hands)} worth "
            f"{_worth(stood.worth, currency)}; its rounds give {_hands(now['hands'])} worth "
            f"{_worth(now['worth'], currency)} now. Its figures were not revised since a "
            "round of it was recorded or voided.")))
    return found + _comps_findings(rating, now, entries)


def _comps_findings(rating: Rating, now: dict, entries: list[CompEntry]) -> list[dict]:
    """What it earned against its worth (poker: its hours) as its rounds give it now."""
    currency = rating.table.casino.currency
    poker = rating.table.is_poker
    basis = hours_of(now["seconds_played"]) if poker else now["worth"]
    if basis is None:
        return []  # its paytable's figures are being worked out: it earns once they are
    said = f"{basis:.2f} hours" if poker else f"a worth of {in_currency(basis, currency)}"
    if not entries:
        return [_finding(rating, "comps", f"{_who(rating)} has {said} and earned nothing: "
                                          "the comp ledger has no entry for it.")]
    first, last = entries[0], entries[-1]
    if last.basis != basis:
        then = (f"{last.basis:.2f} hours" if poker
                else f"a worth of {in_currency(last.basis, currency)}")
        return [_finding(rating, "comps", f"{_who(rating)}: its comps were earned on {then}, "
                                          f"but it has {said} now: they do not follow it.")]
    earned = sum((e.amount for e in entries), Decimal(0))
    should = earned_on(basis, first.rate, first.multiplier, currency)
    if earned != should:
        return [_finding(rating, "comps", (
            f"{_who(rating)} earned {in_currency(earned, currency)} in comps, where "
            f"{first.rate * 100:.1f}% of {said}, times {first.multiplier:.2f} for the "
            f"tier, is {in_currency(should, currency)}."))]
    return []


def _report_findings(selection: Selection, ratings: list[Rating], now: dict,
                     earnings: dict) -> list[dict]:
    """Each player's day of closed ratings: the activity report's line against the sums
    over his ratings of that day (a day with a rating still open is left to the night
    after it closes: its figures move while it is read)."""
    days: dict[tuple, list[Rating]] = defaultdict(list)
    for rating in ratings:
        days[rating.player_id, rating.table.casino.name, rating.gaming_day].append(rating)
    lines = {(line["player_id"], line["casino"], line["gaming_day"]): line
             for line in activity_lines(selection)}
    found = []
    for key, of_day in days.items():
        if any(now[r.pk]["status"] != "closed" for r in of_day):
            continue
        summed = _summed(of_day, now, earnings)
        line = lines.get(key, {})
        shown = {"hands": line.get("hands"), "worth": line.get("worth"),
                 "comps": line.get("comps_earned", Decimal(0))}
        if summed["worth"] is None:   # a theoretical win still waiting: not comparable
            shown["worth"] = None
        if shown != summed:
            found.append(_report_finding(of_day[0], shown, summed))
    return found


def _summed(ratings: list[Rating], now: dict, earnings: dict) -> dict:
    hands = [now[r.pk]["hands"] for r in ratings if now[r.pk]["hands"] is not None]
    stud = [now[r.pk]["worth"] for r in ratings if not r.table.is_poker]
    return {"hands": sum(hands) if hands else None,
            "worth": None if None in stud or not stud else sum(stud, Decimal(0)),
            "comps": sum((e.amount for r in ratings for e in earnings.get(r.pk, [])),
                         Decimal(0))}


def _report_finding(rating: Rating, shown: dict, summed: dict) -> dict:
    currency = rating.table.casino.currency

    def said(figures: dict) -> str:
        return (f"{_hands(figures['hands'], 'no hands')}, worth "
                f"{_worth(figures['worth'], currency)}, "
                f"comps earned {in_currency(figures['comps'], currency)}")

    return _finding(rating, "report", (
        f"The player activity report shows {rating.player.name} (card {rating.player.card}) "
        f"at {rating.table.casino.name} on {rating.gaming_day:%Y-%m-%d} with {said(shown)}; "
        f"the player's ratings that day add up to {said(summed)}."))


def last_check() -> RatingCheck | None:
    return RatingCheck.objects.order_by("-checked_at", "-id").first()


def summary_words(check: RatingCheck | None, findings: list[dict] | None = None) -> str:
    """The check in a sentence (``findings``: those the reader may see, else all)."""
    if check is None:
        return ("The rated play has not been reconciled yet: the ratings, their comps and "
                "the player activity report are checked against each other every night.")
    found = check.findings if findings is None else findings
    if not found:
        return (f"Every closed rating checked ({check.ratings}) agrees: its figures with its "
                "rounds, its comps earned with its worth, and the player activity report "
                "with the player's ratings of each day.")
    return (f"{len(found)} disagreement{'s' if len(found) > 1 else ''} found in the rated "
            "play: a rating's figures, the comps it earned or the player activity report "
            "no longer agree. The Closed days page names each.")
