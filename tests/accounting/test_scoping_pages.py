"""The role and casino matrix of table accounting's pages (tests/accounting/scoping.py)."""

from __future__ import annotations

import pytest

from tests.accounting.scoping import WHO, statuses

pytestmark = pytest.mark.django_db

DAY = "from=2026-11-30&to=2026-11-30"
# (method, address, body) -> the status each of WHO gets, in order: anonymous, no role, the
# table's dealer, another dealer, supervisor, accountant, cage, count, the other casino's
# all-roles user. Pages: anonymous is sent to log in (302), a missing role is 403, another
# casino's object is 404. The API: anonymous 401.
# A dealer signs as dealer at his own tables only (another dealer of the casino: 403 with
# the reason); the cage issues and voids, a supervisor voids too; the count team counts;
# supervisors and accountants read counts and variances, supervisors explain them.
BOX = "/count/boxes/{table}/2026-11-30/2/"  # the open shift: its box cannot be counted yet
# Bodies by name (a matrix key must be hashable); "empty" is a form sent empty.
BODIES = {"empty": {}, "fill": {"chips_25": "4"}, "as_dealer": {"role": "dealer"},
          "as_supervisor": {"role": "supervisor"}, "nothing_found": {"found": ""}}
_ = None
MATRIX: dict[tuple[str, str, str | None], tuple[int, ...]] = {
    # The pit's chips
    ("GET", "/pit/chips/", _):
        (302, 403, 403, 403, 200, 403, 403, 403, 200),
    ("GET", "/pit/tables/{table}/chips/opener/", _):
        (302, 403, 403, 403, 200, 403, 403, 403, 404),
    ("POST", "/pit/tables/{table}/chips/opener/", "empty"):
        (302, 403, 403, 403, 400, 403, 403, 403, 404),
    ("GET", "/pit/tables/{table}/chips/closer/", _):
        (302, 403, 403, 403, 200, 403, 403, 403, 404),
    ("POST", "/pit/tables/{table}/chips/fill/", "fill"):
        (302, 403, 403, 403, 302, 403, 403, 403, 404),
    ("GET", "/pit/tables/{poker}/chips/fill/", _):
        (302, 403, 403, 403, 404, 403, 403, 403, 404),
    ("GET", "/pit/casinos/{casino}/accounting-rules/", _):
        (302, 403, 403, 403, 200, 403, 403, 403, 404),
    ("POST", "/pit/casinos/{casino}/accounting-rules/", "empty"):
        (302, 403, 403, 403, 400, 403, 403, 403, 404),
    # Signatures: the dealer's and the supervisor's
    ("POST", "/inventory-slips/{opener}/sign/", "as_dealer"):
        (302, 403, 302, 403, 403, 403, 403, 403, 404),
    ("POST", "/chip-slips/{slip}/sign/", "as_supervisor"):
        (302, 403, 403, 403, 302, 403, 403, 403, 404),
    # The cage
    ("GET", "/cage/", _):
        (302, 403, 403, 403, 403, 403, 200, 403, 200),
    ("POST", "/cage/requests/{request}/issue/", "empty"):
        (302, 403, 403, 403, 403, 403, 302, 403, 404),
    ("GET", "/cage/slips/{slip}/", _):
        (302, 403, 403, 403, 200, 200, 200, 403, 404),
    ("POST", "/cage/slips/{slip}/", "empty"):
        (302, 403, 403, 403, 400, 403, 400, 403, 404),
    # The count room
    ("GET", "/count/", _):
        (302, 403, 403, 403, 403, 403, 403, 200, 200),
    ("GET", "/count/?day=2026-11-30", _):
        (302, 403, 403, 403, 403, 403, 403, 200, 200),
    ("GET", BOX, _):
        (302, 403, 403, 403, 403, 403, 403, 200, 404),
    ("POST", BOX, "empty"):
        (302, 403, 403, 403, 403, 403, 403, 400, 404),
    ("GET", "/count/counts/{count}/", _):
        (302, 403, 403, 403, 200, 200, 403, 200, 404),
    ("GET", "/count/counts/{count}/correct/", _):
        (302, 403, 403, 403, 403, 403, 403, 200, 404),
    ("POST", "/count/counts/{count}/correct/", "empty"):
        (302, 403, 403, 403, 403, 403, 403, 400, 404),
    # Variances
    ("GET", "/pit/variances/", _):
        (302, 403, 403, 403, 200, 200, 403, 403, 200),
    ("GET", "/pit/variances/{variance}/", _):
        (302, 403, 403, 403, 200, 200, 403, 403, 404),
    ("POST", "/pit/variances/{variance}/", "nothing_found"):
        (302, 403, 403, 403, 400, 403, 403, 403, 404),
}

@pytest.mark.parametrize(("operation", "expected"), list(MATRIX.items()),
                         ids=[f"{m} {a.split('?')[0]}" for m, a, _ in MATRIX])
def test_role_and_casino_matrix(accounting_floor, client, api, operation, expected):
    method, address, body = operation
    seen = statuses(accounting_floor, client, api, method, address, BODIES.get(body))
    assert seen == dict(zip(WHO, expected, strict=True))
