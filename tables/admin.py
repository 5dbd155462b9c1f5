from django.contrib import admin

from casino.common.roles import Role
from tables.floor.stakes import POKER_FIELDS
from tables.models import Casino, Table, TableDealer


@admin.register(Casino)
class CasinoAdmin(admin.ModelAdmin):
    list_display = ["name", "currency", "timezone", "gaming_day_start"]
    search_fields = ["name"]

    def get_readonly_fields(self, request, obj=None):
        # services.casino_update refuses it too: the books of its tables stay in it.
        if obj is not None and obj.tables.exists():
            return ["currency"]
        return []

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
    list_display = ["label", "casino", "game", "status", "seats"]
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

    def has_delete_permission(self, request, obj=None):
        return False  # close a table instead: its rounds keep pointing at it
