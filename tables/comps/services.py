"""Every write of comps: a casino's rules and a giver's own limit (audited; a
supervisor's own limit changed with a second supervisor), what a closed rating earns (and
its revisions, when its figures change), a comp given, and a supervisor's decision on one
that takes its giver over her limit for the player's gaming day. Each movement of an account locks
its row and writes its ledger entry with the new balance, in one transaction."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.views.decorators.debug import sensitive_variables

from casino.common import postings
from casino.common.amounts import amount_of
from casino.common.atomic import IN_ITS_CALLER, WITNESS_FIRST, outside_transaction
from casino.common.audit import changed_by, settings_saved
from casino.common.roles import is_supervisor
from casino.common.witness import Device, second_person
from casino.house.staff import casinos_of, require_staff
from tables.comps import selectors, wording
from tables.comps.models import (
    Comp,
    CompAccount,
    CompDecision,
    CompEntry,
    CompKind,
    CompLimit,
    CompRules,
    EntryKind,
)
from tables.players.models import Player, RatingFigures
from tables.rules.money import round_to_step, unit

RULE_FIELDS = ("reinvestment", "member", "silver", "gold", "platinum", "poker_hourly",
               "issuer_limit")


def _require_supervisor_at(actor, casino) -> None:
    if not is_supervisor(actor):
        raise PermissionDenied("Only a pit supervisor sets the comp rules and limits.")
    require_staff(actor, casino)


def _witness_refusal(casino, person) -> str:
    name = person.get_username()
    if not is_supervisor(person):
        return f"{name} is not a pit supervisor: another supervisor confirms."
    if not casinos_of(person).filter(pk=casino.pk).exists():
        return f"{name} does not work at {casino.name}."
    return ""


@sensitive_variables("witness_password")
def _confirmed(actor, casino, witness: str, witness_password: str, device):
    """A supervisor's change of his own limit is confirmed by another supervisor of the
    casino, by that one's own password (through the login throttle): that one."""
    person, refused = second_person(
        actor, witness, witness_password, device, acting="changing his own limit",
        refusal=lambda person: _witness_refusal(casino, person),
        ask="This limit is yours: another supervisor of "
            f"{casino.name} confirms a change of it with their own password.")
    if refused:
        raise ValidationError({path[-1]: message for path, message in refused})
    return person


def _words(second) -> str:
    return f", confirmed by {second.get_username()} (a second supervisor)" if second else ""


@outside_transaction(WITNESS_FIRST)
@sensitive_variables("witness_password")
def comp_rules_set(*, actor, casino, witness: str = "", witness_password: str = "",
                   device: Device | None = None, **changes) -> CompRules:
    """Change a casino's comp rules (their first change saves the defaults). Its giver's
    limit is the changing supervisor's own while he has none of his own: a change of it
    then needs a second supervisor."""
    _require_supervisor_at(actor, casino)
    rules = selectors.rules_of(casino)
    second = None
    if ("issuer_limit" in changes and amount_of(changes["issuer_limit"], "issuer_limit")
            != rules.issuer_limit and not CompLimit.objects.filter(
                casino=casino, user=actor.pk).exists()):
        second = _confirmed(actor, casino, witness, witness_password, device)
    return _rules_saved(actor, casino, changes, second)


@transaction.atomic
def _rules_saved(actor, casino, changes: dict, second) -> CompRules:
    rules = (CompRules.objects.select_for_update().filter(casino=casino).first()
             or selectors.rules_of(casino))
    return settings_saved(rules, changes, RULE_FIELDS, actor=actor,
                          reason=f"comp rules changed{_words(second)}", witness=second)


@outside_transaction(WITNESS_FIRST)
@sensitive_variables("witness_password")
def comp_limit_set(*, actor, casino, user, limit, witness: str = "",
                   witness_password: str = "", device: Device | None = None) -> CompLimit:
    """One giver's own limit at the casino (a host or supervisor on its staff); a
    supervisor's own is changed with a second supervisor's confirmation."""
    _require_supervisor_at(actor, casino)
    if not (casinos_of(user).filter(pk=casino.pk).exists()
            and selectors.keeps_comps(user)):
        raise ValidationError({"user": f"{user.get_username()} is not a host or supervisor "
                                       f"of {casino.name}."})
    limit = amount_of(limit, "limit")
    if limit is None:
        raise ValidationError({"limit": "Give the limit, like 250.00."})
    second = (_confirmed(actor, casino, witness, witness_password, device)
              if user.pk == actor.pk else None)
    return _limit_saved(actor, casino, user, limit, second)


@transaction.atomic
def _limit_saved(actor, casino, user, limit: Decimal, second) -> CompLimit:
    own = (CompLimit.objects.select_for_update().filter(casino=casino, user=user).first()
           or CompLimit(casino=casino, user=user))
    own.limit = limit
    own.full_clean()
    with changed_by(actor, f"comp limit of {user.get_username()} set{_words(second)}",
                    witness=second):
        own.save()
    return own


def _locked_account(player, casino) -> CompAccount:
    CompAccount.objects.get_or_create(player=player, casino=casino)
    return CompAccount.objects.select_for_update().select_related("player", "casino").get(
        player=player, casino=casino)


def _post(account: CompAccount, *, kind: str, amount: Decimal, gaming_day,
          actor=None, **about) -> CompEntry:
    """The one place an account's balance moves (its row locked by the caller)."""
    return postings.post_one(account, CompEntry, amount, account=account, kind=kind,
                             gaming_day=gaming_day, created_by=actor, **about)


# --- What rated play earns ------------------------------------------------------------------

def _earning(figures: RatingFigures, rules_then: tuple[Decimal, Decimal] | None):
    """(basis, rate, multiplier, amount): the worth (stud) or the hours (poker), times
    the rate and the tier's multiplier as they stood when the rating first earned."""
    rating = figures.rating
    casino = rating.table.casino
    if rules_then is None:
        rules = selectors.rules_of(casino)
        rate = rules.poker_hourly if rating.table.is_poker else rules.reinvestment
        rules_then = (rate, rules.multiplier(rating.player.tier))
    rate, multiplier = rules_then
    if rating.table.is_poker:
        basis = selectors.hours_of(figures.seconds_played)
    else:
        basis = figures.worth
        if basis is None:
            return None  # the paytable's figures are not worked out yet: nothing guessed
    return basis, rate, multiplier, selectors.earned_on(basis, rate, multiplier,
                                                        casino.currency)


@outside_transaction(IN_ITS_CALLER)
def accrue(*, actor, figures: RatingFigures, before: RatingFigures | None) -> None:
    """A rating's figures stood (at its close, or revised): its comps earned follow, in
    the same transaction. A revision posts the difference, at the first rules."""
    rating = figures.rating
    account = _locked_account(rating.player, rating.table.casino)
    earlier = CompEntry.objects.filter(account=account, figures__rating=rating)
    first = earlier.order_by("id").first()
    earned = _earning(figures, (first.rate, first.multiplier) if first else None)
    if earned is None:
        return
    basis, rate, multiplier, amount = earned
    so_far = earlier.aggregate(total=Sum("amount"))["total"] or Decimal(0)
    if first is None:
        kind, day = EntryKind.EARNED, rating.gaming_day
    else:  # the difference lands on today's books, as a void does
        kind, day = EntryKind.REVISED, rating.table.casino.gaming_day(timezone.now())
        # A new worth lands even when its cents earn what the old did (0.00 then): the
        # ledger's last basis is always the rating's worth. Only a figure the comps do
        # not read (the actual win) moved: nothing to post.
        if amount == so_far and basis == earlier.order_by("-id").first().basis:
            return
    _post(account, kind=kind, amount=amount - so_far, gaming_day=day, actor=actor,
          figures=figures, basis=basis, rate=rate, multiplier=multiplier)


# --- Comps given ---------------------------------------------------------------------------

def _comp_problems(account: CompAccount, amount, kind: str, reason: str) -> dict:
    currency = account.casino.currency
    problems = {}
    amount = amount_of(amount, "amount")
    if amount is None or amount <= 0:
        problems["amount"] = "Give the comp's amount, more than nothing, like 25.00."
    elif amount != round_to_step(amount, unit(currency), rounding="down"):
        problems["amount"] = wording.not_in_units(amount, currency)
    elif amount > account.balance:
        problems["amount"] = wording.over_balance(account.player.name, account.casino.name,
                                                  account.balance, amount, currency)
    if kind not in CompKind.values:
        problems["kind"] = (f"'{kind}' is not a comp: say food, room, show or free_play.")
    if not reason:
        problems["reason"] = "Say what the comp is for (dinner for two at the grill, ...)."
    return problems


@transaction.atomic
def comp_give(*, actor, player: Player, casino, amount, kind: str, reason: str) -> Comp:
    """A host or supervisor gives a comp within the player's balance there; one that
    takes her comps to him this gaming day over her limit waits for another supervisor's
    approval."""
    if not selectors.keeps_comps(actor):
        raise PermissionDenied("Only hosts and supervisors give comps.")
    require_staff(actor, casino)
    account = _locked_account(player, casino)
    reason = " ".join(str(reason or "").split())
    problems = _comp_problems(account, amount, str(kind or ""), reason)
    if problems:
        raise ValidationError(problems)
    amount = amount_of(amount, "amount")
    now = timezone.now()
    day = casino.gaming_day(now)
    # Her limit holds for all she gives him in a gaming day: read under his account's
    # lock, so two comps to him at once are summed one after the other.
    today = selectors.given_on(account, actor, day)
    comp = Comp.objects.create(account=account, amount=amount, kind=kind, reason=reason,
                               given_by=actor, at=now, gaming_day=day,
                               needs_approval=today + amount > selectors.limit_of(casino,
                                                                                  actor))
    if not comp.needs_approval:
        _post(account, kind=EntryKind.GIVEN, amount=-amount, gaming_day=comp.gaming_day,
              actor=actor, comp=comp)
    return comp


@transaction.atomic
def comp_decide(*, actor, comp: Comp, approved: bool, note: str = "") -> Comp:
    """A second person, a supervisor of the casino, approves (the comp is given now, if
    the balance still holds it) or declines (saying why) a comp over its giver's limit."""
    casino = comp.account.casino
    if not is_supervisor(actor):
        raise PermissionDenied("Only a pit supervisor approves a comp over a limit.")
    require_staff(actor, casino)
    account = _locked_account(comp.account.player, casino)
    comp = Comp.objects.select_related("given_by").get(pk=comp.pk)
    note = " ".join(str(note or "").split())
    if not comp.needs_approval or CompDecision.objects.filter(comp=comp).exists():
        raise ValidationError({"comp": f"This comp is {comp.state} already."})
    if comp.given_by_id == actor.pk:
        raise ValidationError({"comp": "A comp over your own limit is approved by another "
                                       "supervisor: two people, as with a jackpot."})
    if approved and comp.amount > account.balance:
        raise ValidationError({"comp": wording.over_balance(
            account.player.name, casino.name, account.balance, comp.amount, casino.currency)})
    if not approved and not note:
        raise ValidationError({"note": "Say why the comp is declined: the host reads it."})
    CompDecision.objects.create(comp=comp, approved=approved, by=actor, note=note)
    if approved:
        _post(account, kind=EntryKind.GIVEN, amount=-comp.amount,
              gaming_day=casino.gaming_day(timezone.now()), actor=actor, comp=comp)
    return comp


