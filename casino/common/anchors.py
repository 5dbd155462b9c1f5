"""Anchors: the heads of every ledger chain, signed where the database's owner cannot
reach. A hash chain proves nothing against someone who can recompute it, and the owner
can (the hash is an unkeyed SHA-256 the database itself computes). So, every
ANCHOR_MINUTES, at the close of each gaming day and on `manage.py anchor_ledgers`, the
service reads the last entry of every chain (its id, hash and the number of entries up
to it), signs them with HMAC-SHA256 under a key it holds and the database never sees
(LEDGER_ANCHOR_KEYS), chains each anchor to the one before by its signature, and appends
the line to a file outside PostgreSQL (LEDGER_ANCHOR_FILE: an append-only volume, a WORM
store in production). A copy goes to the database (LedgerAnchor) for the pages.

`verify_anchors` reads the file: every line must carry a good signature under a key the
service holds, follow the line before it, match the database's copy, and every chain
head any anchor signed must still hold the hash and the count it signed. So a chain
rewritten consistently after an anchor, a removed record and its seal with the chain
rehashed, a deleted anchor row: each shows. What the owner could still do unseen is
limited to what was written since the last anchor."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import os
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from casino.common import anchor_copies, chains, proof, seals, shape, signing
from casino.models import LedgerAnchor


def _signed(payload: dict, secret: bytes) -> str:
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hmac.new(secret, text.encode(), hashlib.sha256).hexdigest()


def anchor(reason: str, *, if_changed: bool = False) -> LedgerAnchor | None:
    """Seal what waits, then sign every chain's head and write it down (the file first:
    it is the anchor; the row is its copy). ``if_changed``: not when nothing moved since
    the last anchor (the beat's)."""
    seals.seal_pending()
    signing.sign_written(connection)
    name, secret = next(iter(signing.keys().items()))  # the first key signs
    with transaction.atomic():
        with connection.cursor() as cursor:  # one anchor at a time, across every host
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext('ledger anchors'))")
        last = [_last_line()]
        heads, signed = chains.heads(), proof.heads()
        if if_changed and last[0] is not None and last[0].get("heads") == heads and \
                last[0].get("signed") == signed:
            return None
        made_at = timezone.now().astimezone(dt.UTC)
        payload = {"seq": last[0]["seq"] + 1 if last[0] else 1,
                   "made_at": made_at.isoformat(),
                   "reason": reason, "key": name,
                   "prev": last[0]["mac"] if last[0] else "", "heads": heads,
                   "signed": signed, "counts": _counts(heads, signed),
                   "shape": shape.digest(shape.live())}
        mac = _signed(payload, secret)
        _append({**payload, "mac": mac})
        anchor_copies.send({**payload, "mac": mac})  # the high-water mark kept elsewhere
        return LedgerAnchor.objects.create(
            seq=payload["seq"], made_at=made_at, reason=reason, key=name,
            prev_mac=payload["prev"], heads=heads, mac=mac)


def _counts(heads: list[list], signed: dict[str, list]) -> dict[str, int]:
    """How many entries each ledger holds, and how many signatures: a tail cut is then a
    smaller count, not only another hash."""
    counts: dict[str, int] = {"signatures": sum(seq for seq, _mac in signed.values())}
    for name, _key, _entry, _hash, entries in heads:
        counts[name] = counts.get(name, 0) + entries
    return counts


def file_path() -> Path:
    return Path(settings.LEDGER_ANCHOR_FILE)


def _append(line: dict) -> None:
    path = file_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(line, sort_keys=True, separators=(",", ":"), default=str) + "\n")
        file.flush()
        os.fsync(file.fileno())


def _last_line() -> dict | None:
    """The file's last anchor, read from its end (the file grows for years)."""
    path = file_path()
    if not path.exists() or path.stat().st_size == 0:
        return None
    with open(path, "rb") as file:
        file.seek(0, os.SEEK_END)
        end = position = file.tell()
        while position > 0:
            position = max(0, position - 65536)
            file.seek(position)
            tail = file.read(end - position).rstrip(b"\n")
            if b"\n" in tail or position == 0:
                return json.loads(tail.rsplit(b"\n", 1)[-1])
    return None


def _read_file() -> list[dict]:
    path = file_path()
    if not path.exists():
        return []
    lines = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            line = json.loads(text)
        except ValueError:
            line = {"unreadable": number}
        lines.append(line)
    return lines


def last_anchor() -> LedgerAnchor | None:
    return LedgerAnchor.objects.order_by("-seq").first()


def verify_anchors(against: Path | None = None) -> list[dict]:
    """Every way the anchors and the chains they signed disagree, in the shape of
    chains.breaks() (ledger "anchors" for the file itself). ``against``: a copy of the
    anchors kept elsewhere (casino.common.anchor_copies), which the file must not be
    shorter or older than; the heads its anchors signed must stand too."""
    lines = _read_file()
    found = _file_breaks(lines)
    found += _copy_breaks(lines)
    good = [line for line in lines if _good(line)]
    if against is not None:
        copy = anchor_copies.read(against)
        found += anchor_copies.behind(copy, lines, _good)
        known = {line["seq"] for line in good}
        good += sorted((line for line in copy if _good(line) and line["seq"] not in known),
                       key=lambda line: line["seq"])
    found += _head_breaks(good)
    found += _signed_breaks(good)
    return found


def _signed_breaks(lines: list[dict]) -> list[dict]:
    """The last anchor's head of each chain of signatures, against the chain today. The
    proof checks every signature up to a head; so a head still there vouches for its
    chain before it, and a head gone is a tail cut (casino.common.proof)."""
    last = next((line for line in reversed(lines) if "signed" in line), None)
    if last is None:
        return []
    places = {chain: seq for chain, (seq, _mac) in last["signed"].items()}
    now = proof.signed_at(places)
    return [{"ledger": "anchors", "entry": last["seq"], "chain": {"chain": chain},
             "broken": f"signatures of chain {chain} (anchor {last['seq']} signed {seq} of "
                       "them; that one is gone or altered: signatures were cut or rewritten "
                       "after it)"}
            for chain, (seq, mac) in sorted(last["signed"].items()) if now.get(chain) != mac]


def _shown(*parts) -> str:
    return json.dumps(parts, sort_keys=True, default=str)


def _anchor_break(seq, what: str) -> dict:
    return {"ledger": "anchors", "entry": seq, "broken": what, "chain": {}}


def _good(line: dict) -> bool:
    secret = settings.LEDGER_ANCHOR_KEYS.get(line.get("key", ""))
    return secret is not None and "mac" in line and hmac.compare_digest(
        line["mac"], _signed({k: v for k, v in line.items() if k != "mac"}, secret))


def _file_breaks(lines: list[dict]) -> list[dict]:
    found, previous = [], None
    for line in lines:
        seq = line.get("seq", f"line {line.get('unreadable')}")
        if "unreadable" in line:
            found.append(_anchor_break(seq, "text (the anchor file was edited)"))
        elif line.get("key") not in settings.LEDGER_ANCHOR_KEYS:
            found.append(_anchor_break(seq, f"key ('{line.get('key')}' is not a key this "
                                            "service holds: set it in LEDGER_ANCHOR_KEYS)"))
        elif not _good(line):
            found.append(_anchor_break(seq, "signature (the anchor was altered)"))
        expected = previous["seq"] + 1 if previous else 1
        if "unreadable" not in line and line.get("seq") != expected:
            found.append(_anchor_break(seq, f"place (anchor {expected} is missing)"))
        elif previous is not None and line.get("prev") != previous.get("mac"):
            found.append(_anchor_break(seq, "previous signature (an anchor was replaced)"))
        previous = line if "unreadable" not in line else previous
    return found


def _copy_breaks(lines: list[dict]) -> list[dict]:
    """The database's copy of each anchor against the file's line: all of it the pages
    show (its reason, when it was made, its heads), not its signature only."""
    in_file = {line["seq"]: _shown(line.get("mac"), line.get("reason"), line.get("made_at"),
                                   line.get("heads")) for line in lines if "seq" in line}
    in_database = {seq: _shown(mac, reason, made_at.astimezone(dt.UTC).isoformat(), heads)
                   for seq, mac, reason, made_at, heads in LedgerAnchor.objects.values_list(
                       "seq", "mac", "reason", "made_at", "heads")}
    found = [_anchor_break(seq, "copy in the anchor file (it has none: the file lost it)")
             for seq in sorted(set(in_database) - set(in_file))]
    found += [_anchor_break(seq, "copy in the database (it was removed)")
              for seq in sorted(set(in_file) - set(in_database))]
    found += [_anchor_break(seq, "copy in the database (it differs from the file's)")
              for seq in sorted(set(in_file) & set(in_database))
              if in_file[seq] != in_database[seq]]
    return found


def _head_breaks(lines: list[dict]) -> list[dict]:
    """Each chain head any good anchor signed, against the chain today (one walk per
    ledger); a rewrite is named by the oldest anchor it contradicts."""
    signed: dict[str, dict[int, tuple]] = {}
    for line in lines:
        for name, key, entry, row_hash, entries in line["heads"]:
            signed.setdefault(name, {}).setdefault(entry, (key, row_hash, entries, line["seq"]))
    found = []
    for name, heads in signed.items():
        ledger = chains.ledger_named(name)
        if ledger is None:
            seq = min(head[3] for head in heads.values())
            found.append(_anchor_break(seq, f"ledger ('{name}' is no ledger of this service)"))
            continue
        now = chains.entries_at(ledger, list(heads))
        for entry, (key, row_hash, entries, seq) in sorted(heads.items()):
            if now.get(entry) != (key, row_hash, entries):
                found.append({"ledger": name, "entry": entry, "chain": dict(zip(
                    ledger.chain_by, key, strict=True)),
                    "broken": _rewritten(seq, now.get(entry), key, entries)})
    return found


def _rewritten(seq: int, now: tuple | None, key: list, entries: int) -> str:
    if now is None or now[0] != key:
        return f"anchor {seq} (the entry it signed is gone)"
    if now[2] != entries:
        return f"anchor {seq} ({entries} entries led to it, now {now[2]})"
    return f"anchor {seq} (the chain was rewritten after it was anchored)"
