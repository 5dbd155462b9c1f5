"""The role and casino matrix of table accounting's pages and reports (the floor's own is
tests/test_casino_scoping.py, which also checks that every route is in one matrix).

Harbor's floor: CS-1 (banked) with a shift played and counted (a variance open), a
second shift open with a fill requested and another issued; HE-1 (poker). Mayfair's one
user holds every role there and none at Harbor: Harbor's objects are a 404 to them
(the floor is the fixture ``accounting_floor`` of tests/accounting/conftest.py)."""

from __future__ import annotations

WHO = ("anonymous", "no_role", "dealer_assigned", "dealer_unassigned", "supervisor",
       "accountant", "cage", "count", "other_casino")
IDS = ("casino", "table", "poker", "opener", "request", "slip", "count", "variance")


def statuses(floor, client, api, method: str, address: str, body) -> dict:
    """What each kind of user gets: pages through the test client (a form's fields as
    posted), the API with a token."""
    address = address.format(**floor["ids"])
    seen = {}
    for who in WHO:
        user = floor["people"][who]
        if address.startswith("/api/"):
            caller = api.as_user(user)
            answer = getattr(caller, method.lower())(address, body or {}, format="json") \
                if method != "GET" else caller.get(address)
        else:
            client.logout()
            if user is not None:
                client.force_login(user)
            answer = client.get(address) if method == "GET" else client.post(address,
                                                                              body or {})
        seen[who] = answer.status_code
    return seen
