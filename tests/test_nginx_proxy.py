"""The TLS proxy's sites (deploy/nginx): every location that passes a request on writes
the headers the service trusts (a proxy_set_header in a location replaces all those the
server set: issue 44, point 20), nginx takes each file, and a stream sent through the
scale shape's proxy reaches the ASGI service with the client's host and address, never
an address the client claimed."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from bench import nginx
from tests.conftest import missing_service

ROOT = Path(__file__).resolve().parent.parent
SITES = sorted((ROOT / "deploy/nginx").glob("*.conf"))
# What the service trusts or must never see from a client (docs/deploy.md).
WRITTEN = {"host": "$host", "x-forwarded-for": "$remote_addr", "x-forwarded-proto": "https",
           "x-forwarded-host": '""', "x-forwarded-port": '""', "x-real-ip": '""',
           "forwarded": '""'}


def blocks(text: str) -> list[tuple[list[str], list[list[str]], list]]:
    """The configuration as nested blocks: (its opening words, its directives, its inner
    blocks); comments dropped, quoted strings kept whole."""
    tokens = re.findall(r'"[^"]*"|\'[^\']*\'|[{};]|[^\s{};"\']+',
                        re.sub(r"#[^\n]*", "", text))
    root: tuple = ([], [], [])
    stack, words = [root], []
    for token in tokens:
        if token == "{":
            inner = (words, [], [])
            stack[-1][2].append(inner)
            stack.append(inner)
            words = []
        elif token == "}":
            stack.pop()
        elif token == ";":
            stack[-1][1].append(words)
            words = []
        else:
            words.append(token)
    return root[2]


def headers_set(directives: list[list[str]]) -> dict[str, str]:
    return {d[1].lower(): " ".join(d[2:]) for d in directives if d[0] == "proxy_set_header"}


def proxying_locations(site: Path):
    """Each location that passes requests on, with the headers nginx sends from it: its
    own proxy_set_header lines if it has any (then only those), else its server's."""
    for server in (b for b in blocks(site.read_text()) if b[0] == ["server"]):
        inherited = headers_set(server[1])
        for location in (b for b in server[2] if b[0][0] == "location"):
            if any(d[0] == "proxy_pass" for d in location[1]):
                yield " ".join(location[0]), headers_set(location[1]) or inherited


@pytest.mark.parametrize("site", SITES, ids=lambda p: p.name)
def test_every_location_that_proxies_writes_the_headers_the_service_trusts(site):
    found = dict(proxying_locations(site))

    assert found, f"{site.name} passes nothing on"
    wrong = {where: {name: sent.get(name) for name, value in WRITTEN.items()
                     if sent.get(name) != value}
             for where, sent in found.items()}
    assert {where: what for where, what in wrong.items() if what} == {}


def test_the_check_sees_a_location_that_drops_the_servers_headers(tmp_path):
    broken = tmp_path / "broken.conf"
    broken.write_text((ROOT / "deploy/nginx/casino-scale.conf").read_text().replace(
        "proxy_set_header Host              $host;\n        proxy_set_header X-Forwarded-For",
        "proxy_set_header X-Forwarded-For"))

    events = [sent for where, sent in proxying_locations(broken) if "events" in where]
    assert events
    assert "host" not in events[0]


def _nginx_or_skip():
    if not nginx.available():
        missing_service("needs nginx (Debian: apt-get install nginx-light)")


@pytest.mark.parametrize("site", ["casino", "scale"])
def test_nginx_takes_the_site(tmp_path, site):
    _nginx_or_skip()
    proxy = nginx.Nginx(tmp_path, site, {"casino_web": 1, "casino_events": 2})

    checked = proxy.test()
    assert checked.returncode == 0, checked.stderr


class Echo(BaseHTTPRequestHandler):
    """A backend that answers with the headers it was sent."""

    def do_GET(self):
        body = json.dumps({k.lower(): v for k, v in self.headers.items()}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Quiet(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a health check that hangs up early is no test's concern


@pytest.fixture
def echo_port():
    server = Quiet(("127.0.0.1", 0), Echo)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def sent_through(port: int, path: str, claims: dict[str, str]) -> dict:
    """The headers the backend got for a request with the client's own ``claims``."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        head = "".join(f"{k}: {v}\r\n" for k, v in claims.items())
        conn.sendall(f"GET {path} HTTP/1.0\r\nHost: casino.example\r\n{head}\r\n".encode())
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    status, _, body = answer.partition(b"\r\n\r\n")
    assert status.split(b"\r\n")[0].split()[1] == b"200", answer[:300]
    return json.loads(body)


@pytest.mark.parametrize("path", ["/cardroom/1/board/events", "/sign/3/events",
                                  "/pit/board/events", "/pit/", "/api/v1/tables/"])
def test_through_the_scale_proxy_the_backend_sees_the_clients_host_and_address(
        tmp_path, echo_port, path):
    _nginx_or_skip()
    proxy = nginx.Nginx(tmp_path, "scale", {"casino_web": echo_port,
                                            "casino_events": echo_port})
    proxy.start()
    try:
        seen = sent_through(proxy.ports["https"], path, {
            "X-Forwarded-For": "203.0.113.9", "X-Real-IP": "203.0.113.9",
            "Forwarded": "for=203.0.113.9", "X-Forwarded-Host": "evil.example",
            "X-Forwarded-Proto": "http"})
    finally:
        proxy.stop()

    assert seen["host"] == "casino.example"
    assert seen["x-forwarded-for"] == "127.0.0.1"
    assert seen["x-forwarded-proto"] == "https"
    assert not {"x-real-ip", "forwarded", "x-forwarded-host"} & set(seen)


PRODUCTION = {"DEBUG": "0", "SECRET_KEY": "proxy-test-" + "k" * 50,
              "ALLOWED_HOSTS": "casino.example", "TRUSTED_PROXY_COUNT": "1",
              "LEDGER_ANCHOR_KEYS": "proxy-test:" + "a" * 40, "STATIC_FROM_SOURCE": "1"}


def until_served(port: int, path: str, claims: dict[str, str]) -> dict:
    """As sent_through, once HAProxy has taken its backends in (a few checks)."""
    until = time.monotonic() + 20
    while True:
        try:
            return sent_through(port, path, claims)
        except (AssertionError, OSError):  # not listening yet, or answering 503
            if time.monotonic() > until:
                raise
            time.sleep(0.5)


@pytest.fixture
def drill_proxies(tmp_path):
    """The cluster drill's proxies (bench.cluster: HAProxy, and nginx's scale site in
    front of the streams), their backends given by the test."""
    from bench.cluster import HAPROXY, Cluster

    _nginx_or_skip()
    if not Path(HAPROXY).exists():
        missing_service("needs haproxy (Debian: apt-get install haproxy)")
    cluster = Cluster(tmp_path)
    yield cluster
    cluster.shutdown()


def test_the_drills_proxies_write_the_headers_and_drop_a_clients_claims(
        drill_proxies, echo_port):
    for host in ("web1", "web2", "events"):
        drill_proxies.ports[host] = echo_port
    drill_proxies.start_proxies()
    claims = {"X-Forwarded-For": "203.0.113.9", "X-Real-IP": "203.0.113.9",
              "Forwarded": "for=203.0.113.9", "X-Forwarded-Proto": "http"}

    for port, path in ((drill_proxies.ports["front"], "/pit/"),
                       (drill_proxies.ports["front"], "/sign/1/events"),
                       (drill_proxies.streams_port, "/cardroom/1/board/events")):
        seen = until_served(port, path, claims)
        assert seen["host"] == "casino.example"
        assert seen["x-forwarded-for"] == "127.0.0.1"
        assert seen["x-forwarded-proto"] == "https"
        assert not {"x-real-ip", "forwarded"} & set(seen)
    assert drill_proxies.streams_port == drill_proxies.proxy.ports["https"]


PRODUCTION = {"DEBUG": "0", "SECRET_KEY": "proxy-test-" + "k" * 50,
              "ALLOWED_HOSTS": "127.0.0.1", "TRUSTED_PROXY_COUNT": "1",
              "LEDGER_ANCHOR_KEYS": "proxy-test:" + "a" * 40, "STATIC_FROM_SOURCE": "1"}


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_the_drill_opens_a_board_stream_through_the_scale_proxy_in_production_settings(
        drill_proxies, settings, monkeypatch, us_casino):
    """Before the fix: 400 DisallowedHost (nginx sent Host "casino_events")."""
    from scripts.cluster_clients import first_event
    from tests.asgi_server import AsgiServer, private_redis

    with private_redis(settings, monkeypatch) as redis:
        server = AsgiServer(redis.url)
        server.env.update(PRODUCTION)
        server.start()
        try:
            for host in ("web1", "web2", "events"):
                drill_proxies.ports[host] = server.port
            drill_proxies.start_proxies()
            opened = first_event(drill_proxies.streams_port,
                                 f"/cardroom/{us_casino.pk}/board/events")
        finally:
            server.stop()

    assert opened["status"] == "HTTP/1.1 200 OK", opened
    assert opened["event"]


# --- Anonymous requests limited per address (issue 44, point 19) --------------------------

def effective_limits(site: Path):
    """Each proxying location's limit_req zones: its own if it has any, else its server's."""
    for server in (b for b in blocks(site.read_text()) if b[0] == ["server"]):
        inherited = [d[1] for d in server[1] if d[0] == "limit_req"]
        for location in (b for b in server[2] if b[0][0] == "location"):
            if any(d[0] == "proxy_pass" for d in location[1]):
                own = [d[1] for d in location[1] if d[0] == "limit_req"]
                yield " ".join(location[0]), own or inherited


@pytest.mark.parametrize("site", SITES, ids=lambda p: p.name)
def test_every_location_that_proxies_limits_anonymous_requests_per_address(site):
    text = " ".join(site.read_text().split())

    assert "limit_req_zone $anonymous_address zone=anonymous:" in text
    assert 'map "$cookie_sessionid$http_authorization" $anonymous_address {' in text
    assert '"" $binary_remote_addr;' in text
    assert "limit_req_status 429;" in text
    assert {where: zones for where, zones in effective_limits(site)
            if zones != ["zone=anonymous"]} == {}


def statuses(port: int, path: str, headers: dict[str, str], count: int) -> list[int]:
    found = []
    for _ in range(count):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
            conn.sendall(f"GET {path} HTTP/1.0\r\nHost: casino.example\r\n{head}\r\n"
                         .encode())
            answer = b""
            while chunk := conn.recv(65536):
                answer += chunk
        found.append(int(answer.split()[1]))
    return found


@pytest.mark.parametrize("site", ["casino", "scale"])
def test_an_address_asking_too_fast_without_logging_in_is_answered_429_staff_never(
        tmp_path, echo_port, site):
    _nginx_or_skip()
    proxy = nginx.Nginx(tmp_path, site, {"casino_web": echo_port, "casino_events": echo_port})
    proxy.start()
    try:
        port = proxy.ports["https"]
        anonymous = statuses(port, "/cardroom/1/board/", {}, 150)
        with_session = statuses(port, "/pit/", {"Cookie": "sessionid=abc"}, 150)
        with_token = statuses(port, "/api/v1/tables/", {"Authorization": "Token abc"}, 150)
    finally:
        proxy.stop()

    assert anonymous[:40] == [200] * 40  # a burst of 40 served at once
    assert 429 in anonymous
    assert set(anonymous) == {200, 429}
    assert set(with_session) == set(with_token) == {200}
