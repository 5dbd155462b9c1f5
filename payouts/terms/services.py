"""Every write to terms: paytables and rake schedules, created and edited as drafts,
published, retired and versioned (payouts.terms.versioning).

The audit trail is kept by database triggers (pghistory); these services tag it
with the acting supervisor and a reason.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from casino.common.amounts import amount_of
from payouts.terms import versioning
from payouts.terms.models import METHOD_FIELDS, Method, Paytable, RakeSchedule
from tables.rules.stud import (
    STUD_CATEGORIES,
    UK_ODDS,
    US_ODDS,
    SettlementError,
    Variant,
    qualifier_value,
)

# A new paytable starts from its variant's standard terms (RULES.md section 2).
STANDARD_TERMS: dict[str, dict[str, Any]] = {
    Variant.US: {"odds": US_ODDS, "max_payout": Decimal("5000.00"),
                 "min_ante": Decimal("5.00"), "max_ante": Decimal("100.00")},
    Variant.UK: {"odds": UK_ODDS, "max_payout": Decimal("10000.00"),
                 "min_ante": Decimal("5.00"), "max_ante": Decimal("100.00")},
}
EDITABLE = {"name", "odds", "max_payout", "dealer_qualifier", "min_ante", "max_ante",
            "casino", "currency"}
MAX_ODDS = 10_000




def _clean_odds(odds: Any) -> dict[str, int]:
    if not isinstance(odds, dict):
        raise ValidationError({"odds": "Give the odds as an object: category -> N (N:1)."})
    unknown = sorted(set(odds) - set(STUD_CATEGORIES))
    if unknown:
        raise ValidationError({"odds": f"'{unknown[0]}' is not a hand category; use "
                                       f"{', '.join(STUD_CATEGORIES)}."})
    missing = [c for c in STUD_CATEGORIES if c not in odds]
    if missing:
        raise ValidationError({"odds": f"The odds for {missing[0]} are missing."})
    cleaned = {}
    for category in STUD_CATEGORIES:
        value = odds[category]
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ValidationError({"odds": f"{category}: {value!r} is not a whole number."})
        try:
            number = int(value)
        except ValueError:
            raise ValidationError({"odds": f"{category}: {value!r} is not a whole number."}
                                  ) from None
        if not 1 <= number <= MAX_ODDS:
            raise ValidationError({"odds": f"{category}: {number}:1 is outside 1:1 to "
                                           f"{MAX_ODDS}:1."})
        cleaned[category] = number
    return cleaned


def _clean(paytable: Paytable) -> None:
    paytable.odds = _clean_odds(paytable.odds)
    try:
        qualifier_value(paytable.dealer_qualifier)
    except SettlementError as error:
        raise ValidationError({"dealer_qualifier": str(error)}) from None
    versioning.check_in_words(paytable)


@transaction.atomic
def paytable_create(*, actor, name: str, variant: str, **terms: Any) -> Paytable:
    if variant not in STANDARD_TERMS:
        raise ValidationError({"variant": f"'{variant}' is not a variant: use 'us' or 'uk'."})
    versioning.refuse_unknown(terms, EDITABLE)
    values = {**STANDARD_TERMS[variant], **{k: v for k, v in terms.items() if v is not None}}
    return versioning.create_first(Paytable(name=name, variant=variant, created_by=actor,
                                            **values),
                                   actor=actor, clean=_clean, reason="paytable created")


@transaction.atomic
def paytable_update(*, actor, paytable: Paytable, seen: str | None = None,
                    **changes: Any) -> Paytable:
    """Change a draft; ``seen`` (the page's fingerprint of it) refuses if it changed since."""
    return versioning.edit_draft(Paytable, paytable.pk, changes, allowed=EDITABLE, actor=actor,
                                 clean=_clean, reason="paytable draft edited", seen=seen)


@transaction.atomic
def paytable_publish(*, actor, paytable: Paytable, changes: dict | None = None,
                     seen: str | None = None) -> Paytable:
    """Freeze the draft; with ``changes`` (the page's form as the supervisor left it) they
    are saved first, in the same transaction, so what was on the screen is what is
    published. ``seen`` refuses a draft that changed since the page showed it."""
    if changes is not None:
        paytable_update(actor=actor, paytable=paytable, seen=seen, **changes)
        seen = None  # checked by the edit, under the lock the publication keeps
    return versioning.publish(Paytable, paytable.pk, actor=actor, clean=_clean,
                              reason="paytable published", seen=seen)


@transaction.atomic
def paytable_retire(*, actor, paytable: Paytable, seen: str | None = None) -> Paytable:
    return versioning.retire(Paytable, paytable.pk, actor=actor, noun="paytable",
                             reason="paytable retired", seen=seen)


@transaction.atomic
def paytable_new_version(*, actor, paytable: Paytable) -> Paytable:
    """A new draft in the same family, starting from this version's terms."""
    return versioning.new_version(Paytable, paytable, actor=actor, copy=lambda p: {
        "name": p.name, "variant": p.variant, "odds": dict(p.odds),
        "max_payout": p.max_payout, "dealer_qualifier": p.dealer_qualifier,
        "min_ante": p.min_ante, "max_ante": p.max_ante, "casino": p.casino,
        "currency": p.currency})


# --- Rake schedules -------------------------------------------------------------

SCHEDULE_FIELDS = {"name", "method", "percent", "cap", "caps_by_players", "cap_scope",
                   "increment", "min_pot", "no_flop_no_drop", "fixed_drop", "time_fee",
                   "time_period_minutes", "bad_beat_drop", "bad_beat_min_pot", "casino",
                   "currency"}
METHOD_TERMS = {field for fields in METHOD_FIELDS.values() for field in fields}
MAX_CAP = Decimal(1_000_000)


def _clean_caps(caps: Any) -> dict[str, str]:
    if caps in (None, ""):
        return {}
    if not isinstance(caps, dict):
        raise ValidationError({"caps_by_players": "Give the caps as an object: players dealt "
                                                  'in -> cap, e.g. {"2": "1.00", "5": "5.00"}.'})
    cleaned = {}
    for players, cap in caps.items():
        try:
            count = int(players)
        except (TypeError, ValueError):
            raise ValidationError({"caps_by_players": f"'{players}' is not a number of "
                                                      "players."}) from None
        if not 2 <= count <= 10:
            raise ValidationError({"caps_by_players": f"{count} players: a table deals in 2 to "
                                                      "10 players."})
        amount = amount_of(cap, "caps_by_players")
        if amount is None:
            raise ValidationError({"caps_by_players": f"{count} players: the cap is missing."})
        if amount >= MAX_CAP or amount != amount.quantize(Decimal("0.01")):
            raise ValidationError({"caps_by_players": f"{count} players: {cap} is not a cap "
                                                      "in whole cents below 1,000,000."})
        cleaned[str(count)] = f"{amount:.2f}"
    return dict(sorted(cleaned.items(), key=lambda item: int(item[0])))


def _clean_schedule(schedule: RakeSchedule) -> None:
    if schedule.method not in Method.values:
        raise ValidationError({"method": f"'{schedule.method}' is not a collection method; use "
                                         f"{', '.join(Method.values)}."})
    schedule.caps_by_players = _clean_caps(schedule.caps_by_players)
    for field in ("cap", "min_pot", "fixed_drop", "time_fee", "bad_beat_drop",
                  "bad_beat_min_pot"):
        setattr(schedule, field, amount_of(getattr(schedule, field), field))
        if getattr(schedule, field) is None and field != "cap":
            setattr(schedule, field, Decimal(0))
    if not 1 <= int(schedule.time_period_minutes or 0) <= 240:
        raise ValidationError({"time_period_minutes": f"{schedule.time_period_minutes} minutes: "
                                                      "a period is 1 to 240 minutes."})
    versioning.check_in_words(schedule)
    _check_method(schedule, Decimal(schedule.percent or 0))


def _check_method(schedule: RakeSchedule, percent: Decimal) -> None:
    """Each method takes its own amounts and refuses the others' (not ignored)."""
    method = schedule.method
    if method == Method.PERCENTAGE and percent == 0:
        raise ValidationError({"percent": "A percentage rake needs a percentage above 0."})
    if method != Method.PERCENTAGE and (percent or schedule.cap is not None
                                        or schedule.caps_by_players):
        raise ValidationError({"percent": f"A {Method(method).label.lower()} schedule takes no "
                                          "percentage or cap; choose the percentage method."})
    if method == Method.FIXED_DROP and not Decimal(schedule.fixed_drop or 0) > 0:
        raise ValidationError({"fixed_drop": "A fixed drop schedule needs the drop per hand."})
    if method != Method.FIXED_DROP and Decimal(schedule.fixed_drop or 0):
        raise ValidationError({"fixed_drop": "Only a fixed drop schedule takes a drop per hand."})
    if method == Method.TIME and not Decimal(schedule.time_fee or 0) > 0:
        raise ValidationError({"time_fee": "Time collection needs the fee per seat per period."})
    if method != Method.TIME and Decimal(schedule.time_fee or 0):
        raise ValidationError({"time_fee": "Only time collection takes a fee per seat."})


@transaction.atomic
def schedule_create(*, actor, name: str, **terms: Any) -> RakeSchedule:
    versioning.refuse_unknown(terms, SCHEDULE_FIELDS)
    schedule = RakeSchedule(name=name, created_by=actor,
                            **{k: v for k, v in terms.items() if v is not None})
    return versioning.create_first(schedule, actor=actor, clean=_clean_schedule,
                                   reason="rake schedule created")


def _other_methods_cleared(changes: dict[str, Any]) -> dict[str, Any]:
    """A change of method leaves the other methods' terms at their defaults (unless they
    are given: then they are refused, not ignored)."""
    method = changes.get("method")
    if method not in METHOD_FIELDS:
        return changes
    cleared = {field: RakeSchedule._meta.get_field(field).get_default()
               for field in METHOD_TERMS - set(METHOD_FIELDS[method]) - set(changes)}
    return {**cleared, **changes}


@transaction.atomic
def schedule_update(*, actor, schedule: RakeSchedule, seen: str | None = None,
                    **changes: Any) -> RakeSchedule:
    """Change a draft; ``seen`` (the page's fingerprint of it) refuses if it changed since."""
    return versioning.edit_draft(RakeSchedule, schedule.pk, _other_methods_cleared(changes),
                                 allowed=SCHEDULE_FIELDS, actor=actor, clean=_clean_schedule,
                                 reason="rake schedule draft edited", seen=seen)


@transaction.atomic
def schedule_publish(*, actor, schedule: RakeSchedule, changes: dict | None = None,
                     seen: str | None = None) -> RakeSchedule:
    """Freeze the draft, saving ``changes`` first as paytable_publish does."""
    if changes is not None:
        schedule_update(actor=actor, schedule=schedule, seen=seen, **changes)
        seen = None
    return versioning.publish(RakeSchedule, schedule.pk, actor=actor, clean=_clean_schedule,
                              reason="rake schedule published", seen=seen)


@transaction.atomic
def schedule_retire(*, actor, schedule: RakeSchedule, seen: str | None = None) -> RakeSchedule:
    return versioning.retire(RakeSchedule, schedule.pk, actor=actor, noun="schedule",
                             reason="rake schedule retired", seen=seen)


@transaction.atomic
def schedule_new_version(*, actor, schedule: RakeSchedule) -> RakeSchedule:
    """A new draft in the same family, starting from this version's terms."""
    return versioning.new_version(RakeSchedule, schedule, actor=actor, copy=lambda s: {
        **{f: getattr(s, f) for f in SCHEDULE_FIELDS},
        "caps_by_players": dict(s.caps_by_players or {})})
