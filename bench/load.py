"""The load the floor bench drives (bench/floor.py): an asyncio HTTP/1.1 client light
enough to share two cores with the service, the requests a busy floor sends, and the
floor they are sent to.

Each virtual dealer keeps one connection open (gunicorn's sync worker closes it after
every answer; the client then opens another) and sends his table's requests one after
another, either as fast as the service answers (``rate=None``: the saturated rate) or
paced to a floor-wide rate. Every recording carries its own Idempotency-Key, as the
tablet sends it.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field

RANKS, SUITS = "23456789TJQKA", "shdc"


@dataclass
class Dealer:
    """One table's dealer: where he records and how he proves who he is."""

    table: int
    token: str
    session: str
    poker: bool = False


@dataclass
class Outcome:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    started: float = 0.0
    ended: float = 0.0

    @property
    def rate(self) -> float:
        return len(self.latencies) / (self.ended - self.started)

    def percentile(self, share: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000

    def summary(self) -> dict:
        return {"requests": len(self.latencies), "per_second": round(self.rate, 1),
                "p50_ms": round(statistics.median(self.latencies) * 1000, 1),
                "p99_ms": round(self.percentile(0.99), 1),
                "errors": sum(self.errors.values()), "error_kinds": self.errors}


# --- What is sent -----------------------------------------------------------------------


def stud_round(rng: random.Random) -> dict:
    """Seven seats with the jackpot side wager, everyone raising: the heaviest round."""
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    return {"dealer_cards": [deck.pop() for _ in range(5)], "seats": [
        {"seat": seat, "ante": "10.00", "decision": "raise", "progressive": True,
         "cards": [deck.pop() for _ in range(5)]} for seat in range(1, 8)]}


def stud_form(rng: random.Random) -> dict:
    """The same round as the dealer's page posts it."""
    body = stud_round(rng)
    form = {"dealer_cards": " ".join(body["dealer_cards"])}
    for seat in body["seats"]:
        number = seat["seat"]
        form.update({f"seat{number}_ante": "10", f"seat{number}_decision": "raise",
                     f"seat{number}_progressive": "on",
                     f"seat{number}_cards": " ".join(seat["cards"])})
    return form


def poker_quick(rng: random.Random) -> dict:
    return {"pot": f"{rng.randrange(20, 400)}.00", "flop_dealt": True}


def poker_full(rng: random.Random) -> dict:
    """Three players, one all-in short: a main pot and a side pot, cards shown."""
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    short = rng.randrange(2, 10) * 5
    return {"board": [deck.pop() for _ in range(5)], "seats": [
        {"seat": 1, "put_in": "80.00", "cards": [deck.pop(), deck.pop()]},
        {"seat": 3, "put_in": f"{short}.00", "all_in": True, "cards": [deck.pop(), deck.pop()]},
        {"seat": 5, "put_in": "80.00", "cards": [deck.pop(), deck.pop()]}]}


@dataclass
class Kind:
    """A kind of request: its address, its body and the answer that means it worked."""

    name: str
    path: str  # with {table}
    body: object  # (rng) -> dict, or None
    form: bool = False
    expect: int = 201
    poker: bool = False


KINDS = {
    "nothing": Kind("do-nothing token POST", "/bench/nothing/", None, expect=200),
    "stud_api": Kind("stud round, API (7 seats, jackpot)", "/api/v1/tables/{table}/stud-rounds/",
                     stud_round),
    "stud_form": Kind("stud round, dealer form (7 seats, jackpot)",
                      "/dealer/tables/{table}/round/", stud_form, form=True, expect=302),
    "poker_quick": Kind("poker hand, API quick (pot)", "/api/v1/tables/{table}/poker-hands/",
                        poker_quick, poker=True),
    "poker_full": Kind("poker hand, API full (side pot)", "/api/v1/tables/{table}/poker-hands/",
                       poker_full, poker=True),
}
CSRF = "benchcsrfsecret0123456789abcdefg"  # 32 characters: Django's CSRF secret length


def encode(kind: Kind, dealer: Dealer, host: str, rng: random.Random) -> bytes:
    path = kind.path.format(table=dealer.table)
    headers = {"Host": host, "X-Forwarded-Proto": "https",  # as the TLS proxy says
               "X-Forwarded-For": "127.0.0.1"}
    body = kind.body(rng) if kind.body else {}
    if kind.form:
        body.update(csrfmiddlewaretoken=CSRF, idempotency_key=str(uuid.uuid4()))
        data = urllib.parse.urlencode(body).encode()
        headers.update({"Content-Type": "application/x-www-form-urlencoded",
                        "Cookie": f"sessionid={dealer.session}; csrftoken={CSRF}",
                        "Origin": f"https://{host}", "Referer": f"https://{host}{path}"})
    else:
        data = json.dumps(body).encode()
        headers.update({"Content-Type": "application/json",
                        "Authorization": f"Token {dealer.token}",
                        "Idempotency-Key": str(uuid.uuid4())})
    headers["Content-Length"] = str(len(data))
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    return f"POST {path} HTTP/1.1\r\n{head}\r\n".encode() + data


# --- The client -------------------------------------------------------------------------


async def _exchange(connection, request: bytes, port: int):
    if connection is None:
        connection = await asyncio.open_connection("127.0.0.1", port)
    reader, writer = connection
    writer.write(request)
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    await reader.readexactly(int(headers.get("content-length", 0)))
    if headers.get("connection", "").lower() == "close":
        writer.close()
        connection = None
    return status, connection


async def _deal(kind: Kind, dealer: Dealer, port: int, until: float, interval: float | None,
                outcome: Outcome, seed: int) -> None:
    rng, connection, host = random.Random(seed), None, f"127.0.0.1:{port}"
    due = time.monotonic() + (rng.random() * interval if interval else 0)
    while True:
        if interval:
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            due += interval
        if time.monotonic() >= until:
            break
        request = encode(kind, dealer, host, rng)
        sent = time.monotonic()
        try:
            status, connection = await _exchange(connection, request, port)
        except (OSError, asyncio.IncompleteReadError) as failed:
            status, connection = type(failed).__name__, None
        if status == kind.expect:
            outcome.latencies.append(time.monotonic() - sent)
        else:
            outcome.errors[str(status)] = outcome.errors.get(str(status), 0) + 1
    if connection is not None:
        connection[1].close()


def drive(kind_name: str, dealers: list[Dealer], port: int, seconds: float,
          rate: float | None = None) -> dict:
    """Every dealer sends ``kind`` for ``seconds``: as fast as answered, or together at
    ``rate`` requests a second. The answers' count, rate, latencies and errors."""
    kind = KINDS[kind_name]
    dealers = [d for d in dealers if d.poker == kind.poker]
    interval = len(dealers) / rate if rate else None
    outcome = Outcome()

    async def run():
        outcome.started = time.monotonic()
        until = outcome.started + seconds
        await asyncio.gather(*(_deal(kind, d, port, until, interval, outcome, n)
                               for n, d in enumerate(dealers)))
        outcome.ended = time.monotonic()

    asyncio.run(run())
    return {"kind": kind_name, "what": kind.name, "clients": len(dealers), **outcome.summary()}
