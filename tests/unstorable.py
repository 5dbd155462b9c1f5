"""Text no field may hold (casino.common.text) put into a request, for the tests that send
it: the API fuzzer (bodies, queries, paths) and the parser's property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from casino.common.text import escaped

NUL, SURROGATE = "\x00", "\ud800"
# Alone, inside a word, and the other end of the surrogates' range.
UNSTORABLE_TEXT = [NUL, SURROGATE, "a\x00b", "b\udfffc"]
# What a client's URL can carry of them: NUL as %00; a lone surrogate only as the bytes a
# lax encoder writes for it (UTF-8 readers replace them; they must not fail on them).
ON_THE_WIRE = {text: text.encode("utf-8", "surrogatepass") for text in UNSTORABLE_TEXT}
TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=NUL),
               max_size=5)


@st.composite
def spoiled(draw, body, bad: str):
    """(path, body): ``body`` with ``bad`` put into one of its strings, or into a field
    name, or in place of a value; and where in the body it went (a field name as the
    refusal names it, escaped)."""
    if isinstance(body, dict) and draw(st.booleans()):
        if not body or draw(st.booleans()):
            name = draw(TEXT)
            key = name[:1] + bad + name[1:]
            return (escaped(key),), {**body, key: None}
        key = draw(st.sampled_from(sorted(body)))
        path, child = draw(spoiled(body[key], bad))
        return (key, *path), {**body, key: child}
    if isinstance(body, list) and body and draw(st.booleans()):
        index = draw(st.integers(0, len(body) - 1))
        path, child = draw(spoiled(body[index], bad))
        return (index, *path), [*body[:index], child, *body[index + 1:]]
    if isinstance(body, str):
        cut = draw(st.integers(0, len(body)))
        return (), body[:cut] + bad + body[cut:]
    return (), bad


def spoiled_everywhere(body, bad: str):
    """``body`` with ``bad`` added to every string value in it (field names kept, so that
    every field is read): the refusal must name each, whichever field reads it first."""
    if isinstance(body, str):
        return body + bad
    if isinstance(body, dict):
        return {key: spoiled_everywhere(value, bad) for key, value in body.items()}
    if isinstance(body, list):
        return [spoiled_everywhere(value, bad) for value in body]
    return body
