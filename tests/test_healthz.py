import pytest
from django.db import OperationalError, connection

pytestmark = pytest.mark.django_db


def test_healthz_answers_200_when_database_and_broker_answer(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"] == {"ok": True, "vendor": "postgresql"}
    assert body["broker"]["ok"] is True


def test_healthz_answers_503_when_the_broker_is_down(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1

    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["broker"]["ok"] is False
    assert body["broker"]["url"] == "redis://127.0.0.1:1/0"


def test_healthz_answers_503_when_the_database_is_down(client, monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError("connection to server failed: Connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["database"] == {
        "ok": False, "vendor": "postgresql",
        "error": "connection to server failed: Connection refused"}


def test_healthz_reports_the_last_worker_heartbeat(client):
    from casino.tasks import worker_heartbeat

    worker_heartbeat.delay(hostname="worker-7")

    worker = client.get("/healthz").json()["worker"]
    assert worker["hostname"] == "worker-7"
    assert worker["seconds_ago"] >= 0  # how long ago, whatever the machine's speed


def test_healthz_shows_what_the_apps_registered_and_none_while_the_database_is_down(
        client, monkeypatch):
    from casino.common import health

    # payouts' and tables' ready()
    assert set(health._CHECKS) == {"ledgers", "closed_days", "rated_play", "guards"}
    body = client.get("/healthz").json()
    assert body["closed_days"]["checked_at"] is None  # no nightly check has run yet
    assert body["rated_play"]["checked_at"] is None
    assert "ledgers" in body

    def refuse(*args, **kwargs):
        raise OperationalError("connection to server failed: Connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)
    down = client.get("/healthz").json()
    assert (down["ledgers"], down["closed_days"], down["rated_play"]) == (None, None, None)
    assert down["guards"] is None
