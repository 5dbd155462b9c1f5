"""Pages that other packages add to. pretix's signals for an event's navigation and its
dashboard widgets are the model: the package that owns a page makes a ``Panels`` for it
and asks it for what the others add each time the page is shown; a package that adds a
panel registers it from its app's ready(). So the page lives in its own package, and the
packages above it add to it without the page knowing them (docs/architecture.md, Pages).

A panel is a function ``(request, shown) -> dict``: given what the page itself shows, the
names it adds to the page's context, which the page's template shows in its place."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest

Panel = Callable[[HttpRequest, dict], dict]


class Panels:
    """The panels other packages add to one page, in the order they were added."""

    def __init__(self, page: str) -> None:
        self.page = page
        self._panels: dict[str, Panel] = {}

    def add(self, name: str, panel: Panel) -> None:
        """Add ``panel`` to the page under ``name`` (the package that adds it); added
        again under the same name, it replaces itself, so a second ready() adds nothing
        twice."""
        self._panels[name] = panel

    def gather(self, request: HttpRequest, shown: dict) -> dict:
        """What every panel adds to the page beside ``shown`` (the page's own part). Two
        panels naming the same thing would overwrite each other: refused, not guessed."""
        added: dict = {}
        for name, panel in self._panels.items():
            more = panel(request, shown)
            clash = sorted(more.keys() & (shown.keys() | added.keys()))
            if clash:
                raise ImproperlyConfigured(f"The {name} panel of {self.page} names "
                                           f"{', '.join(clash)}, which the page shows already.")
            added.update(more)
        return added

    def __repr__(self) -> str:
        return f"Panels({self.page!r}: {', '.join(self._panels) or 'none'})"
