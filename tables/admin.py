"""The admin writes through the floor's services (table_create / table_update,
casino_create / casino_update) and shows read-only what they guard."""

from django.contrib import admin

from casino.common.roles import Role
from tables.floor import services
from tables.floor.models import Casino, Table, TableDealer
from tables.floor.stakes import POKER_FIELDS


def _changed(form) -> dict:
    return {field: form.cleaned_data[field] for field in form.changed_data}


def _become(obj, saved) -> None:
    """The admin goes on with its own object (the inlines hang on it): give it what the
    service saved."""
    for field in obj._meta.concrete_fields:
        setattr(obj, field.attname, getattr(saved, field.attname))
    obj._state.adding = False


@admin.register(Casino)
class CasinoAdmin(admin.ModelAdmin):
    list_display = ["name", "currency", "timezone", "gaming_day_start"]
    search_fields = ["name"]

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


class TableDealerInline(admin.TabularInline):
    model = TableDealer
    extra = 1
    verbose_name = "assigned dealer"

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "dealer":
            kwargs["queryset"] = db_field.related_model.objects.filter(
                groups__name=Role.DEALER, is_active=True
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["label", "casino", "pit", "game", "status", "seats"]
    list_filter = ["casino", "game", "status"]
    search_fields = ["label"]
    inlines = [TableDealerInline]
    # Terms go through their services (checked, versioned, audited with a reason): the
    # pit pages and the API, not a bare form here.
    readonly_fields = ["paytable", "progressive", "min_ante", "max_ante",
                       *POKER_FIELDS, "poker_settings_version"]

    def get_readonly_fields(self, request, obj=None):
        # services.table_update refuses both: a table never moves casino or changes game.
        if obj is not None:
            return ["casino", "game", *self.readonly_fields]
        return self.readonly_fields

    def save_model(self, request, obj, form, change):
        # The dealers come in the inline, saved after this (its choices are the active
        # dealers, as the service requires).
        if change:
            saved = services.table_update(actor=request.user, table=obj, **_changed(form))
        else:
            data = form.cleaned_data
            saved = services.table_create(
                actor=request.user, casino=data["casino"], label=data["label"],
                game=data["game"], status=data["status"], seats=data["seats"])
        _become(obj, saved)

    def has_delete_permission(self, request, obj=None):
        return False  # close a table instead: its rounds keep pointing at it
