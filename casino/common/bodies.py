"""Request bodies over the limit are refused by their Content-Length, before anything
reads them (MIDDLEWARE, ahead of the session and CSRF checks, which read a form):
JSON in DRF's shape for the API, a page in words for staff. Django's own check comes
only once a body is read, and answers the API with an HTML 400."""

from __future__ import annotations

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render

TOO_LARGE = 413


def limit_in_words(size: int) -> str:
    """2621440 -> '2.5 MB'; 65536 -> '64 KB'."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.1f}".rstrip("0").rstrip(".") + " MB"
    return f"{size // 1024} KB"


def declared_length(request) -> int | None:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:  # not a number: left to the server and Django's own reading
        return None


class BodyLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        length = declared_length(request)
        if limit is None or length is None or length <= limit:
            return self.get_response(request)
        said = (f"The request body is {length:,} bytes; this service takes at most "
                f"{limit_in_words(limit)} ({limit:,} bytes). Nothing was read or saved.")
        if request.path.startswith("/api/"):
            return JsonResponse({"detail": said}, status=TOO_LARGE)
        return render(request, "413.html", {"said": said}, status=TOO_LARGE)
