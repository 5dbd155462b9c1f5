"""Every write to paytables: create and edit drafts, publish, retire, new versions.

The audit trail is kept by database triggers (pghistory); these services tag it
with the acting supervisor and a reason.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from payouts.models import Paytable
from payouts.terms import versioning
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
EDITABLE = {"name", "odds", "max_payout", "dealer_qualifier", "min_ante", "max_ante"}
MAX_ODDS = 10_000




def clean_odds(odds: Any) -> dict[str, int]:
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
    paytable.odds = clean_odds(paytable.odds)
    try:
        qualifier_value(paytable.dealer_qualifier)
    except SettlementError as error:
        raise ValidationError({"dealer_qualifier": str(error)}) from None
    for field in ("max_payout", "min_ante"):
        if getattr(paytable, field) is not None and Decimal(getattr(paytable, field)) <= 0:
            raise ValidationError({field: f"{getattr(paytable, field)} must be greater than 0."})
    if paytable.min_ante is not None and paytable.max_ante is not None and \
            Decimal(paytable.min_ante) > Decimal(paytable.max_ante):
        raise ValidationError({"max_ante": f"The maximum ante {paytable.max_ante} is below the "
                                           f"minimum {paytable.min_ante}."})
    paytable.full_clean(exclude=["family", "created_by"])


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
def paytable_update(*, actor, paytable: Paytable, **changes: Any) -> Paytable:
    return versioning.edit_draft(Paytable, paytable.pk, changes, allowed=EDITABLE, actor=actor,
                                 clean=_clean, reason="paytable draft edited")


@transaction.atomic
def paytable_publish(*, actor, paytable: Paytable) -> Paytable:
    return versioning.publish(Paytable, paytable.pk, actor=actor, clean=_clean,
                              reason="paytable published")


@transaction.atomic
def paytable_retire(*, actor, paytable: Paytable) -> Paytable:
    return versioning.retire(Paytable, paytable.pk, actor=actor, noun="paytable",
                             reason="paytable retired")


@transaction.atomic
def paytable_new_version(*, actor, paytable: Paytable) -> Paytable:
    """A new draft in the same family, starting from this version's terms."""
    return versioning.new_version(Paytable, paytable, actor=actor, copy=lambda p: {
        "name": p.name, "variant": p.variant, "odds": dict(p.odds),
        "max_payout": p.max_payout, "dealer_qualifier": p.dealer_qualifier,
        "min_ante": p.min_ante, "max_ante": p.max_ante})
