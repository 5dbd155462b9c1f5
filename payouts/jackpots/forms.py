"""The approval form of an award that waits for a supervisor: the witness and, for a
W-2G, the player's details. The form only carries the text; the service checks it
(payouts.jackpots.services.hit_approve) and its refusals are put back on the fields."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from casino.common.errors import error_detail
from casino.common.pages import problems_in
from payouts.jackpots import w2g
from payouts.jackpots.models import IdKind


class NotShownBack(forms.TextInput):
    """A field whose value is never written back into the page (the TIN): after a refusal
    it is typed again rather than kept in the page's source."""

    def format_value(self, value):
        return None


def _text(label: str, **attrs) -> forms.CharField:
    return forms.CharField(label=label, required=False, widget=forms.TextInput(attrs=attrs))


class HitApprovalForm(forms.Form):
    witness = _text("Witness's user name", autocomplete="off", autocapitalize="none")
    witness_password = forms.CharField(
        label="Witness's password", required=False, strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "off"}))
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
