"""The life cycle paytables and collection schedules share: drafts change; publishing
freezes a version (a database trigger refuses any later change but retiring it); a new
version starts as a draft copy in the same family; a version no table uses retires.

Models inherit ``status`` (PublicationStatus), ``family``, ``version``, ``published_at``
and ``published_by`` from VersionedTerms, and reach their tables as ``.tables``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pgtrigger
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Max, Model
from django.utils import timezone

from casino.common.audit import changed_by


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

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.name} v{self.version} ({self.get_status_display().lower()})"

    @property
    def history_name(self) -> str:
        """How the audit trail names this version where a table pointed at it: without
        str()'s status, which is today's, not the status it had then."""
        return f"{self.name} v{self.version}"

    @property
    def is_draft(self) -> bool:
        return self.status == PublicationStatus.DRAFT


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


def lock_for_table(model: type[Model], pk: int, *, field: str) -> Model:
    """Lock published terms that are being given to a table (call inside a transaction,
    with the table locked). ``retire`` takes the same lock: a retire that comes first
    makes this refuse; one that comes second sees the table using the terms and refuses."""
    terms = lock(model, pk)
    if terms.status != PublicationStatus.PUBLISHED:
        raise ValidationError({field: f"{terms} is not published; publish it before giving it "
                                      "to a table."})
    return terms


def refuse_unknown(fields: Iterable[str], allowed: set[str], verb: str = "set") -> None:
    unknown = set(fields) - allowed
    if unknown:
        raise ValidationError({f: f"This field cannot be {verb} here." for f in unknown})


def create_first(terms: Model, *, actor, clean: Callable[[Model], None], reason: str) -> Model:
    """Save version 1, the head of its own family (call inside a transaction)."""
    clean(terms)
    with changed_by(actor, reason):
        terms.save()
        terms.family = terms
        terms.save(update_fields=["family"])
    return terms


def edit_draft(model: type[Model], pk: int, changes: dict, *, allowed: set[str], actor,
               clean: Callable[[Model], None], reason: str) -> Model:
    """Change a draft's terms (call inside a transaction); published versions refuse."""
    terms = lock(model, pk)
    refuse_unless_draft(terms)
    refuse_unknown(changes, allowed, "changed")
    for field, value in changes.items():
        setattr(terms, field, value)
    clean(terms)
    with changed_by(actor, reason):
        terms.save()
    return terms


def publish(model: type[Model], pk: int, *, actor, clean: Callable[[Model], None],
            reason: str) -> Model:
    """Freeze the draft (call inside a transaction)."""
    terms = lock(model, pk)
    if terms.status != PublicationStatus.DRAFT:
        raise ValidationError({"status": f"{terms} is already {terms.status}."})
    clean(terms)
    terms.status = PublicationStatus.PUBLISHED
    terms.published_at = timezone.now()
    terms.published_by = actor
    with changed_by(actor, reason):
        terms.save()
    return terms


def retire(model: type[Model], pk: int, *, actor, noun: str, reason: str) -> Model:
    """Retire a published version no table uses (call inside a transaction)."""
    terms = lock(model, pk)
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
    latest = model.objects.filter(family=family).aggregate(v=Max("version"))["v"] or 1
    draft = model(**copy(source), family=family, version=latest + 1, created_by=actor)
    with changed_by(actor, f"new version of {family.name}"):
        draft.save()
    return draft


def refuse_unless_draft(terms: Model) -> None:
    if terms.status != PublicationStatus.DRAFT:
        raise ValidationError({"status": f"{terms} is {terms.status} and can no longer "
                                         "change; make a new version to change its terms."})
