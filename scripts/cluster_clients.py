"""The cluster drill's clients (scripts/cluster.py): the card room's quick hands, the
accountants pulling reports and files, and the floor signs listening for the meter. The
dealers themselves are the fault drill's (scripts/faults.py: Dealers)."""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import re
import threading
import time
import urllib.parse
import urllib.request

from bench.stack import call

FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "127.0.0.1"}


def quick_hand(rng) -> dict:
    """A poker hand as the quick form records it: the pot, the flop dealt."""
    return {"pot": f"{20 + rng.randrange(7) * 5}.00", "flop_dealt": True}


class PageSession:
    """An accountant at the pages: logged in with a session cookie and the CSRF token,
    as her browser would (the proxy in front says HTTPS)."""

    def __init__(self, base: str, username: str, password: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.username, self.password = username, password

    def _open(self, path: str, fields: dict | None = None, timeout: float = 30):
        data = urllib.parse.urlencode(fields).encode() if fields is not None else None
        request = urllib.request.Request(f"{self.base}{path}", data=data, headers={
            **FORWARDED, "Referer": f"https://{self.base.split('//', 1)[1]}{path}"})
        return self.opener.open(request, timeout=timeout)

    def _csrf(self) -> str:
        return next(c.value for c in self.jar if c.name == "csrftoken")

    def login(self) -> None:
        page = self._open("/login/").read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        self._open("/login/", {"csrfmiddlewaretoken": token, "username": self.username,
                               "password": self.password})

    def request_export(self, report: str, query: dict, fmt: str) -> int:
        answer = self._open(f"/accounting/reports/{report}/export/",
                            {**query, "format": fmt, "csrfmiddlewaretoken": self._csrf()})
        return int(re.search(r"/accounting/exports/(\d+)/", answer.url).group(1))

    def export_state(self, job: int) -> dict:
        return json.loads(self._open(f"/accounting/exports/{job}/state.json").read())


class Accountants:
    """Reports by the API (JSON, from the replica when it is fit) and files by the pages
    (a worker on the exports queue writes them), over and over."""

    def __init__(self, base: str, token: str, login: tuple[str, str], seconds: float,
                 started: float):
        self.base, self.token, self.login, self.seconds = base, token, login, seconds
        self.started = started
        self.reports: list[dict] = []   # at, took, status, database, behind, words
        self.exports: list[int] = []
        self.export_failures: list[str] = []
        self.lock = threading.Lock()

    def pull(self, n: int) -> None:
        session = PageSession(self.base, *self.login)
        session.login()
        today = time.strftime("%Y-%m-%d")
        query = {"from": today, "to": today}
        stop, turn = time.monotonic() + self.seconds, 0
        while time.monotonic() < stop:
            turn += 1
            self._report(today)
            if turn % 4 == n:
                self._export(session, query)
            time.sleep(0.5)

    def _report(self, today: str) -> None:
        """The day's stud report, asked again (after a second) until it is answered, as
        the accountant would; each answer noted, the ones that were not too."""
        while True:
            began = time.monotonic()
            status, answer = call(f"{self.base}/api/v1/reports/stud/?from={today}&to={today}",
                                  None, {"Authorization": f"Token {self.token}"})
            source = answer.get("source", {}) if status == 200 else {}
            with self.lock:
                self.reports.append({
                    "at": began - self.started, "took": time.monotonic() - began,
                    "status": status, "database": source.get("database"),
                    "behind": source.get("behind_seconds"), "words": source.get("words"),
                    "detail": "" if status == 200 else str(answer)[:200]})
            if status == 200 or 400 <= status < 500:
                return
            time.sleep(1)

    def _export(self, session: PageSession, query: dict) -> None:
        for _ in range(10):
            try:
                job = session.request_export("stud", query, "xlsx")
            except (OSError, AttributeError) as failed:  # a 502/503 while a part is away
                with self.lock:
                    self.export_failures.append(str(failed))
                time.sleep(1)
                continue
            with self.lock:
                self.exports.append(job)
            return

    def run(self) -> list[threading.Thread]:
        threads = [threading.Thread(target=self.pull, args=(n,), daemon=True) for n in (0, 2)]
        for thread in threads:
            thread.start()
        return threads


class Signs:
    """Floor signs, each an open event stream through the proxy, each noting every
    amount it is sent and when; reconnecting (after a second) when the stream drops."""

    def __init__(self, port: int, progressive: int, count: int):
        self.port, self.progressive, self.count = port, progressive, count
        self.seen: list[list[tuple[float, str]]] = [[] for _ in range(count)]
        self.reconnects = 0
        self.loop = asyncio.new_event_loop()
        self.stopping = False

    async def _sign(self, n: int) -> None:
        path = f"/sign/{self.progressive}/events"
        while not self.stopping:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                # HTTP/1.0: the stream comes as it is written, never in chunks.
                # No X-Forwarded-* of its own: the proxy in front writes them.
                writer.write(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: "
                             "text/event-stream\r\n\r\n".encode())
                await writer.drain()
                while not self.stopping:
                    line = await asyncio.wait_for(reader.readline(), timeout=40)
                    if not line:
                        break
                    if line.startswith(b"data:"):
                        state = json.loads(line[5:])
                        self.seen[n].append((time.monotonic(), state.get("amount")))
                writer.close()
            except (TimeoutError, OSError, ValueError):
                pass
            if not self.stopping:
                self.reconnects += 1
                await asyncio.sleep(1)

    def start(self) -> threading.Thread:
        async def main():
            await asyncio.gather(*(self._sign(n) for n in range(self.count)))

        thread = threading.Thread(target=self.loop.run_until_complete, args=(main(),),
                                  daemon=True)
        thread.start()
        return thread

    def showing(self) -> list[str | None]:
        return [seen[-1][1] if seen else None for seen in self.seen]

    def first_showing(self, amount: str, after: float) -> list[float | None]:
        """When each sign first showed ``amount`` after ``after`` (None: never)."""
        return [next((at for at, shown in seen if at >= after and shown == amount), None)
                for seen in self.seen]


def first_event(port: int, path: str, timeout: float = 20) -> dict:
    """One stream opened through the proxy as a screen opens it, with an address of the
    client's own claiming (never passed on): its status line and whether an event came."""
    import socket

    answer = b""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
            conn.sendall(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: "
                         "text/event-stream\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n"
                         .encode())
            while b"\ndata: " not in answer and len(answer) < 200_000:
                chunk = conn.recv(65536)
                if not chunk:
                    break
                answer += chunk
    except OSError as failed:
        return {"path": path, "status": str(failed), "event": False}
    return {"path": path, "status": answer.split(b"\r\n", 1)[0].decode("latin-1"),
            "event": b"\ndata: " in answer}
