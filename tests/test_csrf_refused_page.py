"""A form sent with a CSRF token that no longer matches (a page older than the tablet's
last log-in) is refused in words with the way on: nothing recorded, no Django page."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_a_stale_log_in_form_says_what_happened_and_stores_nothing(django_user_model):
    client = Client(enforce_csrf_checks=True)
    client.get("/login/")
    client.cookies["csrftoken"] = "x" * 32   # the tablet's cookie changed under the page

    answer = client.post("/login/", {"username": "nobody", "password": "nothing",
                                     "csrfmiddlewaretoken": "y" * 32})

    text = " ".join(answer.content.decode().split())
    assert answer.status_code == 403
    assert "Form not sent" in text
    assert "nothing was recorded" in text
    assert 'href="/login/"' in text
    assert "CSRF" not in text
    assert "<style" not in text
    assert not django_user_model.objects.exists()


@pytest.mark.django_db
def test_a_logged_in_user_refused_a_form_is_sent_back_to_his_page(supervisor):
    client = Client(enforce_csrf_checks=True)
    client.force_login(supervisor)

    answer = client.post("/pit/tables/", {})

    assert answer.status_code == 403
    assert "Back to your page" in answer.content.decode()
