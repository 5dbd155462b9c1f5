"""The anchor file is not its own high-water mark: each anchor goes to the system log
(and an endpoint, when set) too, and `verify_ledgers --against <copy>` finds a file cut
short or put back older (issue 45, point 6; the audit's kinds 2 and 3)."""

from __future__ import annotations

import http.server
import json
import syslog
import threading

import pytest
from django.core.management import CommandError, call_command

from casino.common import anchors, verification
from payouts.jackpots import services as progressives

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def endpoint():
    """A copy endpoint on this machine: what it was POSTed."""
    received: list[bytes] = []

    class Keep(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            received.append(self.rfile.read(int(self.headers["Content-Length"])))
            self.send_response(201)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Keep)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/anchors", received
    server.shutdown()


@pytest.fixture
def system_log(monkeypatch):
    """What the service sends to syslog, as `journalctl -o short` would show it."""
    lines: list[str] = []
    monkeypatch.setattr(syslog, "syslog", lambda _priority, text: lines.append(
        f"Dec  7 18:00:00 pit-1 casino[4242]: {text}"))
    return lines


def test_each_anchor_goes_to_the_system_log_and_the_copy_endpoint(ledger, system_log,
                                                                   settings, endpoint):
    settings.ANCHOR_COPY_URL, received = endpoint
    made = anchors.anchor("a test")
    [said] = system_log
    sent = json.loads(said.split("casino-anchor ", 1)[1])
    assert (sent["seq"], sent["mac"]) == (made.seq, made.mac)
    [posted] = received
    assert json.loads(posted)["mac"] == made.mac
    assert sent["counts"]["meter"] == 4
    assert sent["counts"]["signatures"] > 0


def test_a_cut_anchor_file_and_the_tail_it_signed_are_found_against_the_copy(
        ledger, controller, system_log, owner_sql, tmp_path, capsys):
    from decimal import Decimal

    progressive = ledger[0].progressive
    anchors.anchor("before")
    for balance in ("10400.00", "10500.00", "10600.00"):
        progressives.progressive_correct(actor=controller, progressive=progressive,
                                         meter="meter", new_balance=Decimal(balance),
                                         reason="count adjustment")
    anchors.anchor("after three corrections")
    copy = tmp_path / "journal.txt"
    copy.write_text("\n".join(system_log) + "\n")
    # The owner: the last three entries gone with their signatures, the meter set back,
    # the last anchor's row deleted and the file's last line cut.
    last = ledger[-1]
    owner_sql(f"""BEGIN; SET LOCAL session_replication_role = replica;
        DELETE FROM payouts_meterentry WHERE id > {last.pk};
        DELETE FROM casino_signature WHERE record_table = 'payouts_meterentry'
                                       AND record::bigint > {last.pk};
        DELETE FROM casino_ledgeranchor WHERE seq = 2;
        UPDATE payouts_progressive SET amount = {last.balance_after} WHERE id = {progressive.pk};
        UPDATE payouts_meterledgerend SET entry_id = {last.pk}, balance = {last.balance_after}
         WHERE progressive_id = {progressive.pk} AND meter = 'meter';
        COMMIT""")
    path = anchors.file_path()
    path.write_text(path.read_text().splitlines()[0] + "\n")

    # Without the copy, nothing tells: the rows went after the last anchor left standing.
    assert verification.breaks() == []
    with pytest.raises(CommandError):
        call_command("verify_ledgers", against=copy)
    err = capsys.readouterr().err
    assert ("The anchor file: anchor 2 does not match its copy (anchor 2, made ") in err
    assert "is in the copy but not in the anchor file: the file was cut or an older one " \
           "put back)." in err
    # The copy's anchor 2 signed heads that are gone: the meter's, the signatures'.
    assert f"entry {ledger[-1].pk + 3} does not match its anchor 2 (the entry it signed is " \
           "gone)." in err
    assert "does not match its signatures of chain payouts_meterentry/" in err
