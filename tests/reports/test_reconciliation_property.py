"""On generated days of play, with hits and resets, corrections and voids (the same day
and later), every jackpot row reconciles to the cent, each day opens where the last
closed, the stud and rake totals equal the records less the voids, and closing the days
changes no figure."""

import datetime as dt
import itertools
from decimal import Decimal as D

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payouts.jackpots import services as progressives
from payouts.jackpots.settlement import settle_pending_hits
from tables.floor.services import table_link_progressive
from tables.poker.models import PokerHand
from tables.poker.services import poker_hand_void
from tables.reports import closing
from tables.stud.models import StudSeat
from tables.stud.services import stud_round_void
from tests.reports.conftest import at

pytestmark = pytest.mark.django_db

HANDS = {"royal": ["As", "Ks", "Qs", "Js", "Ts"], "flush": ["2h", "7h", "9h", "Jh", "Kh"],
         "pair": ["Qh", "Qd", "9c", "5s", "3h"], "nothing": ["2c", "4d", "6h", "8s", "Tc"]}
DEALER = ["3s", "5d", "8c", "9d", "Jd"]   # does not qualify: antes win even money

step = st.one_of(
    st.tuples(st.just("round"), st.sampled_from(sorted(HANDS)), st.booleans()),
    st.tuples(st.just("hand"), st.sampled_from(["12.00", "45.00", "85.00"]), st.none()),
    st.tuples(st.just("correct"), st.integers(-50, 50), st.none()),
    st.tuples(st.just("void"), st.sampled_from(["same day", "next day"]), st.booleans()),
)
days = st.lists(st.lists(step, min_size=1, max_size=5), min_size=2, max_size=3)


def query(first, last):
    return {"from": first.isoformat(), "to": last.isoformat()}


@settings(max_examples=8, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(plan=days)
def test_generated_days_reconcile_and_closing_changes_nothing(
        plan, api, accountant, supervisor, us_casino, live_table, holdem, play_round,
        play_hand, travel):
    # Every example shares the test's database: each one is rolled back when it ends.
    with transaction.atomic():
        check_plan(plan, api, accountant, supervisor, us_casino, live_table, holdem,
                   play_round, play_hand, travel)
        transaction.set_rollback(True)


def check_plan(plan, api, accountant, supervisor, us_casino, live_table, holdem, play_round,
               play_hand, travel):
    travel(at(2026, 3, 1, 8))
    meter = progressives.progressive_create(
        actor=supervisor, name="Generated", currency="USD", seed=D("500.00"),
        contribution_rate=D("0.50"), casino=us_casino, approval_threshold=D("100000.00"))
    table_link_progressive(actor=supervisor, table=live_table, progressive=meter)
    first = dt.date(2026, 3, 2)
    records = []
    for n, steps in enumerate(plan):
        for m, (kind, what, flag) in enumerate(steps):
            moment = at(2026, 3, 2 + n, 9 + m)
            if kind == "round":
                seat = {"seat": 1, "ante": "10.00", "decision": "raise",
                        "progressive": flag, "cards": HANDS[what]}
                records.append(play_round(live_table, moment,
                                          body={"dealer_cards": DEALER, "seats": [seat]}))
                settle_pending_hits(meter.pk)
            elif kind == "hand":
                records.append(play_hand(holdem, moment, pot=what))
            elif kind == "correct":
                travel(moment)
                meter.refresh_from_db()
                progressives.progressive_correct(
                    actor=supervisor, progressive=meter, meter="meter",
                    new_balance=max(D(0), meter.amount + what), reason="count")
            elif records:
                target = records.pop(0)
                travel(moment + dt.timedelta(days=1 if what == "next day" else 0,
                                             minutes=30))
                if isinstance(target, PokerHand):
                    poker_hand_void(actor=supervisor, hand=target, reason="generated")
                else:
                    stud_round_void(actor=supervisor, round_=target, reason="generated")
    last = first + dt.timedelta(days=len(plan))
    span = query(first, last)
    before = {name: api.as_user(accountant).get(f"/api/v1/reports/{name}/", span).json()
              for name in ("rake", "stud", "jackpots")}

    rows = [r for r in before["jackpots"]["rows"] if r["progressive"] == meter.pk]
    for row in rows:
        assert row["balanced"], row
    for earlier, later in itertools.pairwise(rows):
        assert later["opening"] == earlier["closing"]
    meter.refresh_from_db()
    assert D(rows[-1]["closing"]) == meter.amount
    standing = StudSeat.objects.filter(round__table=live_table, round__correction__isnull=True)
    assert D(before["stud"]["totals"]["win"]) == -sum(
        (s.ante_result + s.bet_result for s in standing), D(0))
    hands = PokerHand.objects.filter(table=holdem, correction__isnull=True)
    assert D(before["rake"]["totals"]["rake"]) == sum((h.rake for h in hands), D(0))

    travel(at(2026, 3, 2 + len(plan) + 2, 7))
    closing.close_ended_days()
    after = {name: api.as_user(accountant).get(f"/api/v1/reports/{name}/", span).json()
             for name in ("rake", "stud", "jackpots")}
    for name in after:
        assert {k: v for k, v in after[name].items() if k != "closed_days"} == \
            {k: v for k, v in before[name].items() if k != "closed_days"}, name
    assert after["rake"]["closed_days"]
