"""Three closes of one rating sent at once (issue 44, point 18): the first closes it, the
other two are refused in words (it is closed), never a 500; one close, one standing of its
figures. These tests commit for real (transactional database), so the row locks behave as
in production: the table's row is held while the three requests arrive, so each of them
has read the rating before any of them may write."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, connections
from knox.models import AuthToken
from rest_framework.test import APIClient

from tables.players import services
from tables.players.models import RatingChange, RatingFigures, RatingStep

pytestmark = pytest.mark.django_db(transaction=True)

CLOSES = 3


def waiting_on_locks() -> int:
    """How many other sessions of the test database wait for a row lock now."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                       "current_database() AND wait_event_type = 'Lock' AND pid <> "
                       "pg_backend_pid()")
        return cursor.fetchone()[0]


def test_three_closes_at_once_close_the_rating_once_and_refuse_the_others_in_words(
        live_table, pat, dealer):
    rating = services.rating_open(actor=dealer, table=live_table, seat=1, player=pat)
    tokens = [AuthToken.objects.create(dealer)[1] for _ in range(CLOSES)]

    def close(token):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        try:
            return client.post(f"/api/v1/ratings/{rating.pk}/close/")
        finally:
            connection.close()

    holder = connections.create_connection("default")  # the pit holding the table's row
    try:
        holder.set_autocommit(False)
        with holder.cursor() as cursor:
            cursor.execute("SELECT id FROM tables_table WHERE id = %s FOR UPDATE",
                           [live_table.pk])
        with ThreadPoolExecutor(CLOSES) as pool:
            answers = [pool.submit(close, token) for token in tokens]
            while waiting_on_locks() < CLOSES and not any(a.done() for a in answers):
                time.sleep(0.01)
            holder.rollback()
            answers = [answer.result() for answer in answers]
    finally:
        holder.close()

    codes = sorted(answer.status_code for answer in answers)
    assert codes == [200, 400, 400], [a.content for a in answers]
    assert [a.json()["status"] for a in answers if a.status_code == 200] == ["closed"]
    for refused in (a for a in answers if a.status_code == 400):
        assert refused.json() == {"status": ["The rating of Pat at CS-1 seat 1 is closed: "
                                             "seat him again for a new one."]}
    assert RatingChange.objects.filter(rating=rating, step=RatingStep.CLOSED).count() == 1
    assert RatingFigures.objects.filter(rating=rating).count() == 1
