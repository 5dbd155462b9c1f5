"""The supervisor's forms for a jackpot: the approval of an award that waits (the witness
and, for a W-2G, the player's details; the service checks them,
payouts.jackpots.services.hit_approve, and its refusals are put back on the fields), and a
progressive meter's parameters (the API's fields, one award per hand category) and a
documented correction."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError

from casino.common.amounts import PercentFormField, PlainDecimalFormField, as_percent
from casino.common.errors import error_detail
from casino.common.forms import in_words
from casino.common.problems import problems_in
from casino.common.roles import is_group_supervisor, is_supervisor
from casino.common.witness import second_person_fields
from casino.house.staff import casinos_of
from payouts.jackpots import w2g
from payouts.jackpots.models import IdKind, MeterName, Progressive, award_rules
from tables.rules.money import CURRENCY_DIGITS, CURRENCY_NAMES
from tables.rules.stud import STUD_CATEGORIES

CATEGORY_WORDS = {c: c.replace("_", " ").capitalize() for c in STUD_CATEGORIES}
AWARD_KINDS = [("", "No award"), ("percent", "Percent"), ("fixed", "Fixed amount")]
PARAMETER_WORDS = {"name": "Name", "wager": "Side wager", "seed": "Seed",
                   "contribution_rate": "Contribution rate", "reserve_rate": "Reserve rate",
                   "limit": "Limit", "approval_threshold": "Approval from",
                   "correction_bound": "Corrections above", "awards": "Awards"}


def _amount(label: str, **options) -> PlainDecimalFormField:
    return PlainDecimalFormField(label=label, max_digits=14, decimal_places=2,
                                 min_value=Decimal(0), **options)


def _rate(label: str, **options) -> PercentFormField:
    """A rate typed as a percent (70), kept as the fraction (0.70000, five places)."""
    return PercentFormField(label=label, places=5, **options)


class ProgressiveParametersForm(forms.Form):
    """What progressive_update may change: everything but the currency, the books and the
    meters themselves (those move through wins and corrections)."""

    name = forms.CharField(max_length=120, label="Name")
    wager = PlainDecimalFormField(label="Side wager", max_digits=14, decimal_places=2,
                                  min_value=Decimal("0.01"), initial=Decimal("1.00"),
                                  help_text="What a player puts up per hand for the jackpot.")
    seed = _amount("Seed", help_text="Where the meter starts, and restarts after a hit that "
                                     "empties it.")
    contribution_rate = _rate("Contribution rate (%)",
                              help_text="Percent of each side wager added to the meter, "
                                        "e.g. 70.")
    reserve_rate = _rate("Reserve rate (%)", initial="0",
                         help_text="Percent of each side wager set aside for the next seed.")
    limit = _amount("Limit", required=False,
                    help_text="Optional: the meter stops here; what would go above it goes "
                              "to the overflow.")
    approval_threshold = _amount("Approval from", initial=Decimal("10000.00"),
                                 help_text="Awards of this amount or more wait for a "
                                           "supervisor's approval.")
    correction_bound = _amount(
        "Corrections above", required=False,
        help_text="A correction that sets a meter above this needs a second supervisor's "
                  "password. Blank on a new meter: a hundred times the seed (never below "
                  "the approval amount), or the limit if there is one.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for category in STUD_CATEGORIES:
            words = CATEGORY_WORDS[category]
            # Labelled for assistive technology; the table's row and column say it on screen.
            self.fields[f"award_{category}"] = forms.ChoiceField(
                choices=AWARD_KINDS, required=False, label=f"{words} award",
                widget=forms.Select(attrs={"aria-label": f"{words} award"}))
            self.fields[f"award_{category}_value"] = PlainDecimalFormField(
                max_digits=14, decimal_places=2, required=False,
                label=f"{words} percent or amount", widget=forms.TextInput(attrs={
                    "aria-label": f"{words} percent or amount", "inputmode": "decimal"}))
        in_words(self)

    def parameter_fields(self):
        return [self[name] for name in self.fields if not name.startswith("award_")]

    def award_rows(self):
        return [(CATEGORY_WORDS[c], self[f"award_{c}"], self[f"award_{c}_value"])
                for c in STUD_CATEGORIES]

    def clean(self):
        data = super().clean()
        awards = {}
        for category in STUD_CATEGORIES:
            kind, value = data.get(f"award_{category}"), data.get(f"award_{category}_value")
            if not kind:
                continue
            if value is None:
                if f"award_{category}_value" not in self.errors:
                    self.add_error(f"award_{category}_value", "Give the percent or the amount.")
                continue
            spec = {kind: str(value)}
            try:  # the service's own reading of an award, one category at a time
                award_rules({category: spec})
            except ValidationError as refused:
                message = " ".join(refused.messages).removeprefix(f"{category}: ")
                self.add_error(f"award_{category}_value", message)
                continue
            awards[category] = spec
        if not awards and not self.errors:
            self.add_error(None, "Give at least one hand an award.")
        data["awards"] = awards
        return data

    def parameters(self) -> dict:
        data = self.cleaned_data
        chosen = {field: data[field] for field in PARAMETER_WORDS}
        if chosen["correction_bound"] is None:
            del chosen["correction_bound"]  # a new meter's derived; a meter's kept
        return chosen

    @classmethod
    def initial_of(cls, progressive: Progressive) -> dict:
        initial = {field: getattr(progressive, field) for field in PARAMETER_WORDS
                   if field != "awards"}
        for rate in ("contribution_rate", "reserve_rate"):  # 70, not 0.70000 as stored
            initial[rate] = as_percent(initial[rate])
        return {**initial, **cls.initial_of_awards(progressive.awards)}

    @staticmethod
    def initial_of_awards(awards: dict) -> dict:
        initial = {}
        for category, spec in awards.items():
            [(kind, value)] = spec.items()
            initial[f"award_{category}"], initial[f"award_{category}_value"] = kind, value
        return initial


class NewProgressiveForm(ProgressiveParametersForm):
    """A new meter: also whose books it is kept in and its currency, which never change."""

    casino = forms.ModelChoiceField(queryset=None, required=False, label="Kept by",
                                    empty_label="The group (a wide-area meter)",
                                    help_text="Its ledger follows this casino's gaming day; "
                                              "it can feed only this casino's stud tables.")
    # A casino's meter is kept in the casino's money: the field matters only for the
    # group's, so a casino's needs nothing typed (and cannot be given another currency).
    currency = forms.ChoiceField(
        label="Currency", required=False, choices=[
            ("", "The casino's own"),
            *((code, f"{code} — {CURRENCY_NAMES[code]}") for code in CURRENCY_DIGITS)],
        help_text="A casino's meter is in the casino's money; a wide-area meter's is chosen "
                  "here.")
    field_order = ["name", "casino", "currency"]

    def clean_currency(self):
        currency = self.cleaned_data.get("currency")
        casino = self.cleaned_data.get("casino")
        if currency:
            return currency
        if casino is not None:
            return casino.currency
        if "casino" in self.errors:
            return currency
        raise forms.ValidationError("none given: a wide-area meter's currency is chosen "
                                    "here.")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        # Offered only what the user may create: his casinos' meters as their supervisor,
        # the group's (no casino) as a group supervisor (services.require_governs).
        casino = self.fields["casino"]
        casino.queryset = casinos_of(user) if is_supervisor(user) else casinos_of(user).none()
        if not is_group_supervisor(user):
            casino.required, casino.empty_label = True, None
        in_words(self)


class CorrectionForm(forms.Form):
    meter = forms.ChoiceField(choices=MeterName.choices, label="Which meter")
    new_balance = _amount("New balance")
    reason = forms.CharField(max_length=2000, label="Reason", widget=forms.Textarea(
        attrs={"rows": 2}), help_text="Kept with the correction in the ledger, e.g. the "
                                     "count sheet's number.")
    witness, witness_password = second_person_fields(
        "Second supervisor", "Only for a balance above the meter's correction bound: "
                             "another supervisor who may correct it.")

    def correction(self) -> dict:
        """The service's arguments (progressive_correct) from the cleaned form."""
        return dict(self.cleaned_data)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)


# --- Approving an award that waits -----------------------------------------------------


class NotShownBack(forms.TextInput):
    """A field whose value is never written back into the page (the TIN): after a refusal
    it is typed again rather than kept in the page's source."""

    def format_value(self, value):
        return None


def _text(label: str, **attrs) -> forms.CharField:
    return forms.CharField(label=label, required=False, widget=forms.TextInput(attrs=attrs))


class HitApprovalForm(forms.Form):
    witness, witness_password = second_person_fields("Witness")
    full_name = _text("Player's full name", autocomplete="off")
    street = _text("Street address", autocomplete="off")
    city = _text("City", autocomplete="off")
    region = _text("State or province", autocomplete="off")
    postal_code = _text("Postal code", autocomplete="off")
    country = _text("Country", autocomplete="off")
    tin = forms.CharField(label="SSN or ITIN", required=False,
                          help_text="9 digits, such as 123-45-6789. It is never shown back in full "
                                    "(afterwards as XXX-XX- and its last 4 digits): after a "
                                    "refusal, type it again.",
                          widget=NotShownBack(attrs={"autocomplete": "off",
                                                     "inputmode": "numeric"}))
    id_kind = forms.ChoiceField(label="Identification shown", required=False,
                                choices=[("", "— choose —"), *IdKind.choices])
    id_number = _text("Identification number", autocomplete="off")
    date_of_birth = forms.CharField(label="Date of birth", required=False,
                                    widget=forms.DateInput(attrs={"type": "date"}))
    confirmed = forms.BooleanField(required=False)

    def __init__(self, *args, hit, consequence: str, **kwargs):
        super().__init__(*args, initial={"country": "United States"}, **kwargs)
        self.consequence = consequence
        self.fields["confirmed"].label = f"I confirm: {consequence}."
        if not hit.w2g:
            for field in w2g.FIELDS:
                del self.fields[field]

    def clean_confirmed(self):
        if not self.cleaned_data.get("confirmed"):
            raise ValidationError(f"Tick the box to confirm: {self.consequence}.")
        return True

    def player_fields(self):
        return [self[name] for name in w2g.FIELDS if name in self.fields]

    def approval(self) -> dict:
        """The service's arguments (hit_approve) from the cleaned form."""
        data = self.cleaned_data
        player = {name: data[name] for name in w2g.FIELDS if name in self.fields}
        return {"witness": data["witness"], "witness_password": data["witness_password"],
                "player": player or None}

    def show(self, refused: ValidationError) -> None:
        """The service's refusal on the fields it names ('player.tin' on the TIN)."""
        for where, message in problems_in(error_detail(refused)):
            field = where.split(".")[-1]
            self.add_error(field if field in self.fields else None, message)
