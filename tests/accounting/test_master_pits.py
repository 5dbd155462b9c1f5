"""A table's pit, which the master games report totals by, is set like its other fields:
through the API (and the admin), audited."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_a_supervisor_names_a_tables_pit(api, supervisor, stud_table, dealer):
    answer = api.as_user(supervisor).patch(f"/api/v1/tables/{stud_table.pk}/",
                                           {"pit": "Pit 2"}, format="json")
    refused = api.as_user(dealer).patch(f"/api/v1/tables/{stud_table.pk}/", {"pit": "Mine"},
                                        format="json")

    assert (answer.status_code, answer.json()["pit"]) == (200, "Pit 2")
    assert refused.status_code == 403
    stud_table.refresh_from_db()
    assert stud_table.pit == "Pit 2"
    assert stud_table.events.order_by("pgh_id").last().pit == "Pit 2"
