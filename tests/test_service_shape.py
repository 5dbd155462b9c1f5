"""One service shape (issue 46, point 6): every public function of a `services.py` takes
keyword arguments only, an explicit `actor` among them, and runs in a transaction
(`@transaction.atomic`, a `with transaction.atomic()` around its writes, or a reason
named by `casino.common.atomic.outside_transaction`). A service knows nothing of HTTP:
no `request`, nothing of Django REST framework or django.http. What does not write lives
in selectors or the rules."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HTTP = ("rest_framework", "django.http")


def service_modules() -> list[Path]:
    return sorted(path for package in ("casino", "tables", "payouts")
                  for path in (ROOT / package).rglob("services.py"))


def public_services():
    for path in service_modules():
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                yield f"{path.relative_to(ROOT)}:{node.name}", node


def _in_a_transaction(node: ast.FunctionDef) -> bool:
    marks = [ast.unparse(d) for d in node.decorator_list]
    if any(m in ("transaction.atomic", "atomic") or m.startswith("outside_transaction(")
           for m in marks):
        return True
    return any(isinstance(inner, ast.With) and any(
        "transaction.atomic" in ast.unparse(item.context_expr) for item in inner.items)
        for inner in ast.walk(node))


def test_there_are_services_to_hold():
    assert len(list(public_services())) > 60


def test_services_take_keyword_arguments_only():
    assert [name for name, node in public_services()
            if node.args.posonlyargs or node.args.args or node.args.vararg] == []


def test_services_name_their_actor():
    assert [name for name, node in public_services()
            if "actor" not in [a.arg for a in node.args.kwonlyargs]] == []


def test_services_run_in_a_transaction_or_say_why_not():
    assert [name for name, node in public_services() if not _in_a_transaction(node)] == []


def test_services_know_nothing_of_http():
    assert [name for name, node in public_services()
            if "request" in [a.arg for a in node.args.kwonlyargs + node.args.args]] == []
    importing = []
    for path in service_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n == h or n.startswith(f"{h}.") for n in names for h in HTTP):
                importing.append(str(path.relative_to(ROOT)))
    assert importing == []
