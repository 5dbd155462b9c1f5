"""A second place for every anchor, which neither the database's owner nor the anchor
file's writer holds alone: the anchor file is otherwise its own high-water mark (cut its
last line, or put back an older copy, and the rows it signed can go with it).

Each anchor, once in the file, is also
- written to the system log (syslog/journald, ``ANCHOR_SYSLOG``, on by default) as one
  line, ``casino-anchor {...}``: the journal is the machine's, shipped off it by the
  usual log forwarding;
- POSTed, when ``ANCHOR_COPY_URL`` names one, to an endpoint that keeps what it is sent
  (a WORM bucket's upload URL, a transparency log); a failure is logged, never blocks.

`verify_ledgers --against <copy>` reads such a copy (a file of anchor lines, or a syslog
export holding ``casino-anchor`` lines): each anchor the copy holds with a good signature
must be in the anchor file as it is in the copy, and the chains' heads it signed must
still stand (docs/deploy.md)."""

from __future__ import annotations

import json
import logging
import syslog
import urllib.request
from pathlib import Path

from django.conf import settings

logger = logging.getLogger(__name__)
MARK = "casino-anchor "


def send(line: dict) -> None:
    text = json.dumps(line, sort_keys=True, separators=(",", ":"), default=str)
    if getattr(settings, "ANCHOR_SYSLOG", True):
        syslog.openlog("casino", syslog.LOG_PID, syslog.LOG_AUTH)
        syslog.syslog(syslog.LOG_NOTICE, MARK + text)
    url = getattr(settings, "ANCHOR_COPY_URL", "")
    if url:
        request = urllib.request.Request(url, data=text.encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=5):  # the operator's own URL
                pass
        except OSError as error:
            logger.warning("Anchor %s not copied to ANCHOR_COPY_URL: %s", line["seq"], error)


def read(path: Path) -> list[dict]:
    """The anchors a copy holds, whichever of the two forms it is in."""
    found = []
    for text in path.read_text(encoding="utf-8", errors="replace").splitlines():
        start = text.find(MARK)
        body = text[start + len(MARK):] if start >= 0 else text.strip()
        if not body.startswith("{"):
            continue
        try:
            line = json.loads(body)
        except ValueError:
            continue
        if isinstance(line, dict) and "seq" in line and "mac" in line:
            found.append(line)
    return found


def behind(copy: list[dict], in_file: list[dict], good) -> list[dict]:
    """Each anchor the copy holds (with a good signature) that the file lacks or holds
    otherwise: the file is shorter or older than the copy."""
    held = {line.get("seq"): line.get("mac") for line in in_file}
    found = []
    for line in copy:
        if not good(line):
            continue
        if line["seq"] not in held:
            found.append({"ledger": "anchors", "entry": line["seq"], "chain": {},
                          "broken": f"copy (anchor {line['seq']}, made "
                                    f"{line.get('made_at', '')[:16]} UTC, is in the copy "
                                    "but not in the anchor file: the file was cut or an "
                                    "older one put back)"})
        elif held[line["seq"]] != line["mac"]:
            found.append({"ledger": "anchors", "entry": line["seq"], "chain": {},
                          "broken": "copy (the anchor file holds another anchor there)"})
    return found
