from __future__ import annotations

from django import forms

from casino.common.pages import PlainDecimalFormField
from payouts.models import Paytable
from tables.rules.stud import STUD_CATEGORIES, Variant

CATEGORY_LABELS = {c: c.replace("_", " ").capitalize() for c in STUD_CATEGORIES}


class NewPaytableForm(forms.Form):
    name = forms.CharField(max_length=120)
    variant = forms.ChoiceField(choices=[(Variant.US, "US — Caribbean Stud (royal 100:1)"),
                                         (Variant.UK, "UK — Casino Stud (royal 50:1)")])


class PaytableTermsForm(forms.Form):
    """A draft's terms: one field per category's odds, then the limits."""

    name = forms.CharField(max_length=120)
    max_payout = PlainDecimalFormField(max_digits=14, decimal_places=2, min_value=0.01,
                                    label="Maximum payout on the bet")
    dealer_qualifier = forms.CharField(max_length=2, label="Dealer qualifies with",
                                       help_text="AK = ace-king or better; 22 = a pair of "
                                                 "twos or better")
    min_ante = PlainDecimalFormField(max_digits=14, decimal_places=2, min_value=0.01)
    max_ante = PlainDecimalFormField(max_digits=14, decimal_places=2, min_value=0.01)

    def __init__(self, *args, paytable: Paytable, **kwargs):
        initial = {"name": paytable.name, "max_payout": paytable.max_payout,
                   "dealer_qualifier": paytable.dealer_qualifier,
                   "min_ante": paytable.min_ante, "max_ante": paytable.max_ante}
        initial.update({f"odds_{c}": paytable.odds.get(c) for c in STUD_CATEGORIES})
        super().__init__(*args, initial=initial, **kwargs)
        for category in STUD_CATEGORIES:
            self.fields[f"odds_{category}"] = forms.IntegerField(
                min_value=1, max_value=10_000, label=f"{CATEGORY_LABELS[category]} pays N:1")
        if not paytable.is_draft:
            for field in self.fields.values():
                field.disabled = True

    def odds_fields(self):
        return [self[f"odds_{c}"] for c in STUD_CATEGORIES]

    def terms(self) -> dict:
        data = self.cleaned_data
        return {
            "name": data["name"], "max_payout": data["max_payout"],
            "dealer_qualifier": data["dealer_qualifier"].upper(),
            "min_ante": data["min_ante"], "max_ante": data["max_ante"],
            "odds": {c: data[f"odds_{c}"] for c in STUD_CATEGORIES},
        }
