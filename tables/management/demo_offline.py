"""The demo's tablet through a drop in the network (issue 33): at Harbor Lights, two rounds
of CS-2 that its dealer's tablet queued while the Wi-Fi was down and sent minutes later
(each with the time it was dealt), and two it queued that the service refused when they
arrived (an ante over the table's limit): one held for the supervisor on /pit/, one its
dealer discarded, saying why."""

from __future__ import annotations

import datetime as dt
import random

from casino.house.models import Casino
from tables.floor.models import Table
from tables.management.demo_history import clock_at, stud_body
from tables.offline import services as held
from tables.offline.models import HeldEntry
from tables.stud.services import stud_round_record

QUEUED = (9, 7)   # minutes before now each queued round was dealt
REFUSED = ((6, ""), (5, "dealt again by hand at the table"))


def run_offline(casino: Casino, dealer, now: dt.datetime) -> int:
    """Once (a demo loaded again adds none); ``dealer`` deals CS-2 now. How many entries
    the tablet queued."""
    if HeldEntry.objects.filter(table__casino=casino).exists():
        return 0
    table = Table.objects.select_related("casino").get(casino=casino, label="CS-2")
    # Dealt in the shift open now: its table's chips took them (the one before is closed).
    began = casino.shift_bounds(casino.gaming_day(now), casino.shift(now))[0]
    rng = random.Random(33)
    with clock_at(now):
        for minutes in QUEUED:
            stud_round_record(actor=dealer, table=table, **stud_body(rng, 3, jackpot=False),
                              dealt_at=max(now - dt.timedelta(minutes=minutes), began),
                              idempotency_key=f"demo-tablet-{minutes}")
        for minutes, reason in REFUSED:
            body = {**stud_body(rng, 2, jackpot=False),
                    "dealt_at": max(now - dt.timedelta(minutes=minutes), began).isoformat()}
            body["seats"][0]["ante"] = "150.00"
            entry, _ = held.held_keep(actor=dealer, table=table, kind="stud_round", body=body,
                                      idempotency_key=f"demo-held-{minutes}")
            if reason:
                held.held_discard(actor=dealer, held=entry, reason=reason)
    return len(QUEUED) + len(REFUSED)

