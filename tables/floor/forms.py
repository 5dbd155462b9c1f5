"""Forms of the floor's pages that are not the API's serializers."""

from __future__ import annotations

from django import forms

from casino.common.forms import in_words
from payouts.terms.models import Paytable, RakeSchedule
from payouts.terms.selectors import terms_visible_to, usable_at
from payouts.terms.versioning import PublicationStatus
from tables.floor.accounts import account_problems
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
        labels = {"rake_schedule": "Rake schedule",
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


class NewDealerForm(forms.Form):
    """A dealer's log-in: dealer_create checks the name and the password (the configured
    password validators) and says what is wrong with each."""

    casino = forms.ModelChoiceField(queryset=None, label="Works at", empty_label=None)
    username = forms.CharField(label="User name", max_length=150,
                               help_text="What the dealer types to log in, e.g. dana.scully.",
                               widget=forms.TextInput(attrs={"autocapitalize": "none",
                                                             "autocomplete": "off",
                                                             "spellcheck": "false"}))
    first_name = forms.CharField(label="First name", max_length=150, required=False)
    last_name = forms.CharField(label="Last name", max_length=150, required=False)
    password = forms.CharField(
        label="Initial password", strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text="At least 8 characters, not a common password, not only digits, not like "
                  "the name. Give it to the dealer in person.")
    password_again = forms.CharField(
        label="Password again", strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))

    def __init__(self, *args, casinos, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["casino"].queryset = casinos
        in_words(self)

    def clean(self):
        data = super().clean()
        if data.get("password") and data.get("password_again") is not None and \
                data["password"] != data["password_again"]:
            self.add_error("password_again", "The two passwords differ: type them again.")
        if self.errors:  # the account's own problems too, so that all show at once
            account = {f: self.data.get(f, "") for f in ("username", "password",
                                                         "first_name", "last_name")}
            for field, problems in account_problems(**account).items():
                if field not in self.errors:
                    for problem in problems:
                        self.add_error(field, problem)
        return data

    def account(self) -> dict:
        return {f: self.cleaned_data[f] for f in ("casino", "username", "password",
                                                    "first_name", "last_name")}
