"""The data depends the way the imports do (issue 46, point 2): every model's relations
point to its own package, to a lower layer of the import contract (pyproject.toml,
"One direction: ..."), or out of the project (users, the audit trail's context). A model
made for another (an audit event) sits with the model it tracks."""

from __future__ import annotations

import tomllib
from pathlib import Path

from django.apps import apps

ROOT = Path(__file__).resolve().parents[1]
# The project's own records (seals, signatures, anchors) sit with its shared helpers.
SAME_AS = {"casino.models": "casino.common"}
# Relations that still point up, each named by the issue that turns it down; a relation
# fixed must leave this list (the test says so).
PENDING = {
    # issue 46, point 2: a hit and a meter's contribution know their stud round.
    "payouts.jackpots.MeterEntry.round -> tables.stud",
    "payouts.jackpots.JackpotHit.round -> tables.stud",
    "payouts.jackpots.JackpotHitEvent.round -> tables.stud",
}


def layers() -> list[list[str]]:
    """The layers contract's layers, top first, each a list of its packages."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    [contract] = [c for c in config["tool"]["importlinter"]["contracts"]
                  if c["type"] == "layers"]
    return [[name.strip() for name in layer.replace(":", "|").split("|")]
            for layer in contract["layers"]]


def package_of(model, packages: list[str]) -> str | None:
    """The layered package a model belongs to (an audit event: its tracked model's)."""
    tracked = getattr(model, "pgh_tracked_model", None)
    if tracked is not None:
        return package_of(tracked, packages)
    module = model.__module__
    module = next((v for k, v in SAME_AS.items() if module.startswith(k)), module)
    return next((p for p in sorted(packages, key=len, reverse=True)
                 if module == p or module.startswith(f"{p}.")), None)


def upward_relations() -> set[str]:
    ordered = layers()
    packages = [p for layer in ordered for p in layer]
    depth = {p: len(ordered) - i for i, layer in enumerate(ordered) for p in layer}
    found = set()
    for model in apps.get_models(include_auto_created=True):
        source = package_of(model, packages)
        if source is None:
            continue  # another project's model (auth, pghistory, ...)
        for field in model._meta.get_fields():
            if not (field.is_relation and field.concrete and field.related_model):
                continue
            target = package_of(field.related_model, packages)
            if target is None or target == source:
                continue
            if depth[target] >= depth[source]:  # up, or a sibling of the same layer
                found.add(f"{source}.{model.__name__}.{field.name} -> {target}")
    return found


def test_every_model_of_the_project_belongs_to_a_layer():
    packages = [p for layer in layers() for p in layer]
    project = [m for m in apps.get_models() if m.__module__.split(".")[0] in
               ("casino", "tables", "payouts")]
    assert len(project) > 50
    assert [m.__name__ for m in project if package_of(m, packages) is None] == []


def test_relations_point_down_the_layers():
    found = upward_relations()
    assert found - PENDING == set(), "relations that point up a layer"
    assert PENDING - found == set(), "fixed: take them off PENDING"
