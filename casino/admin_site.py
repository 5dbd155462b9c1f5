from functools import wraps

from django.contrib import admin
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect

from casino.common.roles import is_supervisor

REFUSAL = "The admin is for pit supervisors."


class SupervisorAdminSite(admin.AdminSite):
    """The Django admin, open to pit supervisors only (and superusers). What each of them
    sees and changes there is his casinos' (every model's admin is scoped: tables.admin)."""

    site_header = "Casino back office — supervisor admin"
    site_title = "Casino admin"

    def has_permission(self, request) -> bool:
        return request.user.is_active and is_supervisor(request.user)

    def admin_view(self, view, cacheable=False):
        # Staff of other roles get the service's plain 403, not a trip to the log-in page.
        inner = super().admin_view(view, cacheable)

        @wraps(inner)
        def refused_or_inner(request, *args, **kwargs):
            if request.user.is_authenticated and not self.has_permission(request):
                raise PermissionDenied(REFUSAL)
            return inner(request, *args, **kwargs)

        return refused_or_inner

    def get_urls(self):
        # Not the "view on site" shortcut: it finds a row of any model by content type and
        # id, outside every admin's scope, and names it in its 404 (no model here has a
        # page of its own to send to anyway).
        return [url for url in super().get_urls()
                if getattr(url, "name", None) != "view_on_site"]

    def login(self, request, extra_context=None):
        # One login page for everybody (the admin's own admits only is_staff), and a
        # plain refusal for staff of other roles rather than a login loop.
        if request.user.is_authenticated:
            if self.has_permission(request):
                return redirect(self.index_url())
            raise PermissionDenied(REFUSAL)
        return redirect_to_login(request.GET.get("next") or self.index_url())

    def index_url(self) -> str:
        from django.urls import reverse

        return reverse("admin:index", current_app=self.name)
