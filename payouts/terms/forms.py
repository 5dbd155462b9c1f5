"""The supervisor's forms for terms. They read what was typed (every refusal in words:
casino.common.forms.in_words) and leave the rules to the services; whose the terms are is
one choice, a casino or the group in a currency."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.db import models

from casino.common.amounts import PlainDecimalFormField
from casino.common.forms import WholeNumberField, in_words
from casino.common.roles import is_group_supervisor, is_supervisor
from casino.house.staff import all_casinos, casinos_of
from payouts.governance import governs
from payouts.terms.models import METHOD_FIELDS, CapScope, Method, Paytable, RakeSchedule
from payouts.terms.versioning import FIRST_CURRENCY, VersionedTerms
from tables.rules.stud import STUD_CATEGORIES, Variant

CATEGORY_LABELS = {c: c.replace("_", " ").capitalize() for c in STUD_CATEGORIES}


def owner_of(terms: VersionedTerms) -> str:
    return f"casino:{terms.casino_id}" if terms.casino_id else f"group:{terms.currency}"


def owner_choices(user, terms: VersionedTerms | None) -> list[tuple[str, str]]:
    """Whose terms the user may make them: each casino he supervises, then, for a group
    supervisor, the group in each currency its casinos keep (and the terms' own owner,
    shown even where he may not choose it)."""
    casinos = list(casinos_of(user).order_by("name")) if is_supervisor(user) else []
    currencies = set()
    if is_group_supervisor(user):
        currencies = set(all_casinos().values_list("currency", flat=True)) or {FIRST_CURRENCY}
    if terms is not None and not terms.casino_id:
        currencies.add(terms.currency)
    elif terms is not None and terms.casino not in casinos:
        casinos.append(terms.casino)
    return [*((f"casino:{c.pk}", f"{c.name} only ({c.currency})") for c in casinos),
            *((f"group:{code}", f"The group: any casino in {code}")
              for code in sorted(currencies))]


class TermsForm(forms.Form):
    """What the terms forms share: refusals in words, whose the terms are (``owner``),
    and ``seen``, the fingerprint of the version the page showed (the services refuse
    to save or publish a draft that changed since)."""

    owner = forms.ChoiceField(label="Belongs to", required=False)
    seen = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, user, terms: VersionedTerms | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["owner"].choices = owner_choices(user, terms)
        if terms is not None:
            self.initial.setdefault("owner", owner_of(terms))
            self.initial["seen"] = terms.fingerprint()
        elif self.fields["owner"].choices:
            self.initial.setdefault("owner", self.fields["owner"].choices[0][0])
        in_words(self)
        # Shown, not changed: a published version, or terms the user does not govern (the
        # group's to a casino's supervisor: the services refuse them too).
        if terms is not None and not (terms.is_draft and governs(
                user, terms.casino if terms.casino_id else None)):
            for field in self.fields.values():
                field.disabled = True

    def owner_terms(self) -> dict:
        """{'casino': <Casino>, 'currency': None} or {'casino': None, 'currency': 'GBP'};
        none chosen: {} (a draft keeps its owner, new terms take the services' default)."""
        kind, _, key = (self.cleaned_data.get("owner") or "").partition(":")
        if not kind:
            return {}
        if kind == "casino":
            return {"casino": casinos_of(self.user).get(pk=int(key)), "currency": None}
        return {"casino": None, "currency": key}

    def seen_fingerprint(self) -> str | None:
        return self.cleaned_data.get("seen") or None


class NewPaytableForm(TermsForm):
    name = forms.CharField(max_length=120)
    variant = forms.ChoiceField(choices=[(Variant.US, "US — Caribbean Stud (royal 100:1)"),
                                         (Variant.UK, "UK — Casino Stud (royal 50:1)")])

    def terms(self) -> dict:
        return {"name": self.cleaned_data["name"], "variant": self.cleaned_data["variant"],
                **self.owner_terms()}


class PaytableTermsForm(TermsForm):
    """A draft's terms: one field per category's odds, then the limits."""

    name = forms.CharField(max_length=120)
    max_payout = PlainDecimalFormField(max_digits=14, decimal_places=2, min_value=0.01,
                                       label="Maximum payout on the bet")
    dealer_qualifier = forms.CharField(max_length=2, label="Dealer qualifies with",
                                       help_text="AK = ace-king or better; 22 = a pair of "
                                                 "twos or better")
    min_ante = PlainDecimalFormField(max_digits=14, decimal_places=2, min_value=0.01,
                                     label="Minimum ante")
    max_ante = PlainDecimalFormField(max_digits=14, decimal_places=2, min_value=0.01,
                                     label="Maximum ante",
                                     help_text="A player who plays raises twice the ante, "
                                               "so his bet goes up to twice this.")

    def __init__(self, *args, paytable: Paytable, user, **kwargs):
        initial = {"name": paytable.name, "max_payout": paytable.max_payout,
                   "dealer_qualifier": paytable.dealer_qualifier,
                   "min_ante": paytable.min_ante, "max_ante": paytable.max_ante}
        initial.update({f"odds_{c}": paytable.odds.get(c) for c in STUD_CATEGORIES})
        super().__init__(*args, user=user, terms=paytable, initial=initial, **kwargs)

    def odds_fields(self):
        return [self[f"odds_{c}"] for c in STUD_CATEGORIES]

    def terms(self) -> dict:
        data = self.cleaned_data
        return {
            "name": data["name"], "max_payout": data["max_payout"],
            "dealer_qualifier": data["dealer_qualifier"].upper(),
            "min_ante": data["min_ante"], "max_ante": data["max_ante"],
            "odds": {c: data[f"odds_{c}"] for c in STUD_CATEGORIES},
            **self.owner_terms(),
        }


for _category in STUD_CATEGORIES:
    PaytableTermsForm.base_fields[f"odds_{_category}"] = WholeNumberField(
        min_value=1, max_value=10_000, label=f"{CATEGORY_LABELS[_category]} pays N:1")


# --- Rake schedules -------------------------------------------------------------

SCHEDULE_LABELS = {
    "percent": "Percent of the pot", "cap": "Cap per hand", "cap_scope": "The cap applies",
    "increment": "Rake in steps of", "min_pot": "No rake below a pot of",
    "no_flop_no_drop": "No flop, no drop", "fixed_drop": "Fixed drop per hand",
    "time_fee": "Time fee per seat", "time_period_minutes": "Every (minutes)",
    "bad_beat_drop": "Bad-beat drop", "bad_beat_min_pot": "Bad-beat drop from pots of at least"}
# What each method cannot do without; a blank field of the chosen method otherwise
# takes its default (shown as the box's placeholder).
NEEDED = {Method.PERCENTAGE: ("percent",), Method.FIXED_DROP: ("fixed_drop",),
          Method.TIME: ("time_fee",)}
COMMON = ("name", "owner", "method", "bad_beat_drop", "bad_beat_min_pot")
# The form's sections: (heading, the methods it is for, its fields); without JavaScript
# every section shows, and only the chosen method's are kept.
SECTIONS = [
    ("Percentage rake", (Method.PERCENTAGE,), ("percent", "cap", "caps_by_players",
                                               "cap_scope", "increment")),
    ("Fixed drop", (Method.FIXED_DROP,), ("fixed_drop",)),
    ("Which pots pay (percentage rake and fixed drop)", (Method.PERCENTAGE, Method.FIXED_DROP),
     ("min_pot", "no_flop_no_drop")),
    ("Time collection", (Method.TIME,), ("time_fee", "time_period_minutes")),
    ("Bad-beat drop (any method)", tuple(Method), ("bad_beat_drop", "bad_beat_min_pot")),
]


def _schedule_field(name: str) -> forms.Field:
    """The model's field as a form field that is never required by itself."""
    model_field = RakeSchedule._meta.get_field(name)
    kwargs = {"required": False, "label": SCHEDULE_LABELS[name], "help_text": "", "initial": None}
    if isinstance(model_field, models.DecimalField):
        field = model_field.formfield(form_class=PlainDecimalFormField, **kwargs)
    elif isinstance(model_field, models.PositiveSmallIntegerField):
        field = model_field.formfield(form_class=WholeNumberField, **kwargs)
    else:
        field = model_field.formfield(**kwargs)
    default = model_field.get_default()
    needed = any(name in names for names in NEEDED.values())
    if default is not None and not isinstance(default, bool | dict) and not needed:
        field.widget.attrs["placeholder"] = str(default)
    return field


class ScheduleForm(TermsForm):
    name = forms.CharField(max_length=120)
    method = forms.ChoiceField(choices=Method.choices, label="Collection method")
    percent = _schedule_field("percent")
    cap = _schedule_field("cap")
    caps_by_players = forms.CharField(
        required=False, label="Caps by players dealt in",
        help_text="e.g. 2:1 3:2 5:5 — heads-up 1, three or four players 2, five or more 5.")
    cap_scope = forms.ChoiceField(choices=[("", "—"), *CapScope.choices], required=False,
                                  label=SCHEDULE_LABELS["cap_scope"])
    increment = _schedule_field("increment")
    fixed_drop = _schedule_field("fixed_drop")
    min_pot = _schedule_field("min_pot")
    no_flop_no_drop = _schedule_field("no_flop_no_drop")
    time_fee = _schedule_field("time_fee")
    time_period_minutes = _schedule_field("time_period_minutes")
    bad_beat_drop = _schedule_field("bad_beat_drop")
    bad_beat_min_pot = _schedule_field("bad_beat_min_pot")

    def __init__(self, *args, user, schedule: RakeSchedule | None = None, **kwargs):
        initial = _initial(schedule) if schedule else {"method": Method.PERCENTAGE}
        super().__init__(*args, user=user, terms=schedule, initial=initial, **kwargs)

    def head_fields(self) -> list:
        return [self["name"], self["owner"], self["method"]]

    def sections(self) -> list[tuple[str, str, list]]:
        """(heading, the methods it is for as 'percentage fixed_drop', bound fields)."""
        return [(heading, " ".join(methods), [self[name] for name in names])
                for heading, methods, names in SECTIONS]

    def clean_caps_by_players(self):
        text = self.cleaned_data["caps_by_players"].strip()
        caps = {}
        for pair in text.replace(",", " ").split():
            players, _, cap = pair.partition(":")
            if not players.isdigit() or not cap:
                raise ValidationError(f"'{pair}' is not players:cap, e.g. 5:5.")
            caps[players] = cap
        return caps

    def clean(self):
        data = super().clean()
        method = data.get("method")
        for name in NEEDED.get(method, ()):
            if name not in self.errors and data.get(name) in (None, ""):
                self.add_error(name, f"none given: a {Method(method).label.lower()} needs it.")
        return data

    def kept(self) -> tuple[str, ...]:
        """The fields the chosen method keeps (the others are not saved)."""
        return (*COMMON, *METHOD_FIELDS[self.cleaned_data["method"]])

    def terms(self) -> dict:
        """The chosen method's terms; a blank box takes the model's default."""
        terms = {}
        for name in self.kept():
            if name == "owner":
                continue
            value = self.cleaned_data.get(name)
            blank = value in (None, "")
            terms[name] = RakeSchedule._meta.get_field(name).get_default() if blank else value
        return {**terms, **self.owner_terms()}


def _initial(schedule: RakeSchedule) -> dict:
    """A schedule's own method's terms; the other methods' boxes stay empty."""
    names = ("name", "method", "bad_beat_drop", "bad_beat_min_pot",
             *METHOD_FIELDS[schedule.method])
    initial = {name: getattr(schedule, name) for name in names}
    if "caps_by_players" in initial:
        initial["caps_by_players"] = " ".join(
            f"{n}:{v}" for n, v in (schedule.caps_by_players or {}).items())
    return initial

