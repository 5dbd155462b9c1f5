"""Messages to players (the card room's call for a seat), sent through one backend the
deployment names (settings.NOTIFY_BACKEND): ``LogBackend`` by default, which writes the
message to the log with the number masked; ``WebhookBackend`` posts it to an SMS
provider's HTTP endpoint (NOTIFY_WEBHOOK_URL, NOTIFY_WEBHOOK_TOKEN). No gateway is
reachable from the machine this is built on: a provider is configuration.

A message goes once the transaction that decided it commits, and never raises into it:
the call is recorded whether or not the phone rang (the brush calls the name aloud too)."""

from __future__ import annotations

import json
import logging
import urllib.request

from django.conf import settings
from django.db import transaction
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)


def masked(number: str) -> str:
    """A number as the log may show it: its last two digits."""
    digits = [c for c in number if c.isdigit()]
    return "…" + "".join(digits[-2:]) if digits else "(none)"


class LogBackend:
    def send(self, to: str, text: str) -> None:
        logger.info("message to %s: %s", masked(to), text)


class WebhookBackend:
    """POST {"to": ..., "text": ...} as JSON to the provider's URL, with its token."""

    def send(self, to: str, text: str) -> None:
        request = urllib.request.Request(
            settings.NOTIFY_WEBHOOK_URL, method="POST",
            data=json.dumps({"to": to, "text": text}).encode(),
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {settings.NOTIFY_WEBHOOK_TOKEN}"})
        with urllib.request.urlopen(request, timeout=5) as answer:
            answer.read()


def send_after_commit(to: str, text: str) -> None:
    """Send once the current transaction commits (at once outside one), never raising."""
    transaction.on_commit(lambda: _send(to, text), robust=True)


def _send(to: str, text: str) -> None:
    try:
        import_string(settings.NOTIFY_BACKEND)().send(to, text)
    except Exception as failed:  # any: the call is recorded, the phone is a help
        logger.warning("message to %s not sent: %s", masked(to), failed)
