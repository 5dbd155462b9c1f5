from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from casino.common.amounts import PlainDecimalFormField, plain_decimal_formfield
from payouts.terms.models import Paytable, RakeSchedule
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


class ScheduleForm(forms.ModelForm):
    caps_by_players = forms.CharField(
        required=False, label="Caps by players dealt in",
        help_text="e.g. 2:1 3:2 5:5 — heads-up 1, three or four players 2, five or more 5.")

    class Meta:
        model = RakeSchedule
        formfield_callback = plain_decimal_formfield
        fields = ["name", "method", "percent", "cap", "caps_by_players", "cap_scope",
                  "increment", "min_pot", "no_flop_no_drop", "fixed_drop", "time_fee",
                  "time_period_minutes", "bad_beat_drop", "bad_beat_min_pot"]
        labels = {"percent": "Percent of the pot", "cap_scope": "The cap applies",
                  "increment": "Rake in steps of", "min_pot": "No rake below a pot of",
                  "fixed_drop": "Fixed drop per hand", "time_fee": "Time fee per seat",
                  "time_period_minutes": "Every (minutes)", "bad_beat_drop": "Bad-beat drop",
                  "bad_beat_min_pot": "Bad-beat drop from pots of at least"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        caps = (self.instance.caps_by_players or {}) if self.instance.pk else {}
        self.initial["caps_by_players"] = " ".join(f"{n}:{v}" for n, v in caps.items())
        if self.instance.pk and not self.instance.is_draft:
            for field in self.fields.values():
                field.disabled = True

    def clean_caps_by_players(self):
        text = self.cleaned_data["caps_by_players"].strip()
        caps = {}
        for pair in text.replace(",", " ").split():
            players, _, cap = pair.partition(":")
            if not players.isdigit() or not cap:
                raise ValidationError(f"'{pair}' is not players:cap, e.g. 5:5.")
            caps[players] = cap
        return caps

    def terms(self) -> dict:
        return {f: self.cleaned_data[f] for f in self.Meta.fields}
