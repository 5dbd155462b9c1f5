"""The rotation page's forms: a relief confirmed, a dealer clocked in or out, a break.
The ids are checked against the casino's own tables and dealers by the view, and every
rule by tables.pit.services."""

from __future__ import annotations

from django import forms

from casino.common.amounts import PlainDecimalFormField
from casino.common.forms import in_words
from tables.pit.models import MoveKind


class ReliefForm(forms.Form):
    table = forms.IntegerField(label="Table", min_value=1)
    relief = forms.IntegerField(label="Relief", min_value=1)
    # Whom the page showed on the table (blank: nobody): a floor changed since is refused.
    relieved = forms.IntegerField(label="Relieved", min_value=1, required=False)
    goes_to = forms.ChoiceField(label="The relieved dealer goes", initial=MoveKind.BREAK,
                                choices=[(MoveKind.BREAK, "On a break"),
                                         (MoveKind.MEAL, "On his meal break"),
                                         (MoveKind.CLOCK_OUT, "Home (clocks out)")])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)


class DealerForm(forms.Form):
    dealer = forms.IntegerField(label="Dealer", min_value=1)
    action = forms.ChoiceField(label="What", choices=[
        ("clock_in", "Clock in"), ("clock_out", "Clock out"), (MoveKind.BREAK, "Break"),
        (MoveKind.MEAL, "Meal break")])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)


class MyFloorForm(forms.Form):
    """The dealer's own move: clock in or out at ``casino``, or take ``table``."""

    action = forms.ChoiceField(label="What", choices=[
        ("clock_in", "Clock in"), ("clock_out", "Clock out"), ("take", "Take this table")])
    casino = forms.IntegerField(label="Casino", min_value=1, required=False)
    table = forms.IntegerField(label="Table", min_value=1, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)



class LimitsForm(forms.Form):
    """A stud table's ante limits, within its paytable's (tables.floor.services)."""

    min_ante = PlainDecimalFormField(label="Minimum ante", max_digits=14, decimal_places=2,
                                     min_value=0)
    max_ante = PlainDecimalFormField(label="Maximum ante", max_digits=14, decimal_places=2,
                                     min_value=0)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)
