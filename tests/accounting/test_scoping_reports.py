"""The role and casino matrix of table accounting's reports (tests/accounting/scoping.py)."""

from __future__ import annotations

import pytest

from tests.accounting.scoping import WHO, statuses

pytestmark = pytest.mark.django_db

DAY = "from=2026-11-30&to=2026-11-30"
# (method, address, body) -> the status each of WHO gets, in order: anonymous, no role, the
# table's dealer, another dealer, supervisor, accountant, cage, count, the other casino's
# all-roles user. Pages: anonymous is sent to log in (302), a missing role is 403, another
# casino's object is 404. The API: anonymous 401.
MATRIX: dict[tuple[str, str, dict | None], tuple[int, ...]] = {
}


@pytest.mark.parametrize(("operation", "expected"), list(MATRIX.items()),
                         ids=[f"{m} {a.split('?')[0]}" for m, a, _ in MATRIX])
def test_role_and_casino_matrix(accounting_floor, client, api, operation, expected):
    method, address, body = operation
    seen = statuses(accounting_floor, client, api, method, address, body)
    assert seen == dict(zip(WHO, expected, strict=True))
