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
# A report with no casino chosen covers the asker's own casinos: the other casino's user
# gets 200 and none of Harbor's rows (tests/accounting/reports); naming Harbor's casino or
# table is "no such" (400).
MATRIX: dict[tuple[str, str, dict | None], tuple[int, ...]] = {
    ("GET", f"/api/v1/reports/master-games/?{DAY}", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 200),
    ("GET", f"/api/v1/reports/master-games/?{DAY}&casino={{casino}}&shift=1", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/api/v1/reports/master-games/?{DAY}&table={{poker}}&format=csv", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/api/v1/reports/slips/?{DAY}", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 200),
    ("GET", f"/api/v1/reports/slips/?{DAY}&table={{table}}&format=pdf", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/api/v1/reports/count/?{DAY}", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 200),
    ("GET", f"/api/v1/reports/count/?{DAY}&casino={{casino}}&format=xlsx", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/api/v1/reports/hold/?{DAY}", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 200),
    ("GET", f"/api/v1/reports/hold/?{DAY}&table={{table}}&format=pdf", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/accounting/reports/hold/?{DAY}&casino={{casino}}", None):
        (302, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/accounting/reports/master-games/?{DAY}", None):
        (302, 403, 403, 403, 200, 200, 403, 403, 200),
    ("GET", f"/accounting/reports/slips/?{DAY}&casino={{casino}}", None):
        (302, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/accounting/reports/count/?{DAY}&table={{table}}", None):
        (302, 403, 403, 403, 200, 200, 403, 403, 400),
    # The rated players' reports (issue 29).
    ("GET", f"/api/v1/reports/players/?{DAY}", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 200),
    ("GET", f"/api/v1/reports/players/?{DAY}&table={{table}}&format=csv", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/api/v1/reports/top-players/?{DAY}&casino={{casino}}&format=pdf", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/api/v1/reports/comp-liability/?{DAY}&format=xlsx", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 200),
    ("GET", f"/api/v1/reports/comp-liability/?{DAY}&table={{table}}", None):
        (401, 403, 403, 403, 400, 400, 403, 403, 400),
    ("GET", f"/accounting/reports/players/?{DAY}&casino={{casino}}", None):
        (302, 403, 403, 403, 200, 200, 403, 403, 400),
    # Dealer performance (issue 31): the pit's and the accountants'.
    ("GET", f"/api/v1/reports/dealers/?{DAY}", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 200),
    ("GET", f"/api/v1/reports/dealers/?{DAY}&table={{table}}&shift=2&format=pdf", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/accounting/reports/dealers/?{DAY}&casino={{casino}}&format=xlsx", None):
        (302, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/api/v1/reports/hours/?{DAY}&table={{table}}&format=csv", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 400),
    ("GET", f"/api/v1/reports/hours/?{DAY}", None):
        (401, 403, 403, 403, 200, 200, 403, 403, 200),
    # An empty form: a reader is told what is missing (400), anyone else is refused first.
    ("POST", "/accounting/reports/master-games/export/", None):
        (302, 403, 403, 403, 400, 400, 403, 403, 400),
}


@pytest.mark.parametrize(("operation", "expected"), list(MATRIX.items()),
                         ids=[f"{m} {a.split('?')[0]}" for m, a, _ in MATRIX])
def test_role_and_casino_matrix(accounting_floor, client, api, operation, expected):
    method, address, body = operation
    seen = statuses(accounting_floor, client, api, method, address, body)
    assert seen == dict(zip(WHO, expected, strict=True))
