"""The desk's forms: a search, and a player's account (opened or changed)."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model

from casino.common.forms import in_words
from casino.common.witness import second_person_fields
from tables.players.models import Player, PlayerStatus, Tier
from tables.players.selectors import ORDERS


def _hosts():
    return get_user_model().objects.filter(groups__name="host", is_active=True).order_by(
        "username")


class HostChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return obj.get_username()


class NoteForm(forms.Form):
    text = forms.CharField(max_length=500, required=False, label="Note",
                           widget=forms.Textarea(attrs={"rows": 2}),
                           help_text="What the next host should know; kept, never changed.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)


class PlayerFinder(forms.Form):
    q = forms.CharField(required=False, max_length=120, label="Card number or name")
    order = forms.ChoiceField(choices=ORDERS.items(), required=False, label="Order")
    mine = forms.BooleanField(required=False, label="Only my players")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)


class PlayerForm(forms.Form):
    """What staff type; the service reads it (the card's form, the first name by default
    the name's first word, a status change's reason)."""

    card = forms.CharField(max_length=40, label="Card number")
    name = forms.CharField(max_length=120, label="Name")
    first_name = forms.CharField(max_length=60, required=False, label="First name",
                                 help_text="As the dealer greets him; the name's first word "
                                           "if left empty.")
    tier = forms.ChoiceField(choices=Tier.choices, initial=Tier.MEMBER, label="Tier")
    status = forms.ChoiceField(choices=PlayerStatus.choices, initial=PlayerStatus.ACTIVE,
                               label="Status")
    host = HostChoice(queryset=None, required=False, label="His host",
                      help_text="The host who looks after him (\"my players\" on the host's "
                                "page).")
    exclusion_ends = forms.DateField(
        required=False, label="Exclusion ends", widget=forms.DateInput(attrs={"type": "date"}),
        help_text="An exclusion for a term: the day it ends (later, never earlier, once "
                  "set). Empty: no end.")
    reason = forms.CharField(max_length=200, required=False, label="Why (a status change)",
                             help_text="Self-exclusion, barred by whom, taken back: kept in "
                                       "his history.")
    # Lifting an exclusion: a group supervisor, and a second one who confirms.
    witness, witness_password = second_person_fields(
        "Second group supervisor", help_text="Only to lift an exclusion: a second group "
                                             "supervisor confirms with their own password.")

    def __init__(self, *args, player: Player | None = None, **kwargs):
        if player is not None and not kwargs.get("initial"):
            kwargs["initial"] = {name: getattr(player, name) for name in
                                 ("card", "name", "first_name", "tier", "status",
                                  "exclusion_ends", "host")}
        super().__init__(*args, **kwargs)
        # Any host: the player is the group's. The service checks the role again.
        self.fields["host"].queryset = _hosts()
        if player is None:
            # A new account has no status to change, and no exclusion to lift.
            for name in ("reason", "witness", "witness_password"):
                del self.fields[name]
        elif player.status != PlayerStatus.EXCLUDED:
            del self.fields["witness"], self.fields["witness_password"]
        in_words(self)
