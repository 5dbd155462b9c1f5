"""One home for registration (issue 46, point 3): an app is added in one place, its
AppConfig (INSTALLED_APPS names it); what the project keeps beside it is checked against
the app registry here: its place in the import contract's layers, its addresses in
casino.urls, its roles' grants, its panels and health checks registered by its own
AppConfig, and a case in the owner's tamper drill for its records."""

from __future__ import annotations

import ast
import importlib.util
import re
import tomllib
from pathlib import Path

import pytest
from django.apps import apps

from casino import urls

ROOT = Path(__file__).resolve().parents[1]
# The apps that keep no domain of their own: the project, and the two whose migrations
# made the tables before each domain became an app (decision 0001).
CONTAINERS = {"casino", "tables", "payouts"}
# Records no drill tampers with, and why.
UNDRILLED = {"analysis": "a PAR sheet is worked out again from its paytable's terms, "
                         "which the drill tampers with (payouts_paytable)"}


def project_apps():
    return [config for config in apps.get_app_configs()
            if config.name.split(".")[0] in CONTAINERS and config.name not in CONTAINERS]


def has_module(config, name: str) -> bool:
    return importlib.util.find_spec(f"{config.name}.{name}") is not None


def ready_source(config) -> str:
    return (Path(config.path) / "apps.py").read_text()


def test_every_domain_is_an_app():
    assert len(project_apps()) >= 15


def test_every_app_has_its_place_in_the_import_layers():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    [contract] = [c for c in config["tool"]["importlinter"]["contracts"]
                  if c["type"] == "layers"]
    layered = {name.strip() for layer in contract["layers"]
               for name in re.split(r"[|:]", layer)}
    assert [c.name for c in project_apps() if c.name not in layered] == []


def test_every_app_with_addresses_is_included_once_and_only_they_are():
    with_urls = {c.name for c in project_apps() if has_module(c, "urls")}
    assert sorted(urls.PACKAGES) == sorted(with_urls)
    for package in urls.ROUTED:
        assert package in with_urls
        assert importlib.import_module(f"{package}.urls").API_ROUTES


@pytest.mark.parametrize("config", project_apps(), ids=lambda c: c.label)
def test_an_app_registers_its_own_grants_panels_and_health(config):
    declared = getattr(config, "role_grants", [])
    if has_module(config, "grants"):
        grants = importlib.import_module(f"{config.name}.grants")
        assert grants.ROLE_GRANTS in declared, f"{config.label}: its grants, in its ready()"
    source = ready_source(config)
    if has_module(config, "pages") and "def register" in (
            Path(config.path) / "pages.py").read_text():
        assert "pages.register()" in source, f"{config.label}: its panels, in its ready()"
    if has_module(config, "health"):
        assert "health.register(" in source, f"{config.label}: its checks, in its ready()"


def test_no_app_registers_for_another():
    """A ready() imports the registrations of its own package only (the comps' earning
    from the players' hook is the one registration with another's: named below)."""
    crossing = []
    for config in project_apps():
        tree = ast.parse(ready_source(config))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and any(
                    node.module.startswith(f"{other.name}") for other in project_apps()
                    if other is not config and not other.name.startswith(config.name)):
                crossing.append(f"{config.label}: {node.module}")
    assert crossing == ["comps: tables.players"]


def test_every_app_with_records_has_a_case_in_the_tamper_drill():
    from scripts.tamper_audit import AUDIT
    from scripts.tamper_cases import CASES

    drilled = " ".join(str(case) for case in [*CASES, *AUDIT])
    missing = [config.label for config in project_apps()
               if list(config.get_models()) and config.label not in UNDRILLED
               and not any(re.search(rf"\b{model._meta.db_table}\b", drilled)
                           for model in config.get_models())]
    assert missing == []
