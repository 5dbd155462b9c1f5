"""The floor signs' state pushed (casino.common.push, payouts.jackpots.signs): a round on a
jackpot table sends the meter's new state once, after the commit; the stream sends the
state, then each pushed one; with Redis down the round records and the signs still read.
These use the machine's Redis (REDIS_URL), on channels of this test's own."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import os
import signal
import time
import uuid
from decimal import Decimal as D

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, connections, transaction
from django.test import AsyncClient
from django.test.utils import CaptureQueriesContext

from casino.common import push
from payouts.jackpots import settlement, signs
from tables.stud.services import stud_round_record
from tests.asgi_server import private_redis
from tests.helpers import DEALER, ROYAL_POSTED

pytestmark = [pytest.mark.redis]
DEAD_REDIS = "redis://127.0.0.1:1/0"
# Two seats on the jackpot, neither hits: the meter grows by 2 x 0.70.
NO_HIT = [{"seat": 1, "ante": "10.00", "decision": "fold", "progressive": True,
           "cards": ["Qh", "Qs", "9d", "5c", "3h"]},
          {"seat": 2, "ante": "10.00", "decision": "fold", "progressive": True,
           "cards": ["Jh", "Js", "8d", "6c", "5s"]}]


@pytest.fixture(autouse=True)
def channels(monkeypatch, redis_broker):
    """Channels no other test run on this Redis uses, and a sender that has not failed."""
    monkeypatch.setattr(push, "CHANNELS", f"casino-test-{uuid.uuid4().hex[:8]}:")
    monkeypatch.setattr(push, "_sender", {"pid": None, "client": None, "quiet_until": 0.0})
    return push.CHANNELS


@pytest.fixture
def heard(channels, redis_broker):
    """What is published to the signs on the test's channels (the boards' words are
    tests/board's): ``heard()`` waits a moment and returns [(topic, payload)]."""
    import redis

    client = redis.Redis.from_url(redis_broker)
    listener = client.pubsub(ignore_subscribe_messages=True)
    listener.psubscribe(channels + "sign:*")
    listener.get_message(timeout=1)  # the subscription's confirmation

    def collected(wait=0.5):
        found, until = [], time.monotonic() + wait
        while (left := until - time.monotonic()) > 0:
            message = listener.get_message(timeout=left)
            if message:
                found.append((message["channel"].decode().removeprefix(channels),
                              json.loads(message["data"])))
        return found

    yield collected
    listener.close()
    client.close()


def record(api, dealer, table, seats):
    return api.as_user(dealer).post(f"/api/v1/tables/{table.pk}/stud-rounds/",
                                    {"dealer_cards": DEALER, "seats": seats}, format="json")


@pytest.mark.django_db
def test_a_jackpot_round_sends_the_new_amount_once_after_the_commit(
        api, dealer, jackpot_table, progressive, heard, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as waiting:
        response = record(api, dealer, jackpot_table, NO_HIT)
        assert response.status_code == 201, response.content
        assert heard(0.2) == []  # nothing while the transaction is open

    with CaptureQueriesContext(connection) as after_commit:
        for callback in waiting:
            callback()
    entry = progressive.entries.filter(meter="meter").latest("id")
    assert heard() == [(f"sign:{progressive.pk}", {
        "amount": "10001.40", "version": entry.pk, "partial": True})]
    # What the floor's round costs for its signs after its commit: nothing read, no lock
    # (the round's feed knew the amount and its entry).
    assert len(after_commit) == 0, [q["sql"] for q in after_commit]


@pytest.mark.django_db
def test_a_publish_is_sent_once_its_transaction_commits_and_never_if_rolled_back(
        heard, django_capture_on_commit_callbacks):
    def published_then_failure():
        with transaction.atomic():
            push.publish("board:2", {"n": 2})
            raise RuntimeError

    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            push.publish("sign:1", {"n": 1})
        with pytest.raises(RuntimeError):
            published_then_failure()
        assert heard(0.2) == []
    assert heard() == [("sign:1", {"n": 1})]


@pytest.mark.django_db
def test_a_round_rolled_back_sends_nothing(dealer, jackpot_table, heard,
                                           django_capture_on_commit_callbacks):
    def round_then_failure():
        with transaction.atomic():
            stud_round_record(actor=dealer, table=jackpot_table, dealer_cards=DEALER,
                              seats=NO_HIT)
            raise RuntimeError("the round's transaction fails after the feed")

    with django_capture_on_commit_callbacks(execute=True) as ran, pytest.raises(RuntimeError):
        round_then_failure()
    assert ran == []
    assert heard() == []


@pytest.mark.django_db(transaction=True)
def test_a_settlement_of_two_rounds_sends_once_with_pending(
        controller, api, dealer, jackpot_table, progressive, heard, monkeypatch):
    from payouts.jackpots import services as progressives

    monkeypatch.setattr(progressives, "_enqueue_settlement", lambda pk: None)  # settled below
    progressives.progressive_correct(actor=controller, progressive=progressive, meter="meter",
                                     new_balance=D("50000.00"), reason="test: a grown meter")
    record(api, dealer, jackpot_table, [ROYAL_POSTED])
    record(api, dealer, jackpot_table, [ROYAL_POSTED])
    assert [state["amount"] for _, state in heard()] == ["50000.00", "50000.70", "50001.40"]

    assert settlement.settle_pending_hits(progressive.pk) == 2

    (topic, state), = heard()
    assert topic == f"sign:{progressive.pk}"
    assert state["pending"] == {"table": "CS-1", "seat": 1, "category": "royal_flush",
                                "amount": "50001.40"}


@pytest.mark.django_db
def test_with_redis_down_the_round_records_and_the_sign_still_answers(
        api, client, dealer, jackpot_table, progressive, settings, caplog,
        django_capture_on_commit_callbacks):
    settings.REDIS_URL = DEAD_REDIS
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": DEAD_REDIS}}
    with caplog.at_level(logging.WARNING), django_capture_on_commit_callbacks(execute=True):
        response = record(api, dealer, jackpot_table, NO_HIT)

    assert response.status_code == 201, response.content
    assert "push: sign:" in caplog.text
    assert not push.ready()  # the next rounds do not wait on Redis for a while
    stream = client.get(f"/sign/{progressive.pk}/events")
    assert stream.status_code == 200
    assert b'"amount": "10001.40"' in b"".join(stream.streaming_content)
    assert client.get(f"/sign/{progressive.pk}/state.json").json()["amount"] == "10001.40"


@pytest.mark.django_db
def test_under_wsgi_the_stream_sends_the_state_and_says_come_back(client, progressive):
    answer = client.get(f"/sign/{progressive.pk}/events")

    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/event-stream"
    assert answer["Cache-Control"] == "no-cache"
    assert answer["X-Accel-Buffering"] == "no"
    body = b"".join(answer.streaming_content).decode()
    assert body.startswith("retry: 1000\ndata: {")
    assert '"amount": "10000.00"' in body
    assert body.endswith("event: end\ndata: again in a second\n\n")
    assert client.get("/sign/999999/events").status_code == 404


async def _events(response, count: int, seconds: float = 10) -> list[dict]:
    """The next ``count`` states of a stream (its comments skipped)."""
    found, chunks = [], response.streaming_content
    while len(found) < count:
        chunk = (await asyncio.wait_for(anext(chunks), seconds)).decode()
        found += [json.loads(line.removeprefix("data: ")) for line in chunk.splitlines()
                  if line.startswith("data: ")]
    return found


def _run(scenario) -> None:
    """On an event loop of its own, in a thread (the test's may run one: Playwright's),
    closing the database connection its sync parts opened there."""
    async def then_close():
        try:
            await scenario()
        finally:
            await sync_to_async(connections.close_all)()

    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, then_close()).result(timeout=60)


async def _subscribed(seconds: float = 10) -> None:
    until = time.monotonic() + seconds
    while not push.hub.subscribed:
        assert time.monotonic() < until, "the hub did not subscribe to Redis"
        await asyncio.sleep(0.05)


@pytest.mark.django_db(transaction=True)
def test_the_stream_sends_the_state_then_the_pushed_one(dealer, jackpot_table, progressive):
    async def scenario():
        response = await AsyncClient().get(f"/sign/{progressive.pk}/events")
        assert response["Content-Type"] == "text/event-stream"
        assert [s["amount"] for s in await _events(response, 1)] == ["10000.00"]
        await _subscribed()
        await sync_to_async(stud_round_record)(actor=dealer, table=jackpot_table,
                                               dealer_cards=DEALER, seats=NO_HIT)
        assert [s["amount"] for s in await _events(response, 1)] == ["10001.40"]
        await response.streaming_content.aclose()

    _run(scenario)


@pytest.mark.django_db(transaction=True)
def test_without_redis_the_stream_reads_the_state_itself(dealer, jackpot_table, progressive,
                                                         settings):
    settings.REDIS_URL = DEAD_REDIS
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

    async def scenario():
        response = await AsyncClient().get(f"/sign/{progressive.pk}/events")
        assert [s["amount"] for s in await _events(response, 1)] == ["10000.00"]
        await sync_to_async(stud_round_record)(actor=dealer, table=jackpot_table,
                                               dealer_cards=DEALER, seats=NO_HIT)
        assert [s["amount"] for s in await _events(response, 1)] == ["10001.40"]
        assert not push.hub.subscribed
        await response.streaming_content.aclose()

    _run(scenario)


def test_a_sign_told_twice_in_one_transaction_is_sent_once(monkeypatch, db):
    announced = []
    monkeypatch.setattr(signs, "_announce", announced.append)

    def told_in_a_savepoint_rolled_back():
        with transaction.atomic():
            signs.changed(9)
            raise RuntimeError

    with transaction.atomic():
        signs.changed(7)
        signs.changed(7)
        signs.changed(8)
        with pytest.raises(RuntimeError):
            told_in_a_savepoint_rolled_back()  # forgotten with its savepoint
    assert announced == []  # the test's own transaction has not committed
    hooks = transaction.get_connection().run_on_commit
    assert [hook[1].sign_of for hook in hooks] == [7, 8]


def test_a_redis_gone_silent_is_given_up_and_subscribed_again(settings, monkeypatch):
    """A master that vanished in a failover answers nothing, not even a TCP reset: here a
    Redis of the test's own, stopped (SIGSTOP) with its connections open."""
    monkeypatch.setattr(push, "PING_SECONDS", 0.3)

    async def until(condition, seconds):
        deadline = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)

    async def scenario(redis):
        hub = push.Hub()
        async with hub.listening("sign:1") as queue:
            await until(lambda: hub.subscribed, 10)
            os.kill(redis.process.pid, signal.SIGSTOP)
            try:
                await until(lambda: not hub.subscribed, 10)  # two pings unanswered
                while not queue.empty():
                    queue.get_nowait()
                assert await asyncio.wait_for(queue.get(), 3) is push.LOOK  # read yourself
            finally:
                os.kill(redis.process.pid, signal.SIGCONT)
            await until(lambda: hub.subscribed, 20)

    with private_redis(settings, monkeypatch) as redis:
        _run(lambda: scenario(redis))


@pytest.mark.django_db
def test_the_database_lost_after_the_commit_leaves_the_round_recorded_and_answered(
        api, dealer, jackpot_table, progressive, heard, monkeypatch, caplog,
        django_capture_on_commit_callbacks):
    from django.db import OperationalError

    from payouts.jackpots import signs

    def database_gone(progressive_id):
        raise OperationalError("server closed the connection unexpectedly")

    # A settlement's award has the state read afresh after its commit: the database gone.
    monkeypatch.setattr(signs.selectors, "sign_state_fresh", database_gone)
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        response = record(api, dealer, jackpot_table, NO_HIT)
        signs.changed(progressive.pk)
    assert response.status_code == 201, response.content   # the cluster drill's 500, gone
    assert f"sign {progressive.pk} not told: server closed the connection" in caplog.text
    assert heard(0.2) == []


def test_a_screen_never_goes_back_and_lays_a_rounds_amount_over_what_it_shows():
    shown = {"name": "Harbor", "amount": "10.00", "pending": {"table": "CS-1"}, "version": 7}
    # Two rounds committed together reach the screen out of order: the older is passed over.
    newer = push.after(shown, {"amount": "10.40", "version": 9, "partial": True})
    assert newer == {"name": "Harbor", "amount": "10.40", "pending": {"table": "CS-1"},
                     "version": 9}
    assert push.after(newer, {"amount": "10.20", "version": 8, "partial": True}) == newer
    # A state read afresh (an approval took PENDING off) replaces it whole.
    fresh = {"name": "Harbor", "amount": "5.00", "pending": None, "version": 12}
    assert push.after(newer, fresh) == fresh


def test_a_slow_screens_queue_keeps_what_the_dropped_state_said():
    import asyncio

    queue = asyncio.Queue(maxsize=1)
    full = {"name": "Harbor", "amount": "5.00", "pending": {"table": "CS-2"}, "version": 3}
    push._put_latest(queue, full)
    push._put_latest(queue, {"amount": "5.40", "version": 4, "partial": True})
    assert queue.get_nowait() == {**full, "amount": "5.40", "version": 4}
    push._put_latest(queue, push.LOOK)
    push._put_latest(queue, {"amount": "5.80", "version": 5, "partial": True})
    assert queue.get_nowait() is push.LOOK   # read it yourself: that reads the latest
