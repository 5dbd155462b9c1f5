"""The life cycle paytables and rake schedules share: drafts change; publishing
freezes a version (a database trigger refuses any later change but retiring it); a new
version starts as a draft copy in the same family; a version no table uses retires.

Models inherit ``status`` (PublicationStatus), ``family``, ``version``, ``published_at``
and ``published_by`` from VersionedTerms, and reach their tables as ``.tables``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from decimal import Decimal

import pgtrigger
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.backends.utils import format_number
from django.db.models import Max, Model
from django.utils import timezone

from casino.common.audit import changed_by
from casino.house.staff import casinos_of
from payouts import governance
from tables.rules.money import CURRENCY_DIGITS, CURRENCY_NAMES

# The currency of the group's terms drafted by someone who works at no casino yet (there
# is no table to give them to before a casino exists; a draft's currency can change).
FIRST_CURRENCY = "USD"


class PublicationStatus(models.TextChoices):
    """Where a version of terms is in its life: a draft changes, a published version is
    frozen (it may only retire), a retired one is kept for the records that used it."""

    DRAFT = "draft", "Draft"
    PUBLISHED = "published", "Published"
    RETIRED = "retired", "Retired"



class VersionedTerms(models.Model):
    """What a versioned set of terms keeps besides its terms and ``status``: versions of
    one family share ``family`` (the first version) and count up from 1."""

    family = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True,
                               related_name="versions")
    version = models.PositiveIntegerField(default=1)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     null=True, blank=True, related_name="+")
    status = models.CharField(max_length=10, choices=PublicationStatus.choices,
                              default=PublicationStatus.DRAFT)
    # Whose terms these are: a casino's (for its tables only, in its currency) or, with no
    # casino, the group's (for any table whose casino keeps the same currency).
    casino = models.ForeignKey("house.Casino", on_delete=models.PROTECT, null=True,
                               blank=True, related_name="+")
    currency = models.CharField(max_length=3, choices=[
        (code, f"{code} — {CURRENCY_NAMES[code]}") for code in CURRENCY_DIGITS])

    # The columns a published version never changes (each model names its own).
    FROZEN_COLUMNS: tuple[str, ...] = ()

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.name} v{self.version} ({self.get_status_display().lower()})"

    @property
    def history_name(self) -> str:
        """How the audit trail names this version where a table pointed at it: its label,
        without str()'s status (today's, not the status it had then)."""
        return self.label

    @property
    def label(self) -> str:
        """'US Caribbean Stud v3', as staff name a version."""
        return f"{self.name} v{self.version}"

    @property
    def whose(self) -> str:
        """'belongs to Mayfair Card Club (GBP)', or 'is the group's, in GBP'."""
        if self.casino_id:
            return f"belongs to {self.casino.name} ({self.currency})"
        return f"is the group's, in {self.currency}"

    @property
    def is_draft(self) -> bool:
        return self.status == PublicationStatus.DRAFT

    def fingerprint(self) -> str:
        """What a supervisor saw of this version (its terms and where it is in its life),
        to tell later whether it changed since; amounts as stored (10 and 10.00 alike)."""
        values = [self.pk, self.status]
        for column in self.FROZEN_COLUMNS:
            field, value = self._meta.get_field(column), getattr(self, column)
            if isinstance(field, models.DecimalField) and value is not None:
                value = format_number(Decimal(value), field.max_digits, field.decimal_places)
            values.append(value)
        text = json.dumps(values, sort_keys=True, cls=DjangoJSONEncoder)
        return hashlib.sha256(text.encode()).hexdigest()[:20]


def publication_triggers(plural: str, frozen_columns: Iterable[str]) -> list:
    """Triggers: a published row never changes except to retire; only drafts are deleted."""
    columns = list(frozen_columns)
    frozen = (
        "OLD.status <> 'draft' AND ("
        f"ROW({', '.join(f'OLD.{c}' for c in columns)}) IS DISTINCT FROM "
        f"ROW({', '.join(f'NEW.{c}' for c in columns)})"
        " OR NOT (OLD.status = NEW.status OR (OLD.status = 'published' AND NEW.status = "
        "'retired'))"
        ")"
    )
    return [
        pgtrigger.Protect(name=f"published_{plural}_are_frozen", operation=pgtrigger.Update,
                          condition=pgtrigger.Condition(frozen)),
        pgtrigger.Protect(name=f"published_{plural}_are_kept", operation=pgtrigger.Delete,
                          condition=pgtrigger.Condition("OLD.status <> 'draft'")),
    ]


def lock(model: type[Model], pk: int) -> Model:
    return model.objects.select_for_update().get(pk=pk)


def lock_for_table(model: type[Model], pk: int, *, field: str, table) -> Model:
    """Lock published terms that are being given to ``table`` (call inside a transaction,
    with the table locked). ``retire`` takes the same lock: a retire that comes first
    makes this refuse; one that comes second sees the table using the terms and refuses."""
    terms = lock(model, pk)
    if terms.status != PublicationStatus.PUBLISHED:
        raise ValidationError({field: f"{terms} is not published; publish it before giving it "
                                      "to a table."})
    refuse_unless_usable(terms, table, field)
    return terms


def refuse_unless_usable(terms: VersionedTerms, table, field: str) -> None:
    """A casino's terms go to its own tables; the group's to a table whose casino keeps
    their currency (their amounts are in it)."""
    casino = table.casino
    if terms.casino_id not in (None, casino.pk) or terms.currency != casino.currency:
        raise ValidationError({field: f"{terms.label} {terms.whose}; {table.label} is at "
                                      f"{casino.name} ({casino.currency})."})


class StaleTerms(ValidationError):
    """The terms changed since the supervisor looked at them: nothing was done."""


def refuse_if_changed(terms: VersionedTerms, seen: str | None) -> None:
    """``seen`` is the fingerprint of the version the supervisor's page showed (None: the
    caller did not look, as the API)."""
    if seen is not None and seen != terms.fingerprint():
        raise StaleTerms({"__all__": f"{terms.label} was changed (in another window or by "
                                     "someone else) since you opened it: nothing was saved "
                                     "or published. Here it is as it is now: check it and "
                                     "make your change again."})


def owned(changes: dict) -> dict:
    """``changes`` with the currency following a casino named without one."""
    casino = changes.get("casino")
    if casino is not None and changes.get("currency") in (None, ""):
        return {**changes, "currency": casino.currency}
    return changes


def first_currency(actor, casino) -> str:
    """The currency of new terms given none: their casino's, else the one the actor's
    casinos keep; asked for when those keep several."""
    if casino is not None:
        return casino.currency
    currencies = sorted(set(casinos_of(actor).values_list("currency", flat=True)))
    if len(currencies) > 1:
        raise ValidationError({"currency": "Say which currency the amounts are in: your "
                                           f"casinos keep {' and '.join(currencies)}."})
    return currencies[0] if currencies else FIRST_CURRENCY


def require_governs(terms: VersionedTerms, actor) -> None:
    """A casino's terms are changed by its supervisors, the group's (no casino) by a group
    supervisor only (payouts.governance): asked before every write here."""
    governance.require_governs(actor, terms.casino if terms.casino_id else None,
                               what=f"{terms.label} {terms.whose}")


def check_owner(terms: VersionedTerms, actor) -> None:
    """A casino's terms are drafted by its supervisors, in its currency; the group's by a
    group supervisor."""
    require_governs(terms, actor)
    if terms.currency not in CURRENCY_DIGITS:
        raise ValidationError({"currency": f"'{terms.currency}' is not a currency the floor "
                                           f"keeps; use {', '.join(CURRENCY_DIGITS)}."})
    if terms.casino_id is None:
        return
    if terms.currency != terms.casino.currency:
        raise ValidationError({"currency": f"{terms.casino.name} keeps its books in "
                                           f"{terms.casino.currency}, so its terms are in "
                                           f"{terms.casino.currency}, not {terms.currency}."})


def check_in_words(terms: VersionedTerms) -> None:
    """The model's own checks, its database check constraints put in words that name the
    field and the value (the model's CONSTRAINT_WORDS), never "Constraint ... is
    violated"; the one path every terms service validates by before it saves."""
    model = type(terms)
    for constraint in model._meta.constraints:
        if not isinstance(constraint, models.CheckConstraint):
            continue
        try:
            constraint.validate(model, terms)
        except ValidationError:
            field, words = model.CONSTRAINT_WORDS[constraint.name]
            raise ValidationError({field: words(terms)}) from None
    terms.full_clean(exclude=["family", "created_by", "casino"], validate_constraints=False)


def refuse_unknown(fields: Iterable[str], allowed: set[str], verb: str = "set") -> None:
    unknown = set(fields) - allowed
    if unknown:
        raise ValidationError({f: f"This field cannot be {verb} here." for f in unknown})


def create_first(terms: Model, *, actor, clean: Callable[[Model], None], reason: str) -> Model:
    """Save version 1, the head of its own family (call inside a transaction)."""
    if not terms.currency:
        terms.currency = first_currency(actor, terms.casino if terms.casino_id else None)
    check_owner(terms, actor)
    clean(terms)
    with changed_by(actor, reason):
        terms.save()
        terms.family = terms
        terms.save(update_fields=["family"])
    return terms


def edit_draft(model: type[Model], pk: int, changes: dict, *, allowed: set[str], actor,
               clean: Callable[[Model], None], reason: str, seen: str | None = None) -> Model:
    """Change a draft's terms (call inside a transaction); published versions refuse, and
    so does a draft changed since ``seen`` (refuse_if_changed)."""
    terms = lock(model, pk)
    require_governs(terms, actor)  # whose it is now; check_owner asks again of its new owner
    refuse_unless_draft(terms)
    refuse_if_changed(terms, seen)
    refuse_unknown(changes, allowed, "changed")
    for field, value in owned(changes).items():
        setattr(terms, field, value)
    check_owner(terms, actor)
    clean(terms)
    with changed_by(actor, reason):
        terms.save()
    return terms


def publish(model: type[Model], pk: int, *, actor, clean: Callable[[Model], None],
            reason: str, seen: str | None = None) -> Model:
    """Freeze the draft (call inside a transaction), unless it changed since ``seen``."""
    terms = lock(model, pk)
    require_governs(terms, actor)
    if terms.status != PublicationStatus.DRAFT:
        raise ValidationError({"status": f"{terms} is already {terms.status}."})
    refuse_if_changed(terms, seen)
    clean(terms)
    terms.status = PublicationStatus.PUBLISHED
    terms.published_at = timezone.now()
    terms.published_by = actor
    with changed_by(actor, reason):
        terms.save()
    return terms


def retire(model: type[Model], pk: int, *, actor, noun: str, reason: str,
           seen: str | None = None) -> Model:
    """Retire a published version no table uses (call inside a transaction)."""
    terms = lock(model, pk)
    require_governs(terms, actor)
    refuse_if_changed(terms, seen)
    if terms.status != PublicationStatus.PUBLISHED:
        raise ValidationError({"status": f"Only a published {noun} can be retired; "
                                         f"{terms} is {terms.status}."})
    in_use = list(terms.tables.values_list("label", flat=True))
    if in_use:
        raise ValidationError({"status": f"{terms} is in use at {', '.join(in_use)}: give "
                                         f"those tables another {noun} first."})
    terms.status = PublicationStatus.RETIRED
    with changed_by(actor, reason):
        terms.save(update_fields=["status"])
    return terms


def new_version(model: type[Model], source: Model, *, actor,
                copy: Callable[[Model], dict]) -> Model:
    """A new draft in the source's family, numbered after the latest version, holding
    ``copy(source)`` (call inside a transaction)."""
    family = lock(model, source.family_id or source.pk)
    require_governs(model.objects.get(pk=source.pk), actor)  # the family keeps its owner
    latest = model.objects.filter(family=family).aggregate(v=Max("version"))["v"] or 1
    draft = model(**copy(source), family=family, version=latest + 1, created_by=actor)
    with changed_by(actor, f"new version of {family.name}"):
        draft.save()
    return draft


def refuse_unless_draft(terms: Model) -> None:
    if terms.status != PublicationStatus.DRAFT:
        raise ValidationError({"status": f"{terms} is {terms.status} and can no longer "
                                         "change; make a new version to change its terms."})
