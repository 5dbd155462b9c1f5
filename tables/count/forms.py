"""The count room's forms: a box's notes and chips by denomination, its markers and
promotional coupons, and the team's second member who confirms by their own password
(a correction also says why); a gaming day to count; a variance's explanation.

Like the chips' forms, the figures are read by the service (tables.count.services
.box_figures), which names every problem of a count at once, the second member's too."""

from __future__ import annotations

from django import forms

from casino.common.forms import DayField, in_words
from casino.common.witness import second_person_fields
from tables.chips.forms import BoxesForm, box_name
from tables.chips.selectors import rules_of
from tables.rules.chips import cash_denominations


def _amount_box(label: str, help_text: str) -> forms.CharField:
    return forms.CharField(label=label, required=False, max_length=20, help_text=help_text,
                           widget=forms.TextInput(attrs={
                               "inputmode": "decimal", "autocomplete": "off",
                               "class": "amount-box", "data-amount": "drop"}))


class CountForm(BoxesForm):
    """A box of one shift as the team counted it."""

    markers = _amount_box("Markers", "The total of the marker slips in the box, e.g. 500.00.")
    promotional = _amount_box("Promotional coupons",
                              "Their total, counted apart: no money came in for them.")
    witness, witness_password = second_person_fields(
        "Second member",
        help_text="The other member of the count team, who types their own password.")

    def __init__(self, *args, casino, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_boxes("cash", cash_denominations(casino.currency), "Cash of {}")
        self.add_boxes("chips", rules_of(casino).denominations, "Chips of {}")
        # The boxes first, in the order the team empties a box: notes, chips, the rest.
        self.order_fields([*self.fields_of("cash"), *self.fields_of("chips")])
        in_words(self)

    def fields_of(self, group: str) -> list[str]:
        return [name for name in self.fields if name.startswith(f"{group}_")]

    def figures(self) -> dict:
        """The service's arguments: the figures as typed and the second member."""
        data = self.cleaned_data
        return {"cash": self.typed("cash"), "chips": self.typed("chips"),
                "markers": data["markers"], "promotional": data["promotional"],
                "witness": data["witness"], "witness_password": data["witness_password"]}

    @staticmethod
    def initial_of(figures) -> dict:
        """A count's standing figures as the form's first values (for a correction)."""
        initial = {box_name(group, key): count for group in ("cash", "chips")
                   for key, count in getattr(figures, group).items()}
        initial.update(markers=_plain(figures.markers), promotional=_plain(figures.promotional))
        return initial


def _plain(amount) -> str:
    return "" if not amount else f"{amount:.2f}"


class CorrectionForm(CountForm):
    reason = forms.CharField(label="Why is the box counted again?", required=False,
                             max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))

    def figures(self) -> dict:
        return {**super().figures(), "reason": self.cleaned_data["reason"]}


class DayForm(forms.Form):
    day = DayField(label="Gaming day")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)


class ExplanationForm(forms.Form):
    found = forms.CharField(
        label="What was found", required=False, max_length=4000,
        help_text="Where the difference came from, or what was done about it.",
        widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)

