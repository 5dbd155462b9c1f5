"""The ASGI process as production runs it, for the tests of the pushed floor signs:
uvicorn serving casino.asgi on a port of its own, against the test database, with a
Redis of the test's own that a test may stop and start again."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.db import connection

from bench.stack import free_port

ROOT = Path(__file__).resolve().parent.parent




def answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
    except OSError:
        return False
    return True


def wait_for(predicate, seconds: float) -> bool:
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


class PrivateRedis:
    def __init__(self):
        self.port, self.process = free_port(), None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert wait_for(lambda: answers(self.port), 10), "the test's Redis did not start"

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)

    def subscriptions(self) -> int:
        import redis

        with redis.Redis.from_url(self.url, socket_timeout=1) as client:
            return client.pubsub_numpat()


@contextlib.contextmanager
def private_redis(settings, monkeypatch):
    """A Redis of the test's own, for this process's settings (cache and push) too."""
    from casino.common import push
    from tests.conftest import missing_service

    if not shutil.which("redis-server"):
        missing_service("needs redis-server to start a Redis of the test's own")
    redis = PrivateRedis()
    redis.start()
    settings.REDIS_URL = redis.url
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": redis.url}}
    monkeypatch.setattr(push, "_sender", {"pid": None, "client": None, "quiet_until": 0.0})
    try:
        yield redis
    finally:
        redis.stop()


class AsgiServer:
    """uvicorn on ``port``, reading the test database (so the test's data is committed:
    django_db(transaction=True))."""

    def __init__(self, redis_url: str):
        db = connection.settings_dict
        self.port, self.process = free_port(), None
        self.env = {**os.environ, "REDIS_URL": redis_url, "DATABASE_URL":
                    f"postgres://{db['USER']}@{db['HOST'] or 'localhost'}:"
                    f"{db['PORT'] or 5432}/{db['NAME']}"}
        self.env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "casino.asgi:application", "--host",
             "127.0.0.1", "--port", str(self.port), "--log-level", "warning",
             "--timeout-graceful-shutdown", "1"],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if not wait_for(lambda: answers(self.port) or self.process.poll() is not None, 30) \
                or self.process.poll() is not None:
            raise AssertionError("uvicorn did not start: "
                                 + self.process.stderr.read().decode()[-2000:])

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
