"""Comp limits (issue 44, point 13): a giver's limit holds for the sum of her comps to one
player in a gaming day, not per comp (the service, the page, the API, and two comps at
once under the account's row lock); a supervisor's own limit (his own, or the casino's
while he has none) changes only with a second supervisor's confirmation."""

from __future__ import annotations

import contextlib
import html
import threading
from decimal import Decimal as D

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from pghistory.models import Events

from casino.common.witness import Device
from tables.comps import selectors
from tables.comps import services as comps
from tables.comps.models import Comp, CompAccount, CompLimit, CompRules
from tests.conftest import make_user
from tests.played import at

HOST_LIMIT = D("10.00")


@pytest.fixture
def wealthy(pat, host, supervisor, us_casino, request):
    """Pat earned well over $40 at Test Harbor on his rating (tests/players/conftest.py:
    rated): the whole worth back, times 99 for his gold card, in force before it closed;
    the host may give $10.00 alone."""
    comps.comp_rules_set(actor=supervisor, casino=us_casino, reinvestment=D(1), gold=D(99))
    comps.comp_limit_set(actor=supervisor, casino=us_casino, user=host, limit=HOST_LIMIT)
    request.getfixturevalue("rated")
    assert CompAccount.objects.get().balance > 60
    return pat


def give(host, pat, casino, amount="10.00"):
    return comps.comp_give(actor=host, player=pat, casino=casino, amount=amount, kind="food",
                           reason="dinner at the grill")


@pytest.mark.django_db
def test_four_ten_dollar_comps_in_a_minute_give_one_and_wait_for_three(
        wealthy, host, us_casino, travel):
    balance = CompAccount.objects.get().balance
    states = []
    for second in (0, 15, 30, 45):
        travel(at(2026, 3, 3, 21, 0).replace(second=second))
        states.append(give(host, wealthy, us_casino).state)
    assert states == ["given", "waiting", "waiting", "waiting"]
    assert CompAccount.objects.get().balance == balance - D("10.00")


@pytest.mark.django_db
def test_the_limit_is_a_players_gaming_day_a_declined_comp_never_given(
        wealthy, pat, host, supervisor, us_casino, travel):
    travel(at(2026, 3, 3, 21, 0))
    assert give(host, pat, us_casino, "6.00").state == "given"
    over = give(host, pat, us_casino, "6.00")
    assert over.state == "waiting"
    second = make_user("sue_supervisor", "supervisor")
    comps.comp_decide(actor=second, comp=over, approved=False, note="enough for today")
    assert give(host, pat, us_casino, "4.00").state == "given"   # 6 + 4: her limit
    assert give(host, pat, us_casino, "0.01").state == "waiting"
    # Her comps of the day are hers: a supervisor gives within his own limit beside them.
    assert give(supervisor, pat, us_casino, "10.00").state == "given"
    travel(at(2026, 3, 4, 11, 0))   # the next gaming day: her limit again
    assert give(host, pat, us_casino, "10.00").state == "given"


@pytest.mark.django_db
def test_the_page_and_the_api_hold_the_limit_a_player_a_day(wealthy, pat, host, us_casino,
                                                           client, api, travel):
    travel(at(2026, 3, 3, 21, 0))
    client.force_login(host)
    url = f"/players/{pat.pk}/comps/?casino={us_casino.pk}"
    said = []
    for _ in range(2):
        posted = client.post(url, {"amount": "10.00", "kind": "food", "reason": "dinner"},
                             follow=True)
        said.append(html.unescape(posted.content.decode()))
    assert "$10.00 of food and drink given to Pat Q. Player." in said[0]
    assert ("$10.00 takes your comps to this player today over your limit of $10.00 a "
            "player a gaming day: it waits for a supervisor's approval.") in said[1]
    assert "you gave him $20.00 today" in said[1]
    statuses = [api.as_user(host).post(f"/api/v1/players/{pat.pk}/comps/", {
        "amount": "10.00", "kind": "show", "reason": "tickets"}, format="json").json()["status"]
        for _ in range(2)]
    assert statuses == ["waiting", "waiting"]
    assert [c.state for c in Comp.objects.order_by("id")] == ["given"] + ["waiting"] * 3


@pytest.mark.django_db(transaction=True)
def test_two_comps_at_once_never_both_pass_under_the_limit(wealthy, pat, host, us_casino,
                                                          monkeypatch):
    """Each reads her day's sum under the account's lock: the second waits for the first
    to commit and reads its comp. (Each caller waits a moment for the other at the sum:
    were the sum read unlocked, both would read nothing given and both pass.)"""
    read_sum, meet = selectors.given_on, threading.Barrier(2, timeout=3)

    def given_on(*args, **kwargs):
        with contextlib.suppress(threading.BrokenBarrierError):
            meet.wait()   # broken: the other is held at the lock, as it should be
        return read_sum(*args, **kwargs)

    monkeypatch.setattr(selectors, "given_on", given_on)
    states = []

    def one_comp():
        try:
            states.append(give(host, pat, us_casino, "8.00").state)
        finally:
            connection.close()

    threads = [threading.Thread(target=one_comp) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(states) == ["given", "waiting"]


# --- A supervisor's own limit -----------------------------------------------------------

@pytest.fixture
def second(db):
    return make_user("sue_supervisor", "supervisor")


def _history_reasons(row) -> list[str]:
    return [event.pgh_context["reason"] for event in
            Events.objects.tracks(row).order_by("pgh_id")]


@pytest.mark.django_db
def test_a_supervisor_raises_his_own_limit_only_with_a_second_supervisor(
        supervisor, second, host, us_casino):
    device = Device(address=None, path="/")
    with pytest.raises(ValidationError) as refused:
        comps.comp_limit_set(actor=supervisor, casino=us_casino, user=supervisor,
                             limit="1000000", device=device)
    assert "This limit is yours: another supervisor of Test Harbor confirms" in \
        refused.value.message_dict["witness"][0]
    for witness, password, field, words in [
            ("sam_supervisor", "sam_supervisor-password-1", "witness", "is changing his own"),
            ("hana_host", "hana_host-password-1", "witness", "is not a pit supervisor"),
            ("sue_supervisor", "wrong", "witness_password", "That is not sue_supervisor's")]:
        with pytest.raises(ValidationError) as refused:
            comps.comp_limit_set(actor=supervisor, casino=us_casino, user=supervisor,
                                 limit="1000000", witness=witness, witness_password=password,
                                 device=device)
        assert words in refused.value.message_dict[field][0]
    assert not CompLimit.objects.exists()

    own = comps.comp_limit_set(actor=supervisor, casino=us_casino, user=supervisor,
                               limit="250.00", witness="sue_supervisor",
                               witness_password="sue_supervisor-password-1", device=device)
    assert own.limit == D("250.00")
    assert _history_reasons(own) == [
        "comp limit of sam_supervisor set, confirmed by sue_supervisor (a second supervisor)"]
    # Another's limit is a supervisor's to set alone.
    comps.comp_limit_set(actor=supervisor, casino=us_casino, user=host, limit="50.00")
    assert selectors.limit_of(us_casino, host) == D("50.00")


@pytest.mark.django_db
def test_the_casinos_limit_is_his_own_while_he_has_none(supervisor, second, us_casino):
    device = Device(address=None, path="/")
    with pytest.raises(ValidationError) as refused:
        comps.comp_rules_set(actor=supervisor, casino=us_casino, issuer_limit="1000000",
                             device=device)
    assert set(refused.value.message_dict) == {"witness"}
    comps.comp_rules_set(actor=supervisor, casino=us_casino, reinvestment=D("0.3"),
                         issuer_limit="100.00")   # the limit as it was: the rate alone
    comps.comp_limit_set(actor=second, casino=us_casino, user=supervisor, limit="100.00")
    comps.comp_rules_set(actor=supervisor, casino=us_casino, issuer_limit="500.00")
    assert CompRules.objects.get().issuer_limit == D("500.00")   # no longer his own


@pytest.mark.django_db
def test_the_comp_rules_page_refuses_a_supervisors_own_limit_without_a_second(
        client, supervisor, second, us_casino):
    client.force_login(supervisor)
    url = f"/pit/casinos/{us_casino.pk}/comp-rules/"
    refused = client.post(url, {"user": supervisor.pk, "limit": "1000000"})
    assert refused.status_code == 400
    assert "This limit is yours: another supervisor of Test Harbor confirms a change of it" \
        in html.unescape(refused.content.decode())
    assert not CompLimit.objects.exists()
    rules = {"reinvestment": "25", "member": "1", "silver": "1.1", "gold": "1.25",
             "platinum": "1.5", "poker_hourly": "1.00", "issuer_limit": "1000000"}
    assert client.post(url, rules).status_code == 400
    assert CompRules.objects.filter(issuer_limit=D("1000000")).count() == 0

    confirmed = client.post(url, {"user": supervisor.pk, "limit": "300.00",
                                  "witness": "sue_supervisor",
                                  "witness_password": "sue_supervisor-password-1"})
    assert confirmed.status_code == 302
    assert CompLimit.objects.get(user=supervisor).limit == D("300.00")
    page = html.unescape(client.get(url).content.decode())
    assert "sam_supervisor: $300.00" in page
    assert "confirmed by sue_supervisor (a second supervisor)" in page
