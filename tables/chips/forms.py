"""The forms of the chips at the tables: one number box per denomination (an opener, a
closer, a fill or credit request; the count's notes and chips reuse them), a slip's void
with a second person, and a casino's accounting rules.

The boxes are read by the services (``rules.chips.read_chips``, the API's reading too):
the form gathers them into the service's shape and puts a refusal back on the box it
names, so every problem of a count is shown at once, beside its denomination."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError

from casino.common.amounts import PercentFormField, PlainDecimalFormField, as_percent
from casino.common.errors import error_detail
from casino.common.forms import DayField, WholeNumberField, in_words
from casino.common.problems import problems_in
from casino.common.witness import second_person_fields
from tables.chips.models import AccountingRules
from tables.chips.wording import rules_problems
from tables.rules.chips import MOST_CHIPS, denomination_key
from tables.rules.money import MoneyError, parse_plain_decimal

SHIFTS = [(1, "Shift 1"), (2, "Shift 2"), (3, "Shift 3")]
# Room for MOST_CHIPS and a typo the service then names ('1000000 chips of 25 is more...').
BOX_LENGTH = len(str(MOST_CHIPS)) + 3


def box_name(group: str, key: str) -> str:
    """The field of one denomination of a group: chips_25, chips_2_50, cash_20."""
    return f"{group}_{key.replace('.', '_')}"


def _box(label: str, group: str, key: str) -> forms.CharField:
    return forms.CharField(label=label, required=False, max_length=BOX_LENGTH, widget=(
        forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off",
                               "enterkeyhint": "next", "class": "count-box",
                               "data-group": group, "data-denomination": key})))


def _count_in(typed) -> int | None:
    """A box's count when it is a whole number (the service names anything else)."""
    text = str(typed or "").strip()
    return int(text) if text.isascii() and text.isdigit() else None


def _worth(typed, key: str) -> Decimal | None:
    count = _count_in(typed)
    return None if count is None else Decimal(key) * count


class BoxesForm(forms.Form):
    """A form with number boxes by denomination, in groups ('chips'; the count's 'cash')."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.boxes: dict[str, list[str]] = {}
        self.box_labels: dict[str, str] = {}

    def add_boxes(self, group: str, denominations, label: str) -> None:
        """One box per denomination, labelled ``label`` with the denomination in it."""
        keys = [denomination_key(Decimal(d)) for d in denominations]
        for key in keys:
            self.fields[box_name(group, key)] = _box(label.format(key), group, key)
        self.boxes[group] = keys
        self.box_labels[group] = label

    def typed(self, group: str) -> dict[str, str]:
        """The group's boxes as the service reads them: {'25': '40', '100': ''}."""
        return {key: self.cleaned_data.get(box_name(group, key), "")
                for key in self.boxes[group]}

    def rows(self, group: str) -> list[dict]:
        """The group's boxes for the page, each with what its count is worth (as typed:
        the page shows it again after a refusal)."""
        rows, label = [], self.box_labels[group]
        for key in self.boxes[group]:
            field = self[box_name(group, key)]
            worth = _worth(field.value(), key)
            # The page shows the denomination; a reader hears the whole label ("Cash of
            # 100", not "100": a note and a chip may share a value).
            rows.append({"key": key, "field": field, "unseen": label.split("{}")[0],
                         "value": "" if worth is None else f"{worth:,.2f}"})
        return rows

    def total(self, group: str) -> str:
        worths = (_worth(self[box_name(group, key)].value(), key) for key in self.boxes[group])
        return f"{sum((w for w in worths if w is not None), Decimal(0)):,.2f}"

    def show(self, refused: ValidationError) -> None:
        """A service's refusal beside what it names: 'chips.25' on the box of 25 chips,
        'witness' on the witness; what concerns no field (the shift, the count as a
        whole) above the form."""
        for where, message in problems_in(error_detail(refused)):
            parts = where.split(".")
            name = box_name(parts[0], parts[1]) if len(parts) > 1 else parts[0]
            self.add_error(name if name in self.fields else None, message)


class ChipsForm(BoxesForm):
    """The chips of a closer, a fill or a credit: one box per denomination of the casino."""

    def __init__(self, *args, denominations, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_boxes("chips", denominations, "Chips of {}")
        in_words(self)


class OpenerForm(ChipsForm):
    """An opener also names its gaming day and shift (the casino's current ones first)."""

    gaming_day = DayField(label="Gaming day")
    shift = forms.TypedChoiceField(label="Shift", choices=SHIFTS, coerce=int)
    field_order = ["gaming_day", "shift"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.order_fields(self.field_order)


class SlipVoidForm(forms.Form):
    reason = forms.CharField(label="Why is the slip void?", required=False, max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 2}))
    witness, witness_password = second_person_fields(
        "Second person",
        help_text="Someone in the cage, a supervisor or an accountant of this casino.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)


def _rule_amount(label: str, help_text: str) -> PlainDecimalFormField:
    return PlainDecimalFormField(label=label, max_digits=14, decimal_places=2,
                                 min_value=Decimal(0), help_text=help_text,
                                 widget=forms.TextInput(attrs={"inputmode": "decimal"}))


class AccountingRulesForm(forms.Form):
    denominations = forms.CharField(
        label="Chip denominations", max_length=400,
        help_text="The value chips in use, separated by commas, e.g. 1, 2.50, 5, 25, 100.")
    report_at = _rule_amount("Report inventory differences from",
                             "An opener that differs from the last closer by this much or "
                             "more is reported to the pit.")
    escalate_at = _rule_amount("Escalate inventory differences from",
                               "From this much, to accounting as well.")
    variance_at = _rule_amount("Explain count variances over",
                               "A counted win or rake further than this from the recorded "
                               "one opens a variance a supervisor explains.")
    variance_percent = PercentFormField(
        label="... or over this percent of the drop", places=5, required=False,
        help_text="Optional: a difference larger than this percent of the box's drop opens "
                  "a variance too, though under the amount, e.g. 10.")
    confidence = PlainDecimalFormField(
        label="Hold band confidence", max_digits=5, decimal_places=4,
        help_text="How sure the hold band is, between 0.5 and 1, e.g. 0.99.",
        widget=forms.TextInput(attrs={"inputmode": "decimal"}))
    inventory_in_service = forms.BooleanField(
        label="Keep the table inventory here", required=False,
        help_text="Ticked: a banked table deals only inside a shift opened on the Chips page, "
                  "its opener signed by the supervisor and the dealer, and it opens and closes "
                  "with that shift. Not ticked: the inventory is kept elsewhere and a table is "
                  "opened and closed by its status.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)

    @staticmethod
    def initial_of(rules) -> dict:
        return {"denominations": ", ".join(denomination_key(Decimal(d))
                                           for d in rules.denominations),
                "report_at": rules.report_at, "escalate_at": rules.escalate_at,
                "variance_at": rules.variance_at,
                "variance_percent": as_percent(rules.variance_percent),
                "confidence": f"{Decimal(rules.confidence).normalize():f}",
                "inventory_in_service": rules.inventory_in_service}

    def clean_denominations(self) -> list[Decimal]:
        """'1, 2.50, 5' -> [1, 2.50, 5], smallest first; every piece that is not a chip
        value is named."""
        pieces = [p.strip() for p in self.cleaned_data["denominations"].split(",")]
        values, problems = [], []
        for piece in filter(None, pieces):
            try:
                value = parse_plain_decimal(piece)
            except MoneyError:
                problems.append(f"'{piece}' is not a chip value: write them like 1, 2.50, 25.")
                continue
            if value != value.quantize(Decimal("0.01")):
                problems.append(f"{piece} has more than 2 decimal places: a chip is worth "
                                "whole cents.")
            elif value >= Decimal("1e12"):
                problems.append(f"{piece} is too large for a chip.")
            else:
                values.append(value)
        if problems:
            raise ValidationError(problems)
        return sorted(values)

    def clean(self):
        """The service's own checks (wording.rules_problems) on what was read, so that a
        threshold below another is named with the boxes' own problems, at once."""
        data = super().clean()
        parsed = AccountingRules(**{name: data.get(name) for name in self.fields})
        parsed.denominations = parsed.denominations or []
        for name, message in rules_problems(parsed).items():
            if name not in self.errors:
                self.add_error(name, message)
        return data


class SlipFinder(forms.Form):
    """The cage's search: a slip by its number (each casino numbers its own)."""

    number = WholeNumberField(required=False, min_value=1, label="Slip number")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        in_words(self)
