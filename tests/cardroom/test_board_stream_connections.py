"""Open streams hold no database connection while they wait (issue 44, point 19): the
card room's public board streamed by uvicorn as production runs it (CONN_MAX_AGE 60, as
docker-compose.yml sets), twenty screens opened at once; once each has its board, the
service has no connection open to the database, and a change still reaches them."""

from __future__ import annotations

import socket

import pytest
from django.db import connection

from tables.cardroom import services
from tests.asgi_server import AsgiServer, private_redis, wait_for

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]
SCREENS = 20


class Screen:
    def __init__(self, port: int, path: str):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=20)
        self.socket.sendall(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n"
                            "Accept: text/event-stream\r\n\r\n".encode())
        self.text = ""

    def until(self, words: str) -> None:
        while words not in self.text:
            chunk = self.socket.recv(65536)
            assert chunk, f"the stream ended: {self.text[:300]}"
            self.text += chunk.decode()


# The name the served process's connections give PostgreSQL (libpq reads PGAPPNAME), so
# that only they are counted: not CI's Celery worker's, nor this test's own.
SERVED = "board-stream-under-test"


def service_connections() -> int:
    """Connections the served process holds to the test database."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                       "current_database() AND application_name = %s", [SERVED])
        return cursor.fetchone()[0]


def test_open_streams_hold_no_database_connection_while_they_wait(
        settings, monkeypatch, supervisor, us_casino):
    waitlist = services.waitlist_open(actor=supervisor, casino=us_casino, game="holdem",
                                      structure="no_limit", small=1, big=2)
    services.entry_join(actor=supervisor, waitlist=waitlist, name="Ann Kowalski")
    with private_redis(settings, monkeypatch) as redis:
        server = AsgiServer(redis.url)
        server.env["CONN_MAX_AGE"] = "60"
        server.env["PGAPPNAME"] = SERVED
        server.start()
        screens = []
        try:
            screens = [Screen(server.port, f"/cardroom/{us_casino.pk}/board/events")
                       for _ in range(SCREENS)]
            for screen in screens:
                screen.until("A.K.")

            assert wait_for(lambda: service_connections() == 0, 10), (
                f"{service_connections()} connections open while {SCREENS} streams wait")

            services.entry_join(actor=supervisor, waitlist=waitlist, name="Bo Lee")
            for screen in screens:
                screen.until("B.L.")
            assert wait_for(lambda: service_connections() == 0, 10), (
                f"{service_connections()} connections open after the change reached them")
        finally:
            for screen in screens:
                screen.socket.close()
            server.stop()
