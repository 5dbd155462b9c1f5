"""Bodies over the limit are refused by their length before anything reads them (JSON
in words on the API, a page in words for staff), and the API reads JSON only."""

import json

import pytest
from django.http import multipartparser
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
LIMIT = 2_621_440  # DATA_UPLOAD_MAX_MEMORY_SIZE
SAID = "this service takes at most 2.5 MB (2,621,440 bytes). Nothing was read or saved."


@pytest.fixture
def nothing_parses(monkeypatch):
    """Any multipart parsing fails the test: a refusal must come before it."""
    def parse(self):
        raise AssertionError("a multipart body was parsed")

    monkeypatch.setattr(multipartparser.MultiPartParser, "parse", parse)


def test_a_json_body_over_the_limit_gets_json_naming_the_limit(api, dealer, live_table):
    body = json.dumps({"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
                       "seats": [], "padding": "x" * LIMIT})

    answer = api.as_user(dealer).post(f"/api/v1/tables/{live_table.pk}/stud-rounds/", body,
                                      content_type="application/json")

    assert answer.status_code == 413
    assert answer["Content-Type"] == "application/json"
    assert answer.json() == {"detail": f"The request body is {len(body):,} bytes; {SAID}"}


def test_a_10_mb_multipart_part_is_refused_before_it_is_parsed(nothing_parses):
    part = "x" * 10_000_000

    answer = APIClient().post("/api/v1/auth/token/", {"username": part, "password": "x"},
                              format="multipart")

    assert answer.status_code == 413
    assert answer.json()["detail"].endswith(SAID)


def test_a_page_form_over_the_limit_gets_a_page_in_words(client, nothing_parses):
    answer = client.post("/login/", {"username": "x" * LIMIT, "password": "x"})

    assert answer.status_code == 413
    page = answer.content.decode()
    assert "Too much sent" in page
    assert SAID in page


def test_a_body_within_the_limit_is_read_as_before(client, dealer):
    answer = client.post("/login/", {"username": dealer.username,
                                     "password": f"{dealer.username}-password-1"})

    assert answer.status_code == 302


@pytest.mark.parametrize("kind", ["multipart", "form"])
def test_the_api_reads_json_only_and_says_so(kind, dealer, nothing_parses):
    credentials = {"username": dealer.username, "password": f"{dealer.username}-password-1"}
    sent = {"multipart": {"format": "multipart"},
            "form": {"content_type": "application/x-www-form-urlencoded"}}[kind]
    body = (credentials if kind == "multipart"
            else f"username={dealer.username}&password={dealer.username}-password-1")

    answer = APIClient().post("/api/v1/auth/token/", body, **sent)
    as_json = APIClient().post("/api/v1/auth/token/", credentials, format="json")

    assert answer.status_code == 415
    media = {"multipart": "multipart/form-data", "form": "application/x-www-form-urlencoded"}
    assert answer.json() == {"detail": "This API reads JSON only: send the body as "
                                       f"application/json (this one was {media[kind]})."}
    assert as_json.status_code == 200
