"""Reading comps: a casino's rules and each giver's limit, a player's account at a casino,
its ledger, and the comps waiting for a supervisor's approval."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import QuerySet, Sum

from casino.common.roles import Role, has_role, is_supervisor
from casino.house.staff import at_casinos_of
from tables.comps.models import Comp, CompAccount, CompLimit, CompRules
from tables.players.selectors import reads_people
from tables.rules.money import round_to_step, unit

HOUR = Decimal(3600)


def keeps_comps(user) -> bool:
    """Gives comps and reads a casino's comp accounts: a host or a supervisor (a group
    supervisor reads players, never a casino's comps)."""
    return is_supervisor(user) or has_role(user, Role.HOST)


def hours_of(seconds: int) -> Decimal:
    """A poker rating's basis: its time in hours, to the ten-thousandth."""
    return (Decimal(seconds) / HOUR).quantize(Decimal("0.0001"))


def earned_on(basis: Decimal, rate: Decimal, multiplier: Decimal, currency: str) -> Decimal:
    """What a rating's basis (its worth, or its hours) earns at a rate and a tier's
    multiplier: cents rounded down, never below nothing."""
    return round_to_step(max(basis * rate * multiplier, Decimal(0)), unit(currency),
                         rounding="down")


def rules_of(casino) -> CompRules:
    """The casino's comp rules; the defaults (unsaved) until its supervisors set them."""
    return CompRules.objects.filter(casino=casino).first() or CompRules(casino=casino)


def limit_of(casino, user) -> Decimal:
    """The most ``user`` may give one player alone in a gaming day at ``casino``."""
    own = CompLimit.objects.filter(casino=casino, user=user.pk).first()
    return own.limit if own is not None else rules_of(casino).issuer_limit


def given_on(account: CompAccount, giver, gaming_day) -> Decimal:
    """What ``giver`` gave from the account on ``gaming_day``, against her limit: her
    comps given, approved or waiting (a declined one was never given)."""
    return (Comp.objects.filter(account=account, given_by=giver.pk, gaming_day=gaming_day)
            .exclude(decision__approved=False)
            .aggregate(total=Sum("amount"))["total"] or Decimal(0))


def account_of(player, casino) -> CompAccount:
    """His account at the casino (unsaved, at nothing, before he earns there)."""
    return (CompAccount.objects.filter(player=player, casino=casino).first()
            or CompAccount(player=player, casino=casino))


def comps_visible_to(user) -> QuerySet[Comp]:
    """The comps at the casinos of those who read people (supervisors and hosts)."""
    comps = Comp.objects.select_related("account__player", "account__casino", "given_by",
                                        "decision__by")
    if not reads_people(user):
        return comps.none()
    return at_casinos_of(comps, user, casino="account__casino")


def waiting_for(user) -> QuerySet[Comp]:
    """Comps over their giver's limit, not yet decided, that ``user`` may decide: a
    supervisor's, at his casinos, given by someone else."""
    if not is_supervisor(user):
        return Comp.objects.none()
    return (comps_visible_to(user).filter(needs_approval=True, decision__isnull=True)
            .exclude(given_by=user.pk).order_by("at", "id"))


def comps_visible_to_account(account) -> list[Comp]:
    """The account's comps, the latest first (none before it holds any)."""
    if account.pk is None:
        return []
    return list(Comp.objects.filter(account=account)
                .select_related("account__casino", "given_by", "decision__by")
                .order_by("-at", "-id")[:200])
