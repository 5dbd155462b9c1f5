"""What identifies an analysis (its paytable's version, a checksum of its terms, the ante
where the cap binds) and how an amount typed in a query is read."""

from __future__ import annotations

import hashlib
import json
from decimal import Decimal

from django.core.exceptions import ValidationError

from payouts.analysis.models import UNCAPPED
from payouts.terms.models import Paytable
from tables.rules.money import MoneyError, read_amount
from tables.rules.stud_par import cap_binds

CENT = Decimal("0.01")


def terms_of(paytable: Paytable) -> dict:
    """The terms the figures depend on, in one canonical form (the checksum's input)."""
    return {"variant": paytable.variant, "odds": dict(paytable.terms().odds),
            "max_payout": f"{paytable.max_payout:.2f}",
            "dealer_qualifier": str(paytable.dealer_qualifier).strip().upper()}


def checksum_of(terms: dict) -> str:
    return hashlib.sha256(json.dumps(terms, sort_keys=True).encode()).hexdigest()


def read_cents(raw, *, field: str, example: str, lowest: Decimal, highest: Decimal,
               out_of_range: str) -> Decimal:
    """An amount typed in a query (an ante, a meter): plain, within limits, in cents; a
    refusal names the field and the value."""
    try:
        amount = read_amount(raw)
    except MoneyError:
        raise ValidationError({field: [f"'{raw}' is not an amount: write it like {example}."]}
                              ) from None
    if not lowest <= amount <= highest:  # first: a 40-digit amount cannot be quantized
        raise ValidationError({field: [out_of_range]})
    if amount != amount.quantize(CENT):
        raise ValidationError({field: [f"{raw} is not a whole number of cents."]})
    return amount.quantize(CENT)


def read_ante(paytable: Paytable, raw) -> Decimal:
    """The ante asked for (the paytable's minimum when none is given), within its limits."""
    if raw in (None, ""):
        return paytable.min_ante
    return read_cents(raw, field="ante", example="10.00", lowest=paytable.min_ante,
                      highest=paytable.max_ante, out_of_range=(
                          f"An ante of {raw} is not played at this paytable: its antes run "
                          f"from {paytable.min_ante} to {paytable.max_ante}."))


def ante_key(paytable: Paytable, ante: Decimal) -> str:
    binds = cap_binds(paytable.terms().odds, paytable.max_payout, ante)
    return f"{ante:.2f}" if binds else UNCAPPED


def key_of(paytable: Paytable, ante: Decimal) -> dict:
    """What identifies an analysis: the version, its terms' checksum, the ante key."""
    return {"paytable": paytable, "terms_checksum": checksum_of(terms_of(paytable)),
            "ante_key": ante_key(paytable, ante)}
