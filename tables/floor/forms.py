"""Forms of the floor's pages that are not the API's serializers."""

from __future__ import annotations

from django import forms

from payouts.terms.models import Paytable, RakeSchedule
from payouts.terms.versioning import PublicationStatus
from tables.floor.models import Kill, KillTrigger, ReopenRule, Structure, Table
from tables.floor.stakes import POKER_FIELDS


class AssignPaytableForm(forms.Form):
    paytable = forms.ModelChoiceField(
        queryset=Paytable.objects.filter(status=PublicationStatus.PUBLISHED),
        empty_label="— choose a published paytable —")


class PokerSettingsForm(forms.ModelForm):
    class Meta:
        model = Table
        fields = list(POKER_FIELDS)
        labels = {"rake_schedule": "Collection schedule",
                  "heads_up_uncapped": "No raise cap heads-up",
                  "reopen_rule": "All-in raise reopens the betting by the",
                  "kill_pot_big_bets": "Kill when the pot exceeds (big bets)"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rake_schedule"].queryset = RakeSchedule.objects.filter(
            status=PublicationStatus.PUBLISHED)
        self.fields["structure"].choices = [("", "—"), *Structure.choices]
        self.fields["reopen_rule"].choices = [("", "—"), *ReopenRule.choices]
        self.fields["kill_trigger"].choices = [("", "—"), *KillTrigger.choices]
        self.fields["kill"].choices = Kill.choices
