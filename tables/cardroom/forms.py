"""The card room desk's forms. Ids are checked against the casino's own lists, entries,
tables and seats by the views, every rule by tables.cardroom.services."""

from __future__ import annotations

from django import forms

from casino.common.amounts import PlainDecimalFormField
from casino.common.forms import WholeNumberField, in_words
from tables.cardroom.models import POKER_GAMES
from tables.floor.models import Structure


class _Worded(forms.Form):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)


class ListForm(_Worded):
    game = forms.ChoiceField(label="Game", choices=POKER_GAMES)
    structure = forms.ChoiceField(label="Betting", choices=Structure.choices)
    small = PlainDecimalFormField(label="Small blind or bet", max_digits=14, decimal_places=2,
                                  min_value=0)
    big = PlainDecimalFormField(label="Big blind or bet", max_digits=14, decimal_places=2,
                                min_value=0)
    feeds = forms.IntegerField(label="Must move to", required=False, min_value=1)


class WaitlistForm(_Worded):
    waitlist = forms.IntegerField(min_value=1)


class JoinForm(WaitlistForm):
    name = forms.CharField(label="Name or initials", required=False, max_length=60)
    phone = forms.CharField(label="Phone (for the call)", required=False, max_length=30)
    card = forms.CharField(label="Card number (rated)", required=False, max_length=20)


class EntryForm(_Worded):
    """A step of one entry: call, seat (table and seat), move (position, reason), remove
    (reason)."""

    entry = forms.IntegerField(min_value=1)
    action = forms.ChoiceField(choices=[("call", "Call"), ("seat", "Seat"), ("move", "Move"),
                                        ("remove", "Take off")])
    table = forms.IntegerField(label="Table", required=False, min_value=1)
    seat = WholeNumberField(label="Seat", required=False, min_value=1)
    position = WholeNumberField(label="Place", required=False, min_value=1)
    reason = forms.CharField(label="Why", required=False, max_length=200)


class SeatForm(_Worded):
    """A seat taken now by a walk-in, left, or given up for another table's list."""

    action = forms.ChoiceField(choices=[("take", "Seat"), ("leave", "Left"),
                                        ("change", "Change table"), ("open", "Open"),
                                        ("close", "Close")])
    table = forms.IntegerField(label="Table", required=False, min_value=1)
    seat = WholeNumberField(label="Seat", required=False, min_value=1)
    name = forms.CharField(label="Name or initials", required=False, max_length=60)
    card = forms.CharField(label="Card number (rated)", required=False, max_length=20)
    taken = forms.IntegerField(required=False, min_value=1)
    waitlist = forms.IntegerField(label="List", required=False, min_value=1)
