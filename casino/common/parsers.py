"""How request bodies are read (REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]). Kept apart from
casino.common.api: DRF imports the parsers while it is still loading its views."""

from __future__ import annotations

from rest_framework import exceptions, parsers

from casino.common.errors import nested_errors
from casino.common.text import unstorable_in

# No body this API takes nests deeper than four levels (seats -> cards); past this one is
# refused before anything walks it (Python's own limit, near 1,000, would be a 500).
MAX_JSON_DEPTH = 32


def _nests_deeper_than(value, limit: int) -> bool:
    pending = [(value, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict | list):
            if depth > limit:
                return True
            children = value.values() if isinstance(value, dict) else value
            pending.extend((child, depth + 1) for child in children)
    return False


class JSONParser(parsers.JSONParser):
    """DRF's parser, refusing bodies nested deeper than any request of this API, and any
    string (a value or a field name) holding text no field may hold (NUL, a lone
    surrogate: casino.common.text), by where it is in the body, before a view reads it."""

    def parse(self, stream, media_type=None, parser_context=None):
        too_deep = exceptions.ParseError(
            f"JSON parse error - the body nests deeper than {MAX_JSON_DEPTH} levels.")
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise too_deep from None
        if _nests_deeper_than(data, MAX_JSON_DEPTH):
            raise too_deep
        unstorable = unstorable_in(data)
        if unstorable:
            raise exceptions.ValidationError(nested_errors(unstorable).detail)
        return data
