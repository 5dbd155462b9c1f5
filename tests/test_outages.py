"""The floor keeps working when Redis is not there: rounds record, the sign reads the
database, /healthz says what is down, queued work is picked up later. Redis is made
unreachable by pointing at a port nothing listens on (the real stop is in
test_progressive_faults.py)."""

import logging

import pytest
from kombu.exceptions import OperationalError

from payouts.jackpots.models import HitStatus, JackpotHit
from tables.reports import exports, services
from tables.reports.models import ExportJob, ExportStatus
from tables.reports.tasks import (
    RESEND_AFTER,
    STALLED_AFTER,
    resend_waiting_exports,
    write_export,
)
from tests.helpers import ROYAL_POSTED

pytestmark = pytest.mark.django_db
DEAD_REDIS = "redis://127.0.0.1:1/0"


@pytest.fixture
def dead_cache(settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": DEAD_REDIS}}


@pytest.fixture
def broker_down(monkeypatch):
    """Every publish fails at once, as kombu does when Redis refuses the connection."""
    sent = []

    def refuse(self, args=None, kwargs=None, **options):
        sent.append((self.name, args, options))
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr("celery.app.task.Task.apply_async", refuse)
    return sent


def test_a_jackpot_round_records_while_the_broker_is_down_and_waits_for_the_sweep(
        api, dealer, jackpot_table, broker_down, caplog, django_capture_on_commit_callbacks):
    with caplog.at_level(logging.ERROR), django_capture_on_commit_callbacks(execute=True):
        response = api.as_user(dealer).post(
            f"/api/v1/tables/{jackpot_table.pk}/stud-rounds/",
            {"dealer_cards": ["2h", "3d", "8c", "9h", "Jd"], "seats": [ROYAL_POSTED]},
            format="json")

    assert response.status_code == 201, response.content
    assert response.json()["seats"][0]["progressive"]["award"] == "pending"
    assert JackpotHit.objects.get().status == HitStatus.PENDING
    # Once, and with no result to subscribe to (the result backend's reconnecting would
    # hold the request for 20 s: docs/reliability.md).
    assert broker_down == [("payouts.tasks.settle_progressive",
                            (jackpot_table.progressive_id,),
                            {"retry": False, "ignore_result": True})]
    assert "the minute's sweep settles the hits instead" in caplog.text


def test_an_export_asked_for_while_the_broker_is_down_waits_and_is_sent_again(
        client, accountant, broker_down, django_capture_on_commit_callbacks, monkeypatch):
    client.force_login(accountant)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/accounting/reports/rake/export/",
                    {"from": "2026-03-01", "to": "2026-03-02", "format": "xlsx"})
    job = ExportJob.objects.get()
    assert job.status == ExportStatus.QUEUED
    assert job.message == ("The workers' queue did not answer: the file will be asked for "
                           "again within a minute, nothing to do.")
    assert broker_down[0][0] == write_export.name

    # A minute on, with the broker back, the sweep sends it again and the worker writes it.
    monkeypatch.undo()
    assert resend_waiting_exports() == 0  # not a minute yet
    ExportJob.objects.filter(pk=job.pk).update(
        requested_at=job.requested_at - RESEND_AFTER)
    assert resend_waiting_exports() == 1   # run here: tasks are eager in tests
    job.refresh_from_db()
    assert (job.status, job.message, bytes(job.content)[:2]) == ("done", "", b"PK")


def test_an_export_is_written_once_however_often_its_message_comes(accountant):
    job = services.request_export(actor=accountant, report="rake", fmt="csv",
                                  query={"from": "2026-03-01", "to": "2026-03-02"})
    exports.write_export(job.pk)
    ExportJob.objects.filter(pk=job.pk).update(filename="kept.csv")
    exports.write_export(job.pk)   # sent again by the sweep, or redelivered
    job.refresh_from_db()
    assert (job.status, job.filename) == ("done", "kept.csv")


def test_an_export_whose_worker_died_is_written_again(accountant):
    job = services.request_export(actor=accountant, report="rake", fmt="csv",
                                  query={"from": "2026-03-01", "to": "2026-03-02"})
    ExportJob.objects.filter(pk=job.pk).update(
        status=ExportStatus.RUNNING, progress=10,
        requested_at=job.requested_at - STALLED_AFTER)
    assert resend_waiting_exports() == 1
    job.refresh_from_db()
    assert job.status == "done"


def test_the_floor_sign_reads_the_database_when_the_cache_is_down(
        client, progressive, dead_cache, caplog):
    with caplog.at_level(logging.WARNING):
        state = client.get(f"/sign/{progressive.pk}/state.json")
        page = client.get(f"/sign/{progressive.pk}/")
    assert state.status_code == 200
    assert state.json()["amount"] == "10000.00"
    assert page.status_code == 200
    assert "cache down" in caplog.text


def test_healthz_names_the_broker_when_redis_does_not_answer(client, settings):
    settings.REDIS_URL = DEAD_REDIS
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["database"]["ok"] is True
    assert body["broker"]["ok"] is False
    assert "Connection refused" in body["broker"]["error"]


def test_with_the_database_down_the_api_answers_json_503_with_retry_after(
        dealer, stud_table):
    from knox.models import AuthToken
    from rest_framework.test import APIClient

    _, token = AuthToken.objects.create(dealer)
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    with pytest.MonkeyPatch.context() as patch:
        from django.db.backends.utils import CursorWrapper
        patch.setattr(CursorWrapper, "execute", _refused_query)
        response = client.get("/api/v1/tables/")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json()["detail"].startswith("The database is not answering")


def test_with_the_database_down_a_page_says_so_in_words(client, dealer, stud_table):
    client.force_login(dealer)
    client.raise_request_exception = False
    with pytest.MonkeyPatch.context() as patch:
        from django.db.backends.utils import CursorWrapper
        patch.setattr(CursorWrapper, "execute", _refused_query)
        response = client.get("/dealer/")
    assert response.status_code == 503
    assert "Nothing you entered was saved" in response.content.decode()


def test_any_other_error_is_a_plain_500_in_the_api_shape(api, dealer, monkeypatch):
    from rest_framework.test import APIClient

    from tables.floor import api as floor_api

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(floor_api.TableViewSet, "list", broken)
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(dealer)
    response = client.get("/api/v1/tables/")
    assert response.status_code == 500
    assert response.json() == {"detail": "The service could not finish this request and "
                                         "nothing was saved."}


def _refused_query(self, sql, params=None):
    from django.db import OperationalError as DatabaseDown

    raise DatabaseDown("connection to server at 127.0.0.1, port 5432 failed: Connection "
                       "refused")
