"""The one hook of a rating's figures: a package above acts on each new standing of them
in the same transaction, hook(actor=, figures=, before=). The comps earn through it
(tables.apps registers ``tables.comps.services.accrue``): a write named in the
architecture's table of writes, the only service called other than by name."""

from __future__ import annotations

from collections.abc import Callable

AFTER_FIGURES: list[Callable[..., None]] = []


def after_figures(hook: Callable[..., None]) -> None:
    """``hook`` runs after each new standing of a rating's figures (once registered)."""
    if hook not in AFTER_FIGURES:
        AFTER_FIGURES.append(hook)
