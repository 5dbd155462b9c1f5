"""What the held entries' tests share: a round the service refused, held."""

import pytest

from tests.helpers import CONTRACT_ROUND
from tests.played import at

HELD = "/api/v1/held-entries/"
# The refusal of a held entry sent again with another dealt time (issue 44).
DEALT_AT_STAYS = ("This stud round was held as dealt at {}; that stays: the time it was "
                  "dealt decides its books, and only a supervisor's late entry puts it on "
                  "the books open now.")


def sent_and_held(api, dealer, table, body: dict, key: str) -> dict:
    """``body`` sent by ``dealer``'s tablet to ``table``, refused, and held: the entry."""
    answer = api.as_user(dealer).post(f"/api/v1/tables/{table.pk}/stud-rounds/", body,
                                      format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert answer.status_code == 400
    held = api.post(HELD, {"table": table.pk, "kind": "stud_round", "body": body,
                           "refusal": answer.json()}, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert held.status_code == 201, held.json()
    return held.json()


@pytest.fixture
def refused(api, dealer, live_table, supervisor, travel):
    """A round dealt at 09:00 with an ante of 150 (CS-1's limit is 100), sent at 09:30 and
    refused: the tablet holds it."""
    travel(at(2026, 11, 30, 9, 30))
    body = {**CONTRACT_ROUND, "dealt_at": at(2026, 11, 30, 9, 0).isoformat(),
            "seats": [{**CONTRACT_ROUND["seats"][0], "ante": "150.00"}]}
    return sent_and_held(api, dealer, live_table, body, "tab-1"), body


@pytest.fixture
def closed_day_held(api, dealer, live_table, travel):
    """A round dealt at 05:40 on 2026-12-01, in gaming day 2026-11-30, sent at 06:30 once
    that day was closed: refused, and held."""
    from tables.reports.closing import close_day

    travel(at(2026, 12, 1, 6, 30))
    close_day(live_table.casino, at(2026, 11, 30, 12, 0).date())
    body = {**CONTRACT_ROUND, "dealt_at": at(2026, 12, 1, 5, 40).isoformat()}
    return sent_and_held(api, dealer, live_table, body, "tab-9"), body
