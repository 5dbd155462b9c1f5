"""The rounds list's filter: a table, a gaming day, or a round's number to go to."""

from __future__ import annotations

from django import forms

from casino.common.forms import DayField, WholeNumberField, in_words
from tables.floor.models import Game


class RoundFinder(forms.Form):
    """What the rounds list shows: a table's (or every table's) rounds of a gaming day; a
    round's number goes straight to it. A dealer reads his own tables' rounds of today:
    the day is not his to choose."""

    table = forms.ModelChoiceField(queryset=None, required=False, empty_label="every table")
    day = DayField(required=False, label="Gaming day")
    number = WholeNumberField(required=False, min_value=1, label="Round number")

    def __init__(self, *args, tables, any_day: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].queryset = tables.filter(game=Game.CARIBBEAN_STUD).order_by(
            "casino__name", "label")
        self.fields["table"].label_from_instance = lambda t: f"{t.label} ({t.casino.name})"
        if not any_day:
            del self.fields["day"]
        in_words(self)
