"""Messages to players (casino.common.notify): the log by default, a provider's webhook
where configured (here a server of the test's own on 127.0.0.1), and a provider that does
not answer never breaks what sent the message."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

from casino.common import notify


def test_the_log_backend_masks_the_number(caplog):
    with caplog.at_level("INFO", logger="casino.common.notify"):
        notify._send("+44 20 7946 0958", "your seat is ready")
    assert caplog.records[-1].getMessage() == "message to …58: your seat is ready"


def test_the_webhook_backend_posts_the_message_with_its_token(settings):
    heard = []

    class Provider(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            heard.append((self.headers["Authorization"], json.loads(body)))
            self.send_response(202)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Provider)
    threading.Thread(target=server.handle_request, daemon=True).start()
    settings.NOTIFY_BACKEND = "casino.common.notify.WebhookBackend"
    settings.NOTIFY_WEBHOOK_URL = f"http://127.0.0.1:{server.server_port}/sms"
    settings.NOTIFY_WEBHOOK_TOKEN = "t0ken"
    notify._send("+1 702 555 0147", "your seat is ready")
    server.server_close()
    assert heard == [("Bearer t0ken", {"to": "+1 702 555 0147", "text": "your seat is ready"})]


def test_a_provider_that_does_not_answer_is_logged_not_raised(settings, caplog):
    settings.NOTIFY_BACKEND = "casino.common.notify.WebhookBackend"
    settings.NOTIFY_WEBHOOK_URL = "http://127.0.0.1:9/sms"  # nothing listens
    notify._send("+1 702 555 0147", "your seat is ready")
    assert "message to …47 not sent" in caplog.text
