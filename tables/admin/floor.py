"""Casinos and tables in the admin: the user's casinos only, written through the floor's
services (casino_create / casino_update, table_create / table_update with the dealers'
checks), what they guard shown read-only."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model

from casino.common.roles import Role
from casino.house.models import Casino
from casino.house.staff import casinos_of
from tables.admin.scoping import ScopedAdmin
from tables.floor import services
from tables.floor.models import Table
from tables.floor.selectors import tables_at_casinos_of
from tables.floor.stakes import POKER_FIELDS


def _changed(form, *, leave=()) -> dict:
    return {field: form.cleaned_data[field] for field in form.changed_data if field not in leave}


def _become(obj, saved) -> None:
    """The admin goes on with its own object: give it what the service saved. It only reads
    it from here on (the log entry, the redirect to its page): save_related saves nothing."""
    for field in obj._meta.concrete_fields:
        setattr(obj, field.attname, getattr(saved, field.attname))


@admin.register(Casino)
class CasinoAdmin(ScopedAdmin):
    list_display = ["name", "currency", "timezone", "gaming_day_start"]
    search_fields = ["name"]

    def visible(self, user):
        return casinos_of(user)

    def get_readonly_fields(self, request, obj=None):
        # services.casino_update refuses it too: the books of its tables stay in it.
        if obj is not None and obj.tables.exists():
            return ["currency"]
        return []

    def save_model(self, request, obj, form, change):
        if change:
            saved = services.casino_update(actor=request.user, casino=obj, **_changed(form))
        else:
            data = form.cleaned_data
            saved = services.casino_create(
                actor=request.user, name=data["name"], currency=data["currency"],
                timezone=data["timezone"], gaming_day_start=data["gaming_day_start"])
        _become(obj, saved)

    def has_delete_permission(self, request, obj=None):
        return False  # casinos own ledgers; they are never deleted


class TableForm(forms.ModelForm):
    # Not the model's `dealers`: Django would write the assignments itself. The admin
    # hands the choice to the services (TableAdmin.save_model).
    dealer_accounts = forms.ModelMultipleChoiceField(
        label="Dealers", required=False, queryset=get_user_model().objects.none(),
        help_text="Active dealers on the staff of the table's casino; only they record here.")

    class Meta:
        model = Table
        fields = ["casino", "label", "game", "pit", "status", "seats"]  # the rest: read only


def dealers_for(casinos):
    """The dealers a table of ``casinos`` may be given, as the services check them."""
    return get_user_model().objects.filter(
        groups__name=Role.DEALER, is_active=True, casinos__in=casinos).distinct().order_by(
        "username")


@admin.register(Table)
class TableAdmin(ScopedAdmin):
    form = TableForm
    list_display = ["label", "casino", "pit", "game", "status", "seats"]
    list_filter = [("casino", admin.RelatedOnlyFieldListFilter), "game", "status"]
    search_fields = ["label"]
    # Terms go through their services (checked, versioned, audited with a reason): the
    # pit pages and the API, not a bare form here.
    readonly_fields = ["paytable", "progressive", "min_ante", "max_ante",
                       *POKER_FIELDS, "poker_settings_version"]

    def visible(self, user):
        return tables_at_casinos_of(user)

    def get_readonly_fields(self, request, obj=None):
        # services.table_update refuses both: a table never moves casino or changes game.
        if obj is not None:
            return ["casino", "game", *self.readonly_fields]
        return self.readonly_fields

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "casino":
            kwargs["queryset"] = casinos_of(request.user)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        dealers = dealers_for([obj.casino_id] if obj else casinos_of(request.user).values("pk"))
        assigned = list(obj.dealers.values_list("pk", flat=True)) if obj else []

        class Scoped(form):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                self.fields["dealer_accounts"].queryset = dealers
                self.fields["dealer_accounts"].initial = assigned

        return Scoped

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        if change:
            # One service call, so the trail gives the base fields and the dealers taken
            # off or put on one reason (one request is one audit context).
            changes = _changed(form, leave={"dealer_accounts"})
            if "dealer_accounts" in form.changed_data:
                changes["dealers"] = list(data["dealer_accounts"])
            saved = services.table_update(actor=request.user, table=obj, **changes)
        else:
            saved = services.table_create(
                actor=request.user, casino=data["casino"], label=data["label"],
                game=data["game"], status=data["status"], seats=data["seats"],
                pit=data["pit"], dealers=list(data["dealer_accounts"]))
        _become(obj, saved)

    def save_related(self, request, form, formsets, change):
        """Nothing more to save: the services wrote the table and its dealers."""

    def has_delete_permission(self, request, obj=None):
        return False  # close a table instead: its rounds keep pointing at it
