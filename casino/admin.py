from django.contrib import admin

from casino.models import WorkerHeartbeat


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(admin.ModelAdmin):
    list_display = ["hostname", "seen_at", "beats"]
    readonly_fields = ["hostname", "seen_at", "beats"]
