"""Text no field of this service can hold, refused where it comes in, whatever the door:
NUL (U+0000: PostgreSQL's text cannot store it) and lone surrogates (U+D800 to U+DFFF,
halves of a character: UTF-8 cannot encode them, so neither the database nor a JSON
answer can carry them, nor a refusal that repeats them). The JSON parser refuses them in
any string of a body (casino.common.parsers); UnstorableTextMiddleware in the path, the
query, a posted form's fields and the headers the service reads (docs/decisions.md,
"Issue 44: input no text may hold")."""

from __future__ import annotations

import re

from django.http import JsonResponse
from django.shortcuts import render

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
SHOWN_AT_MOST = 40
# The headers the service keeps as text: a recording's key; the device django-axes
# records with each failed log-in.
READ_HEADERS = ("Idempotency-Key", "User-Agent")
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def escaped(text: str) -> str:
    """The text with each character no text may hold written as its escape (\\u0000),
    so that a refusal can repeat it."""
    return UNSTORABLE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def shown(text: str) -> str:
    """'a\\u0000b', cut at SHOWN_AT_MOST characters: the value as a refusal repeats it."""
    text = escaped(text)
    return f"'{text[:SHOWN_AT_MOST]}…'" if len(text) > SHOWN_AT_MOST else f"'{text}'"


def unstorable(text: str) -> str | None:
    """Why ``text`` cannot be taken, in words that repeat it safely; None when it can."""
    found = UNSTORABLE.search(text)
    if found is None:
        return None
    if found.group() == "\x00":
        return f"{shown(text)} holds a NUL character (\\u0000): no text here may hold one."
    return (f"{shown(text)} holds \\u{ord(found.group()):04x}, half of a character (a lone "
            "surrogate): no text here may hold one; send whole characters in UTF-8.")


def unstorable_in(value, path: tuple = ()) -> list[tuple[tuple, str]]:
    """Every string of a parsed JSON body (values and field names) that no text may hold,
    as (path, words): (("seats", 0, "decision"), "'\\ud800' holds ..."). The body is
    already known to nest no deeper than the parser allows."""
    if isinstance(value, str):
        said = unstorable(value)
        return [(path or ("non_field_errors",), said)] if said else []
    found: list[tuple[tuple, str]] = []
    if isinstance(value, dict):
        for key, child in value.items():
            where = (*path, escaped(key))
            said = unstorable(key)
            if said:
                found.append((where, f"The field name {said}"))
            found += unstorable_in(child, where)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += unstorable_in(child, (*path, index))
    return found


def _request_problems(request, *, form: bool) -> dict[str, list[str]]:
    """What the path, the query, a posted form (``form``) and the read headers hold that
    no text may, by name ("path", the parameter's or field's, the header's)."""
    problems: dict[str, list[str]] = {}

    def check(name: str, text: str) -> None:
        said = unstorable(text)
        if said:
            problems.setdefault(escaped(name), []).append(said)

    check("path", request.path_info)
    sent = [request.GET]
    if form and request.content_type in FORM_TYPES:
        sent.append(request.POST)
    for fields in sent:
        for name, values in fields.lists():
            check("field name", name)
            for value in values:
                check(name, value)
    for header in READ_HEADERS:
        check(header, request.headers.get(header, ""))
    return problems


class UnstorableTextMiddleware:
    """A request whose path, query, form fields or read headers hold text no field may
    (NUL; a lone surrogate) is refused before any view reads it: 400, by name, JSON in
    DRF's shape for the API, a page in words for staff. (MIDDLEWARE, ahead of the
    session and the user: nothing has read the request yet.)"""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        api = request.path.startswith("/api/")
        # The API reads JSON only (its parser checks the body): a form posted to it is
        # answered 415 unread.
        problems = _request_problems(request, form=not api)
        if not problems:
            return self.get_response(request)
        if api:
            return JsonResponse(problems, status=400)
        lines = [f"{name}: {said}" for name, words in problems.items() for said in words]
        return render(request, "unstorable.html", {"lines": lines}, status=400)
