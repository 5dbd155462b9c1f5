"""A missing page is the product's own 404, in words, in the demo too: bin/demo serves
with DEBUG off (bin/_demo_serving.sh), never Django's debug pages."""

from __future__ import annotations

import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import make_user

ROOT = Path(__file__).resolve().parent.parent
DEBUG_PAGE = ("Page not found (404)", "URLconf", "DEBUG = True", "matches the given query")


@pytest.mark.django_db
@pytest.mark.parametrize(("address", "words"), [
    ("/pit/tables/999999/history/", "There is no table number 999999 here."),
    ("/pit/tables/999999/poker/", "There is no table number 999999 here."),
    ("/pit/paytables/999999/", "There is no paytable number 999999 here."),
    ("/pit/rake-schedules/999999/", "There is no rake schedule number 999999 here."),
    ("/pit/progressives/999999/", "There is no progressive number 999999 here."),
    ("/rounds/999999/", "There is no stud round number 999999 here."),
    ("/poker-hands/999999/", "There is no poker hand number 999999 here."),
    ("/pit/no-such-page/", "There is nothing at this address."),
])
def test_a_missing_page_says_what_is_missing(client, supervisor, address, words):
    client.force_login(supervisor)

    response = client.get(address)

    page = response.content.decode()
    assert response.status_code == 404
    assert "<h1>Not found</h1>" in page
    assert words in page
    assert not [w for w in DEBUG_PAGE if w in page]


@pytest.mark.django_db
def test_another_casinos_table_is_missing_too(client, supervisor, us_casino):
    from tables.floor.services import casino_create, table_create

    rival = casino_create(actor=supervisor, name="Rival", currency="USD",
                          timezone="America/Chicago")
    theirs = table_create(actor=supervisor, casino=rival, label="R-1", game="caribbean_stud")
    client.force_login(make_user("connie_confined", "supervisor", at=[us_casino]))

    response = client.get(f"/pit/tables/{theirs.pk}/history/")

    assert response.status_code == 404
    assert f"There is no table number {theirs.pk} here." in response.content.decode()


@pytest.mark.django_db
def test_an_unknown_api_address_answers_json(client):
    response = client.get("/api/v1/no-such-thing/")

    assert response.status_code == 404
    assert response.json() == {"detail": "There is nothing at this address."}


# --- The demo as bin/demo serves it ------------------------------------------------------


def _database_url() -> str:
    from django.conf import settings

    db = settings.DATABASES["default"]
    host = db["HOST"] or "localhost"
    if host.startswith("/"):
        return f"postgres://{db['USER']}@/{db['NAME']}?host={host}&port={db['PORT']}"
    return f"postgres://{db['USER']}@{host}:{db['PORT'] or 5432}/{db['NAME']}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def demo_server(tmp_path):
    """manage.py runserver in the environment bin/demo serves with (bin/_demo_serving.sh),
    on the test database."""
    port = _free_port()
    env = {key: value for key, value in os.environ.items()
           if key not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(ROOT=str(ROOT), CASINO_VAR_DIR=str(tmp_path), DATABASE_URL=_database_url(),
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}")
    server = subprocess.Popen(
        ["bash", "-c", 'source bin/_demo_serving.sh && exec python manage.py runserver '
                       f'"127.0.0.1:{port}" --noreload --skip-checks'],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{base}/login/", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError):
                if server.poll() is not None:
                    pytest.fail(f"the demo server stopped: {server.stderr.read()[-2000:]}")
                time.sleep(0.5)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=20)


def _logged_in(base: str, username: str, password: str) -> urllib.request.OpenerDirector:
    browser = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    form = browser.open(f"{base}/login/").read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)[1]
    answer = browser.open(urllib.request.Request(
        f"{base}/login/", headers={"Referer": f"{base}/login/"},
        data=urllib.parse.urlencode({"username": username, "password": password,
                                     "csrfmiddlewaretoken": token}).encode()))
    assert answer.url == f"{base}/pit/", "the login did not hold: a cookie the demo refused?"
    return browser


def _get(browser, url: str) -> tuple[int, str]:
    try:
        answer = browser.open(url)
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()
    return answer.status, answer.read().decode()


@pytest.mark.django_db(transaction=True)
def test_the_demo_shows_its_own_404_and_still_serves_its_styles(settings, demo_server,
                                                                 stud_table):
    # The hasher the server's own settings read (the tests' fast one is not among them).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    make_user("demo_boss", "supervisor")
    browser = _logged_in(demo_server, "demo_boss", "demo_boss-password-1")

    status, page = _get(browser, f"{demo_server}/pit/tables/999999/history/")

    assert status == 404
    assert "There is no table number 999999 here." in page
    assert not [w for w in DEBUG_PAGE if w in page]
    stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)"', page)[1]
    assert _get(browser, demo_server + stylesheet)[0] == 200
    status, page = _get(browser, f"{demo_server}/pit/tables/{stud_table.pk}/history/")
    assert status == 200
    assert "configuration history" in page
