"""Reads of progressive meters for the floor sign and the supervisor page."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Case, Count, Q, QuerySet, Sum, When

from casino.house.staff import at_casinos_of, casinos_of
from payouts import governance
from payouts.caching import cached, keep, peek
from payouts.jackpots.models import (
    HitStatus,
    JackpotHit,
    MeterEntry,
    MeterKind,
    MeterName,
    Progressive,
)

SIGN_CACHE_SECONDS = 1


def progressives_visible_to(user) -> QuerySet[Progressive]:
    """A casino's meters to its staff (Casino.staff), and a meter feeding one of their
    tables; a wide-area meter no one casino keeps (casino empty) belongs to the group,
    so the staff of every casino see it."""
    if not user.is_authenticated:
        return Progressive.objects.none()
    # Subqueries, not joins: a join through a casino's staff repeats each meter per person.
    mine = casinos_of(user).values("pk")
    feeding = Progressive.objects.filter(tables__casino__in=mine).values("pk")
    return Progressive.objects.filter(Q(casino__isnull=True) | Q(casino__in=mine)
                                      | Q(pk__in=feeding))


def hits_visible_to(user) -> QuerySet[JackpotHit]:
    """The hits at the tables of the user's casinos (a hit names a player's win)."""
    return at_casinos_of(JackpotHit.objects.all(), user, "round__table__casino")


def open_hits_of(user) -> QuerySet[JackpotHit]:
    """The hits of the user's casinos not paid yet, those awaiting approval first, with
    their table, casino and meter: one query however many there are."""
    waiting = (HitStatus.PENDING, HitStatus.AWAITING_APPROVAL)
    return (hits_visible_to(user).filter(status__in=waiting)
            .select_related("round__table__casino", "progressive")
            .order_by(Case(When(status=HitStatus.AWAITING_APPROVAL, then=0), default=1), "id"))


def hit_for_approval(user, pk: int) -> JackpotHit | None:
    """One hit of the user's casinos with what the approval page shows (its table, casino,
    meter, the round's seats and any approval already made), or None."""
    return (hits_visible_to(user).filter(pk=pk)
            .select_related("round__table__casino", "progressive", "approval__witnessed_by",
                            "approval__approved_by", "approval__w2g")
            .prefetch_related("round__seats").first())


def sign_state(progressive_id: int) -> dict | None:
    """What the floor sign shows. Cached for a second (in Redis in production), so any
    number of signs polling every second cost the database one query a second; with
    Redis down, each poll reads the database."""
    return cached(f"sign:{progressive_id}", SIGN_CACHE_SECONDS,
                  lambda: _sign_from_database(progressive_id))


def sign_state_fresh(progressive_id: int) -> dict | None:
    """The sign's state read from the database now, after a change (payouts.jackpots.signs),
    and kept for the signs that read it in the next second."""
    state = _sign_from_database(progressive_id)
    keep(f"sign:{progressive_id}", state, SIGN_CACHE_SECONDS)
    return state


def sign_moved(progressive_id: int, moved: dict) -> None:
    """A round's feed moved the meter (payouts.jackpots.signs): the cached state takes the
    new amount where it is not already newer, so state.json and a new stream agree with
    the streams at once (nothing read: a cache missing it reads the database)."""
    key = f"sign:{progressive_id}"
    state = peek(key)
    if state is not None and moved["version"] >= state.get("version", 0):
        keep(key, {**state, "amount": moved["amount"], "version": moved["version"]},
             SIGN_CACHE_SECONDS)


def _sign_from_database(progressive_id: int) -> dict | None:
    progressive = Progressive.objects.filter(pk=progressive_id).first()
    if progressive is None:
        return None
    waiting = (JackpotHit.objects.filter(progressive=progressive,
                                         status=HitStatus.AWAITING_APPROVAL)
               .select_related("round__table").order_by("id").first())
    # The state's place in the meter's history: its last ledger entry (push.stream).
    version = (MeterEntry.objects.filter(progressive=progressive, meter=MeterName.METER)
               .order_by("-id").values_list("id", flat=True).first()) or 0
    return {
        "name": progressive.name, "currency": progressive.currency,
        "amount": f"{progressive.amount:.2f}", "version": version,
        "pending": None if waiting is None else {
            "table": waiting.round.table.label, "seat": waiting.seat,
            "category": waiting.category, "amount": f"{waiting.amount:.2f}"},
    }


def meters(progressive: Progressive) -> dict[str, Decimal | int]:
    """The figures regulators expect on a controller."""
    entries = MeterEntry.objects.filter(progressive=progressive, meter=MeterName.METER).sums()
    hits = JackpotHit.objects.filter(progressive=progressive).exclude(
        status=HitStatus.PENDING).aggregate(count=Count("id"), won=Sum("amount"))
    return {
        "amount": progressive.amount, "reserve": progressive.reserve,
        "overflow": progressive.overflow, "total_wagers": entries["wagers"],
        "contributions": entries[MeterKind.CONTRIBUTION],
        "awards_from_meter": -entries[MeterKind.AWARD], "resets": entries[MeterKind.RESET],
        "corrections": entries[MeterKind.CORRECTION], "hits": hits["count"],
        "total_won": hits["won"] or Decimal("0.00"),
    }


def require_governs(actor, progressive: Progressive) -> None:
    """A casino's meter is changed by its supervisors; a wide-area meter no casino keeps
    (the group's) by a group supervisor only (payouts.governance). A hit on it is
    still approved at the casino where it was hit (hit_approve)."""
    if progressive.casino_id:
        what = f"{progressive.name} is {progressive.casino.name}'s meter"
    else:
        what = (f"{progressive.name} is the group's wide-area meter, in "
                f"{progressive.currency}")
    governance.require_governs(actor, progressive.casino if progressive.casino_id else None,
                               what=what)
