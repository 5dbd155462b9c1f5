"""The comps' forms: a comp given, a supervisor's decision, a casino's comp rules and a
giver's own limit. The services check what they read."""

from __future__ import annotations

from django import forms

from casino.common.amounts import PercentFormField, PlainDecimalFormField, as_percent
from casino.common.forms import in_words
from casino.common.witness import second_person_fields
from tables.comps.models import CompKind, CompRules


class CompForm(forms.Form):
    amount = PlainDecimalFormField(label="Amount", max_digits=14, decimal_places=2,
                                   help_text="Within his balance here.")
    kind = forms.ChoiceField(choices=CompKind.choices, label="What", widget=forms.RadioSelect)
    reason = forms.CharField(max_length=200, label="What for",
                             help_text="Dinner for two at the grill, the suite, ...")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(choices=[("approve", "Approve"), ("decline", "Decline")],
                                 label="Decision")
    note = forms.CharField(max_length=200, required=False, label="Note",
                           help_text="Why, if declined: the host reads it.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)


# A supervisor's own limit (his own, or the casino's while he has none) is changed with
# another supervisor of the casino: the service says when.
WITNESS = "Only when the limit is your own: another supervisor of this casino."


def _multiplier(label: str) -> PlainDecimalFormField:
    return PlainDecimalFormField(label=label, max_digits=6, decimal_places=4, min_value=0,
                                 help_text="The rate times this, e.g. 1.25.")


class CompRulesForm(forms.Form):
    reinvestment = PercentFormField(
        label="Reinvestment rate (percent of the worth)", places=4,
        help_text="The share of a player's theoretical win and strategy cost given back as "
                  "comps, e.g. 25.")
    member = _multiplier("Member multiplier")
    silver = _multiplier("Silver multiplier")
    gold = _multiplier("Gold multiplier")
    platinum = _multiplier("Platinum multiplier")
    poker_hourly = PlainDecimalFormField(label="Poker comps per hour", max_digits=14,
                                         decimal_places=2, min_value=0)
    issuer_limit = PlainDecimalFormField(
        label="A giver's limit", max_digits=14, decimal_places=2, min_value=0,
        help_text="The most a host or supervisor gives one player alone in a gaming day; "
                  "above it another supervisor approves.")
    witness, witness_password = second_person_fields("Second supervisor", help_text=WITNESS)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)

    @classmethod
    def initial_of(cls, rules: CompRules) -> dict:
        initial = {name: getattr(rules, name) for name in cls.base_fields
                   if not name.startswith("witness")}
        initial["reinvestment"] = as_percent(rules.reinvestment)
        return initial


class LimitForm(forms.Form):
    user = forms.ChoiceField(label="Host or supervisor")
    limit = PlainDecimalFormField(label="Own limit", max_digits=14, decimal_places=2,
                                  min_value=0, help_text="A player a gaming day.")
    witness, witness_password = second_person_fields("Second supervisor", help_text=WITNESS)

    def __init__(self, *args, givers=(), **kwargs):
        # Ids of its own: the rules' form on the same page has a second supervisor too.
        kwargs.setdefault("auto_id", "id_limit_%s")
        super().__init__(*args, **kwargs)
        self.fields["user"].choices = [(u.pk, u.get_username()) for u in givers]
        in_words(self)
