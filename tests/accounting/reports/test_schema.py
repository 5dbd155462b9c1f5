"""Each table-accounting report's JSON, with rows of every kind (a poker box, an open
shift, a void slip, a missing number, an explained variance), matches the OpenAPI schema
the service publishes; the schema documents the filters each report reads."""

from __future__ import annotations

import pytest
from django.core import signals
from django.db import close_old_connections
from django.db.models import F
from knox.models import AuthToken
from schemathesis.checks import response_schema_conformance

from tables.chips.models import SlipSeries
from tests.accounting.reports.conftest import DAY
from tests.openapi import served_schema

pytestmark = pytest.mark.django_db

schema = served_schema()


@pytest.fixture
def keep_connection(db):
    # Called straight through WSGI, a request would close the test's connection when it
    # ends (Django's test client switches that off the same way).
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.mark.parametrize("name", ["master-games", "slips", "count"])
def test_a_report_answer_matches_the_schema(day, accountant, keep_connection, name):
    SlipSeries.objects.update(last_number=F("last_number") + 1)  # a number missing today
    case = schema[f"/api/v1/reports/{name}/"]["GET"].Case(
        headers={"Authorization": f"Token {AuthToken.objects.create(accountant)[1]}"},
        query={**DAY, "shift": "1"} if name == "count" else dict(DAY))
    response = case.call()
    case.validate_response(response, checks=[response_schema_conformance])

    body = response.json()
    assert body["rows"]
    if name == "slips":
        assert body["totals"]["missing"] == 1


def test_the_schema_lists_each_reports_own_filters(client, accountant):
    client.force_login(accountant)
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()[
        "paths"]

    def names(path):
        return {p["name"] for p in paths[path]["get"]["parameters"]}

    for name in ("master-games", "slips", "count"):
        assert names(f"/api/v1/reports/{name}/") == {"from", "to", "casino", "table", "shift",
                                                     "format"}
    assert "shift" not in names("/api/v1/reports/rake/")
    assert "dealer" in names("/api/v1/reports/stud/seats/")
