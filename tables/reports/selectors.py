"""The accountant's reads: figures by gaming day, built from the stored records and
ledgers, never from today's settings. The reports issue extends this module."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.db.models import Count, Q, Sum

from tables.floor.models import Casino
from tables.poker.models import BadBeatFund, TimeCollection


def card_room_day(casino: Casino, day: dt.date) -> dict[str, Any]:
    """One gaming day's collection per poker table: what the drop boxes should hold.
    Voided hands are counted apart and left out of the sums."""
    standing = Q(poker_hands__gaming_day=day, poker_hands__correction__isnull=True)
    tables = (casino.tables.exclude(game="caribbean_stud").order_by("label")
              .annotate(hands=Count("poker_hands", filter=standing),
                        pot_total=Sum("poker_hands__pot", filter=standing),
                        rake=Sum("poker_hands__rake", filter=standing),
                        bad_beat=Sum("poker_hands__bad_beat_drop", filter=standing),
                        voided=Count("poker_hands", filter=Q(
                            poker_hands__gaming_day=day,
                            poker_hands__correction__isnull=False))))
    time_fees = dict(TimeCollection.objects.filter(table__casino=casino, gaming_day=day,
                                                   correction__isnull=True)
                     .values_list("table").annotate(total=Sum("amount")))
    none = Decimal("0.00")
    rows = [{"table": t, "hands": t.hands, "pot_total": t.pot_total or none,
             "rake": t.rake or none, "bad_beat": t.bad_beat or none,
             "time": time_fees.get(t.pk, none), "voided": t.voided} for t in tables]
    totals = {key: sum((r[key] for r in rows), none)
              for key in ("pot_total", "rake", "bad_beat", "time")}
    totals["hands"] = sum(r["hands"] for r in rows)
    fund = BadBeatFund.objects.filter(casino=casino).first()
    return {"rows": rows, "totals": totals, "fund": fund}
