from django.contrib import admin
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

from casino.common.roles import is_supervisor


class SupervisorAdminSite(admin.AdminSite):
    """The Django admin, open to pit supervisors only (and superusers)."""

    site_header = "Casino back office — supervisor admin"
    site_title = "Casino admin"

    def has_permission(self, request) -> bool:
        return request.user.is_active and is_supervisor(request.user)

    def login(self, request, extra_context=None):
        # One login page for everybody (the admin's own admits only is_staff), and a
        # plain refusal for staff of other roles rather than a login loop.
        if request.user.is_authenticated:
            raise PermissionDenied("The admin is for pit supervisors.")
        return redirect_to_login(request.GET.get("next") or self.index_url())

    def index_url(self) -> str:
        from django.urls import reverse

        return reverse("admin:index", current_app=self.name)
