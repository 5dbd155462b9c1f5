"""Helpers that tests in several modules share (a test module imports from here, from a
conftest or from the fixture plugins tests/played.py and tests/card_room.py, never from
another test module): the cards of the usual rounds, a floor of tables on one meter, and
small steps several tests take."""

from __future__ import annotations

from decimal import Decimal as D

from django.db import connection, transaction
from django.db.models import Sum

# --- Cards ----------------------------------------------------------------------------
ROYAL_FLUSH = ["As", "Ks", "Qs", "Js", "Ts"]
# The same in hearts, as a dealer types it: for rounds whose dealer holds the ace of spades.
ROYAL_HEARTS = "Ah Kh Qh Jh Th"
# A dealer's hand that does not qualify (ace-king needed): antes win even money.
DEALER = ["2c", "3d", "7c", "4h", "9s"]
# Seat 1 raises 10 with a royal flush and plays the jackpot.
ROYAL = {"seat": 1, "ante": D(10), "decision": "raise", "progressive": True,
         "cards": ROYAL_FLUSH}
# The API's form of the same seat (amounts as strings).
ROYAL_POSTED = {**ROYAL, "ante": "10.00"}
# Seat 1 wins 10 + 20 with a pair of queens against a qualifying dealer; seat 3 folds 5.
CONTRACT_ROUND = {
    "dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
    "seats": [
        {"seat": 1, "ante": "10.00", "decision": "raise", "cards": ["Qh", "Qs", "9d", "5c", "3h"]},
        {"seat": 3, "ante": "5.00", "decision": "fold"},
    ],
}

# --- A floor of tables on one meter ------------------------------------------------------
FLOOR_TABLES = 4


def linked_floor():
    """One meter linked to four open stud tables, a dealer at each (who commit for real:
    the concurrency and fault tests). Returns the meter and [(table, dealer), ...]."""
    from payouts.jackpots import services as progressives
    from payouts.terms import services as terms
    from tables.floor.services import (
        casino_create,
        table_assign_paytable,
        table_create,
        table_link_progressive,
    )
    from tests.conftest import make_user

    boss = make_user("floor_boss", "supervisor")
    casino = casino_create(actor=boss, name="Concurrency", currency="USD",
                           timezone="America/New_York")
    paytable = terms.paytable_publish(
        actor=boss, paytable=terms.paytable_create(actor=boss, name="US", variant="us",
                                                   casino=casino))
    meter = progressives.progressive_create(actor=boss, name="Linked", currency="USD",
                                            seed=D("10000.00"), contribution_rate=D("0.70"),
                                            reserve_rate=D("0.05"),
                                            approval_threshold=D("1000000"), casino=casino)
    tables = []
    for n in range(FLOOR_TABLES):
        dealer = make_user(f"dealer_{n}", "dealer")
        table = table_create(actor=boss, casino=casino, label=f"CS-{n}",
                             game="caribbean_stud", status="open", dealers=[dealer])
        table_assign_paytable(actor=boss, table=table, paytable=paytable)
        table_link_progressive(actor=boss, table=table, progressive=meter)
        tables.append((table, dealer))
    return meter, tables


def random_round(rng):
    """A 7-seat round of random cards, every seat raising 10 with a side wager: the
    dealer's five cards and the seats, as the recording service takes them."""
    deck = [r + s for r in "23456789TJQKA" for s in "shdc"]
    rng.shuffle(deck)
    seats = [{"seat": n, "ante": D("10.00"), "decision": "raise", "progressive": True,
              "cards": deck[5 + 5 * n: 10 + 5 * n]} for n in range(1, 8)]
    return deck[:5], seats


def deal_at_once(tables, rounds: int) -> None:
    """Each (table, dealer) of ``tables`` records ``rounds`` random rounds, all at once, a
    thread a table, each committing for real (the concurrency tests)."""
    import random
    from concurrent.futures import ThreadPoolExecutor

    from tables.stud.services import stud_round_record

    def deal(table_and_dealer, seed):
        table, dealer = table_and_dealer
        rng = random.Random(seed)
        try:
            for _ in range(rounds):
                dealer_cards, seats = random_round(rng)
                stud_round_record(actor=dealer, table=table, dealer_cards=dealer_cards,
                                  seats=seats)
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=len(tables)) as pool:
        list(pool.map(deal, tables, range(len(tables))))


def reconciles(meter_id):
    """The meter's balances equal its ledger's sums (meter, reserve, overflow)."""
    from payouts.jackpots.models import MeterEntry, Progressive

    meter = Progressive.objects.get(pk=meter_id)
    for name, field in (("meter", "amount"), ("reserve", "reserve"), ("overflow", "overflow")):
        total = MeterEntry.objects.filter(progressive=meter, meter=name).aggregate(
            s=Sum("amount"))["s"] or D(0)
        assert total == getattr(meter, field), name
    return meter


# --- Steps ------------------------------------------------------------------------------


def attempt(sql: str, params=()) -> None:
    """Run a statement as the test's role, its deferred constraints checked at once."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def post_change_form(client, url: str, **changes):
    """Submit the admin's change form as the page shows it, with ``changes`` typed in."""
    page = client.get(url)
    assert page.status_code == 200
    data = {}
    for form in [page.context["adminform"].form,
                 *(f for inline in page.context["inline_admin_formsets"]
                   for f in [inline.formset.management_form, *inline.formset.forms])]:
        for name in form.fields:
            value = form[name].value()
            if value is None or value is False:
                continue
            data[form.add_prefix(name)] = value
    data.update(changes)
    return client.post(url, data)


def throttle_records(username: str) -> dict:
    """An attempt (locked out), a log-in and a failure of ``username``."""
    from axes.models import AccessAttempt, AccessFailureLog, AccessLog

    seen = {"username": username, "ip_address": "10.0.0.7", "user_agent": "tablet",
            "http_accept": "*/*", "path_info": "/login/"}
    return {"attempt": AccessAttempt.objects.create(**seen, get_data="", post_data="",
                                                    failures_since_start=5).pk,
            "log": AccessLog.objects.create(**seen).pk,
            "failure": AccessFailureLog.objects.create(**seen, locked_out=True).pk}


def terms_form(paytable, **changes):
    """The paytable page's form as it shows ``paytable``, with ``changes`` typed in."""
    data = {"name": paytable.name, "max_payout": paytable.max_payout,
            "dealer_qualifier": paytable.dealer_qualifier, "min_ante": paytable.min_ante,
            "max_ante": paytable.max_ante}
    data.update({f"odds_{c}": n for c, n in paytable.odds.items()})
    data.update(changes)
    return data


class TodaysApps:
    """The app registry as an old data migration names it ("tables", "Casino"): each of
    today's models found by its name in whichever app it moved to (decision 0001)."""

    @staticmethod
    def get_model(app_label: str, name: str):
        from django.apps import apps

        return next(m for m in apps.get_models() if m.__name__ == name)
