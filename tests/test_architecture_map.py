"""docs/architecture.md is the map (issue 46, point 8): every module and file it names
exists, and every app appears in it."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from django.apps import apps

ROOT = Path(__file__).resolve().parents[1]
MAP = (ROOT / "docs" / "architecture.md").read_text()
PACKAGES = ("casino", "tables", "payouts")


def named_paths() -> set[str]:
    """`tables/floor/api.py`, `casino/house/` and the like, as the map writes them."""
    return {m for m in re.findall(r"`((?:casino|tables|payouts|bench|scripts|tests|bin|"
                                  r"static|templates|docs)/[\w./-]+)`", MAP)}


def named_modules() -> set[str]:
    """`tables.floor.services`, `casino.common.chains.Ledger` and the like."""
    return {m for m in re.findall(r"`((?:casino|tables|payouts)(?:\.\w+)+)", MAP)}


def _exists(dotted: str) -> bool:
    """A module, a name inside one (a class, a function, a constant), or a Celery task's
    name (``payouts.tasks.compute_par``)."""
    from casino.celery import app

    app.loader.import_default_modules()  # the tasks each app declares
    if dotted in app.tasks:
        return True
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            return cut == len(parts) or hasattr(importlib.import_module(module), parts[cut])
    return False


def test_every_file_the_map_names_exists():
    assert len(named_paths()) > 20
    assert sorted(p for p in named_paths() if not (ROOT / p.rstrip("/")).exists()) == []


def test_every_module_the_map_names_exists():
    assert len(named_modules()) > 20
    assert sorted(m for m in named_modules() if not _exists(m)) == []


def test_every_app_is_on_the_map():
    project = [c for c in apps.get_app_configs() if c.name.split(".")[0] in PACKAGES]
    assert sorted(c.name for c in project if f"`{c.name}`" not in MAP) == []
