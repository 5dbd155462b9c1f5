"""The floor sign's stream served as in production: uvicorn running the ASGI application,
on a Redis of the test's own that is stopped and started again while the sign listens,
read by a plain socket as a sign's browser would."""

from __future__ import annotations

import json
import socket
import time

import pytest

from casino.common import push
from tables.stud.services import stud_round_record
from tests.asgi_server import AsgiServer, private_redis, wait_for
from tests.helpers import DEALER

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]
NO_HIT = [{"seat": 1, "ante": 10, "decision": "fold", "progressive": True,
           "cards": ["Qh", "Qs", "9d", "5c", "3h"]},
          {"seat": 2, "ante": 10, "decision": "fold", "progressive": True,
           "cards": ["Jh", "Js", "8d", "6c", "5s"]}]


@pytest.fixture
def redis_of_its_own(settings, monkeypatch):
    with private_redis(settings, monkeypatch) as redis:
        yield redis


@pytest.fixture
def asgi_port(redis_of_its_own):
    server = AsgiServer(redis_of_its_own.url)
    try:
        server.start()
        yield server.port
    finally:
        server.stop()


class Sign:
    """A sign's connection to its stream (HTTP/1.0: the body as sent, no chunks)."""

    def __init__(self, port: int, pk: int):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.socket.sendall(f"GET /sign/{pk}/events HTTP/1.0\r\nHost: 127.0.0.1\r\n"
                            "Accept: text/event-stream\r\n\r\n".encode())
        self.buffer = b""
        self.head = self._until(b"\r\n\r\n").decode("latin-1")

    def _until(self, end: bytes) -> bytes:
        while end not in self.buffer:
            chunk = self.socket.recv(4096)
            assert chunk, "the stream ended"
            self.buffer += chunk
        part, self.buffer = self.buffer.split(end, 1)
        return part

    def state(self) -> dict:
        """The next state sent (comments skipped)."""
        while True:
            lines = self._until(b"\n\n").decode().splitlines()
            data = [line.removeprefix("data: ") for line in lines if line.startswith("data: ")]
            if data:
                return json.loads(data[0])

    def close(self) -> None:
        self.socket.close()


def test_uvicorn_streams_the_sign_through_a_redis_that_goes_away_and_comes_back(
        asgi_port, redis_of_its_own, dealer, jackpot_table, progressive):
    sign = Sign(asgi_port, progressive.pk)
    try:
        assert sign.head.startswith("HTTP/1.1 200")
        assert "content-type: text/event-stream" in sign.head.lower()
        assert sign.state()["amount"] == "10000.00"
        assert wait_for(lambda: redis_of_its_own.subscriptions() == 1, 10)

        def round_seen_within(amount: str) -> float:
            """How long after the round the sign shows ``amount`` (a state sent again
            meanwhile, as a process that lost Redis may, is passed over)."""
            stud_round_record(actor=dealer, table=jackpot_table, dealer_cards=DEALER,
                              seats=NO_HIT)
            recorded = time.monotonic()
            while sign.state()["amount"] != amount:
                assert time.monotonic() - recorded < 10, f"{amount} not shown in 10 s"
            return time.monotonic() - recorded

        assert round_seen_within("10001.40") < 1

        redis_of_its_own.stop()  # the sign hears nothing pushed: its process reads for it
        assert round_seen_within("10002.80") < 5

        redis_of_its_own.start()
        assert wait_for(lambda: redis_of_its_own.subscriptions() == 1, 20), "not subscribed again"
        push._sender["quiet_until"] = 0.0  # as once the writer's few quiet seconds are over
        assert round_seen_within("10004.20") < 1
    finally:
        sign.close()
