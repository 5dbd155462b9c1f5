"""Forms of the floor's pages that are not the API's serializers."""

from __future__ import annotations

from django import forms

from casino.common.pages import in_words
from payouts.terms.models import Paytable, RakeSchedule
from payouts.terms.selectors import terms_visible_to, usable_at
from payouts.terms.versioning import PublicationStatus
from tables.floor.models import Kill, KillTrigger, ReopenRule, Structure, Table
from tables.floor.stakes import POKER_FIELDS


def published_visible_to(model, user):
    """What a terms field accepts: any published version the user may see, so that one
    a table may not be given is refused by name (the service says why), not as "not one
    of the choices"; the list offered is only what the table may be given."""
    return terms_visible_to(model, user).filter(status=PublicationStatus.PUBLISHED)


class AssignPaytableForm(forms.Form):
    paytable = forms.ModelChoiceField(queryset=Paytable.objects.none(),
                                      empty_label="— choose a published paytable —")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["paytable"].queryset = published_visible_to(Paytable, user)
        in_words(self)


class PokerSettingsForm(forms.ModelForm):
    class Meta:
        model = Table
        fields = list(POKER_FIELDS)
        labels = {"rake_schedule": "Collection schedule",
                  "heads_up_uncapped": "No raise cap heads-up",
                  "reopen_rule": "All-in raise reopens the betting by the",
                  "kill_pot_big_bets": "Kill when the pot exceeds (big bets)"}

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        schedule = self.fields["rake_schedule"]
        schedule.queryset = published_visible_to(RakeSchedule, user)
        schedule.widget.choices = [("", "—"), *(
            (s.pk, s.label) for s in usable_at(RakeSchedule, self.instance.casino))]
        self.fields["structure"].choices = [("", "—"), *Structure.choices]
        self.fields["reopen_rule"].choices = [("", "—"), *ReopenRule.choices]
        self.fields["kill_trigger"].choices = [("", "—"), *KillTrigger.choices]
        self.fields["kill"].choices = Kill.choices
        in_words(self)
