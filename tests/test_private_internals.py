"""A library's private names (issue 46, point 7): every use is in a module that says which
release it was checked against (``CHECKED_AGAINST``), that release is the one pinned in
pyproject.toml and the one installed. A new release fails here until someone reads the
library's change against the module and moves the line."""

from __future__ import annotations

import ast
import importlib
import importlib.metadata
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
OURS = {"casino", "tables", "payouts", "bench", "scripts", "tests"}
# Django's query compiler is no private name, but no documented API either: the module
# that rebuilds the ORM's row loading from it (casino.common.frozen) is held the same way.
UNDOCUMENTED = {"casino.common.frozen": "Django"}


def _distribution(top: str) -> str | None:
    names = importlib.metadata.packages_distributions().get(top)
    return names[0] if names else None


def _third_party(top: str) -> bool:
    return top not in OURS and top not in sys.stdlib_module_names and top != "__future__"


def _private(name: str) -> bool:
    # A model's _meta is Django's documented Model _meta API, no private name.
    return (name.startswith("_") and name != "_meta"
            and not (name.startswith("__") and name.endswith("__")))


def _root(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def private_uses(path: Path, module: ModuleType | None = None) -> set[tuple[str, str]]:
    """(library's top-level package, the private name) of each use in one module: an
    attribute of a library's module, a name imported from it, a private method of a
    library's class overridden (the imported ``module`` says which of a subclass's private
    methods a library's class has: the others are the subclass's own)."""
    tree = ast.parse(path.read_text())
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if _third_party(top):
                    aliases[alias.asname or top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            top = node.module.split(".")[0]
            if _third_party(top):
                for alias in node.names:
                    aliases[alias.asname or alias.name] = top
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            top = aliases.get(_root(node) or "")
            if top:
                found.add((top, node.attr))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            top = node.module.split(".")[0]
            found |= {(top, a.name) for a in node.names if _third_party(top) and _private(a.name)}
        elif isinstance(node, ast.ClassDef) and module is not None:
            found |= _overrides(getattr(module, node.name, None), node)
    return found


def _overrides(cls, node: ast.ClassDef) -> set[tuple[str, str]]:
    if not isinstance(cls, type):
        return set()
    found = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and _private(item.name):
            for base in cls.__mro__[1:]:
                top = base.__module__.split(".")[0]
                if _third_party(top) and top != "builtins" and item.name in vars(base):
                    found.add((top, item.name))
    return found


def _modules() -> dict[str, Path]:
    paths = [p for package in ("casino", "tables", "payouts") for p in
             (ROOT / package).rglob("*.py") if "migrations" not in p.parts]
    return {".".join(p.relative_to(ROOT).with_suffix("").parts): p for p in paths}


def _checked(module: str) -> dict[str, str]:
    return getattr(importlib.import_module(module), "CHECKED_AGAINST", {})


def test_every_private_name_of_a_library_is_used_where_its_release_is_named():
    unnamed = []
    for module, path in sorted(_modules().items()):
        for top, name in sorted(private_uses(path, importlib.import_module(module))):
            if _distribution(top) not in _checked(module):
                unnamed.append(f"{module}: {top}.{name} ({_distribution(top)})")
    assert not unnamed, ("a library's private name used with no CHECKED_AGAINST naming "
                         "the release it was read against:\n" + "\n".join(unnamed))


def test_the_releases_checked_against_are_pinned_and_installed():
    pyproject = (ROOT / "pyproject.toml").read_text()
    held = {module: _checked(module) for module in _modules() if _checked(module)}
    assert set(UNDOCUMENTED) <= set(held)
    problems = []
    for module, releases in sorted(held.items()):
        for distribution, version in releases.items():
            installed = importlib.metadata.version(distribution)
            if installed != version:
                problems.append(f"{module} was checked against {distribution} {version}; "
                                f"{installed} is installed: read its changes, then move "
                                "CHECKED_AGAINST")
            if not re.search(rf'"{re.escape(distribution)}(\[[^\]]*\])?=={re.escape(version)}"',
                             pyproject, re.IGNORECASE):
                problems.append(f"{distribution} is not pinned to {version} in pyproject.toml")
    assert not problems, "\n".join(problems)


def test_the_scan_finds_each_kind_of_private_use(tmp_path):
    """The scanner itself: a module attribute, a name imported, an override; not a
    subclass's own helper, a model's _meta or the standard library's."""
    sample = tmp_path / "sample_private_uses.py"
    sample.write_text(
        "import json\nimport pghistory.runtime\nfrom knox import auth as knox_auth\n"
        "from django.db.models import Model, query\n\n"
        "def uses():\n"
        "    return (pghistory.runtime._tracker, json._default_decoder, Model._meta,\n"
        "            query._populate)\n\n"
        "class T(knox_auth.TokenAuthentication):\n    def _cleanup_token(self): ...\n"
        "    def _own_helper(self): ...\n    def __init__(self): ...\n")
    spec = importlib.util.spec_from_file_location("sample_private_uses", sample)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert private_uses(sample, module) == {
        ("pghistory", "_tracker"), ("knox", "_cleanup_token"), ("django", "_populate")}
