"""What every model's admin shares: it shows and changes only the rows the user may see
(``visible``), another casino's row is a 404 as everywhere else in the service, and a
service's refusal comes back to the form in words, never as a 500."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import Http404, HttpResponseRedirect


class ScopedAdmin(admin.ModelAdmin):
    def visible(self, user) -> QuerySet:
        """The rows ``user`` may see here."""
        raise NotImplementedError

    def get_queryset(self, request):
        rows = self.visible(request.user)
        ordering = self.get_ordering(request)
        return rows.order_by(*ordering) if ordering else rows

    def _found_or_404(self, request, object_id, allowed: bool) -> None:
        # Lacking the permission is a 403 before any lookup, as on the pages and the API.
        if not allowed:
            raise PermissionDenied(f"You may not do this with {self.opts.verbose_name_plural}.")
        if self.get_object(request, unquote(object_id)) is None:
            raise Http404(f"There is no {self.opts.verbose_name} number {object_id} here.")

    def change_view(self, request, object_id, form_url="", extra_context=None):
        allowed = self.has_change_permission(request) if request.method == "POST" else \
            self.has_view_or_change_permission(request)
        self._found_or_404(request, object_id, allowed)
        return super().change_view(request, object_id, form_url, extra_context)

    def delete_view(self, request, object_id, extra_context=None):
        self._found_or_404(request, object_id, self.has_delete_permission(request))
        return super().delete_view(request, object_id, extra_context)

    def history_view(self, request, object_id, extra_context=None):
        self._found_or_404(request, object_id, self.has_view_or_change_permission(request))
        return super().history_view(request, object_id, extra_context)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        # The form checks what it can; a service refuses what only it knows (a dealer
        # deactivated meanwhile). Its words come back over the form, nothing saved.
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except ValidationError as refused:
            for line in refused.messages:
                self.message_user(request, line, messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())
