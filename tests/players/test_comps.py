"""Comps (issue 29): a closed rating's figures stand and earn (worth x the casino's rate
x the tier's multiplier, or hours x the poker rate), a void after its close revises them,
a host gives within the balance and her limit, over it a second supervisor approves; the
comp ledger is chained and sums to every balance."""

from __future__ import annotations

import html
from decimal import ROUND_DOWN
from decimal import Decimal as D
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError

from casino.common.chains import breaks
from tables.comps import services as comps
from tables.comps.models import CompAccount, CompEntry
from tables.players import services
from tables.players.figures import rating_figures
from tables.players.models import RatingFigures
from tables.stud.services import stud_round_void
from tests.conftest import make_user
from tests.played import at
from tests.players.conftest import FOLD

pytestmark = pytest.mark.django_db


def cents_down(amount) -> D:
    if isinstance(amount, Fraction):
        amount = D(amount.numerator) / D(amount.denominator)
    return D(amount).quantize(D("0.01"), rounding=ROUND_DOWN)


def test_a_closed_rating_earns_its_worth_times_the_rate_and_the_tiers_multiplier(rated):
    rating, _ = rated
    stood = RatingFigures.objects.get(rating=rating)
    assert (stood.revision, stood.standing, stood.hands) == (1, "closed", 3)
    assert stood.actual_win == D("30.00")
    worth = stood.theoretical_win + (stood.strategy_cost or 0)
    assert rating_figures(rating)["worth"] == worth == stood.worth
    entry = CompEntry.objects.get()
    # The defaults: 25% of the worth, times 1.25 for a gold card; cents down.
    assert (entry.kind, entry.basis, entry.rate, entry.multiplier) == (
        "earned", worth, D("0.25"), D("1.25"))
    assert entry.amount == cents_down(worth * D("0.25") * D("1.25"))
    assert entry.amount > 0
    assert entry.gaming_day.isoformat() == "2026-03-03"
    assert CompAccount.objects.get().balance == entry.amount
    assert breaks() == []


def test_a_void_after_the_close_revises_the_figures_and_the_comps_earned(
        rated, supervisor, travel, client):
    rating, rounds = rated
    earned = CompEntry.objects.get().amount
    travel(at(2026, 3, 4, 10, 0))
    stud_round_void(actor=supervisor, round_=rounds[0], reason="misdeal")
    assert services.revise_ratings(actor=None) == 1
    assert services.revise_ratings(actor=None) == 0  # once: the figures stand again

    _first, second = RatingFigures.objects.filter(rating=rating).order_by("revision")
    assert (second.revision, second.standing, second.hands) == (2, "revised", 2)
    assert second.actual_win == D("20.00")
    revised = CompEntry.objects.order_by("id").last()
    should = cents_down(second.theoretical_win * D("0.25") * D("1.25"))
    assert (revised.kind, revised.amount) == ("revised", should - earned)
    assert revised.gaming_day.isoformat() == "2026-03-04"  # today's books, as the void's
    assert CompAccount.objects.get().balance == should
    assert breaks() == []
    client.force_login(supervisor)
    page = client.get(f"/players/{rating.player_id}/").content.decode()
    assert "revised 2026-03-04 10:00</strong>: a round voided after the close" in page


def test_the_theoretical_win_waiting_earns_once_it_is_worked_out(
        live_table, pat, supervisor, play_round, travel, django_capture_on_commit_callbacks):
    travel(at(2026, 3, 3, 9, 0))
    rating = services.rating_open(actor=supervisor, table=live_table, seat=1, player=pat)
    play_round(live_table, at(2026, 3, 3, 9, 5), FOLD)
    travel(at(2026, 3, 3, 9, 30))
    with django_capture_on_commit_callbacks(execute=False) as asked:
        services.rating_close(actor=supervisor, rating=rating)
    assert RatingFigures.objects.get().theoretical_win is None
    assert not CompEntry.objects.exists()  # nothing guessed
    for callback in asked:
        callback()  # the worker works the paytable's figures out
    assert services.revise_ratings(actor=None) == 1
    entry = CompEntry.objects.get()
    assert entry.kind == "earned"
    assert entry.amount == cents_down(
        RatingFigures.objects.get(revision=2).theoretical_win * D("0.3125"))


def test_an_hour_at_poker_earns_the_hourly_rate(holdem, pat, supervisor, travel, us_casino):
    comps.comp_rules_set(actor=supervisor, casino=us_casino, poker_hourly=D("2.00"))
    travel(at(2026, 3, 3, 20, 0))
    rating = services.rating_open(actor=supervisor, table=holdem, seat=4, player=pat)
    travel(at(2026, 3, 3, 22, 45))
    services.rating_close(actor=supervisor, rating=rating)
    entry = CompEntry.objects.get()
    assert (entry.basis, entry.rate, entry.amount) == (D("2.7500"), D("2.00"), D("6.87"))


def test_a_host_gives_within_the_balance_and_her_limit(rated, pat, host, us_casino,
                                                       supervisor):
    balance = CompAccount.objects.get().balance
    assert balance == D("0.49")  # 30 x 5.224% x 25% x 1.25
    comps.comp_limit_set(actor=supervisor, casino=us_casino, user=host, limit=D("0.20"))
    comp = comps.comp_give(actor=host, player=pat, casino=us_casino, amount="0.20",
                           kind="food", reason="coffee and cake")
    assert (comp.needs_approval, comp.entry.amount) == (False, D("-0.20"))
    assert CompAccount.objects.get().balance == D("0.29")

    with pytest.raises(ValidationError) as refused:
        comps.comp_give(actor=host, player=pat, casino=us_casino, amount="0.30",
                        kind="room", reason="suite")
    assert ("Pat Q. Player has $0.29 of comps at Test Harbor: $0.30 is more"
            in refused.value.message_dict["amount"][0])
    with pytest.raises(ValidationError) as refused:
        comps.comp_give(actor=host, player=pat, casino=us_casino, amount="0.505",
                        kind="caviar", reason="")
    assert set(refused.value.message_dict) == {"amount", "kind", "reason"}
    assert CompEntry.objects.count() == 2  # nothing stored by the refusals


def test_over_her_limit_a_comp_waits_for_another_supervisor(rated, pat, host, us_casino,
                                                            supervisor):
    balance = CompAccount.objects.get().balance
    second = make_user("sue_supervisor", "supervisor")
    comps.comp_limit_set(actor=second, casino=us_casino, user=supervisor, limit=D("0.10"))
    waiting = comps.comp_give(actor=supervisor, player=pat, casino=us_casino, amount="0.30",
                              kind="show", reason="two tickets")
    assert waiting.needs_approval
    assert CompAccount.objects.get().balance == balance
    with pytest.raises(ValidationError, match="another supervisor"):
        comps.comp_decide(actor=supervisor, comp=waiting, approved=True)
    with pytest.raises(ValidationError, match="Say why"):
        comps.comp_decide(actor=second, comp=waiting, approved=False)
    comps.comp_decide(actor=second, comp=waiting, approved=True)
    assert CompAccount.objects.get().balance == balance - D("0.30")
    with pytest.raises(ValidationError, match="given already"):
        comps.comp_decide(actor=second, comp=waiting, approved=True)
    assert breaks() == []


def test_the_comp_ledger_is_chained_and_a_tampered_entry_shows(rated, as_owner):
    entry = CompEntry.objects.get()
    as_owner("UPDATE tables_compentry SET amount = amount + 100 WHERE id = %s", [entry.pk],
             table="tables_compentry")
    found = breaks()
    assert {(b["ledger"], b["entry"], b["broken"]) for b in found} >= {
        ("comps", entry.pk, "content")}


def test_the_api_reads_the_ledger_and_gives_a_comp(api, rated, pat, host, supervisor,
                                                     us_casino, accountant, dealer):
    comps.comp_limit_set(actor=supervisor, casino=us_casino, user=host, limit=D("0.10"))
    read = api.as_user(host).get(f"/api/v1/players/{pat.pk}/comps/")
    assert read.status_code == 200, read.content
    body = read.json()
    assert (body["currency"], body["balance"]) == ("USD", "0.49")
    assert [(e["kind"], e["amount"], e["rating"]) for e in body["entries"]] == [
        ("earned", "0.49", rated[0].pk)]

    given = api.as_user(host).post(f"/api/v1/players/{pat.pk}/comps/", {
        "amount": "0.10", "kind": "food", "reason": "coffee"}, format="json")
    assert given.status_code == 201, given.content
    assert (given.json()["status"], given.json()["given_by"]) == ("given", "hana_host")
    waits = api.as_user(host).post(f"/api/v1/players/{pat.pk}/comps/", {
        "amount": "0.20", "kind": "show", "reason": "matinee"}, format="json")
    assert waits.json()["status"] == "waiting"
    over = api.as_user(host).post(f"/api/v1/players/{pat.pk}/comps/", {
        "amount": "5.00", "kind": "room", "reason": "suite"}, format="json")
    assert over.status_code == 400
    assert "more than that" in over.json()["amount"][0]
    bad = api.as_user(host).post(f"/api/v1/players/{pat.pk}/comps/", {
        "amount": 5, "kind": "yacht", "reason": ""}, format="json")
    assert bad.status_code == 400
    assert {"amount", "kind", "reason"} <= set(bad.json())

    assert api.as_user(host).post(f"/api/v1/comps/{waits.json()['id']}/approve/").status_code \
        == 403  # a host never approves
    listed = api.as_user(supervisor).get("/api/v1/comps/?status=waiting").json()
    assert [c["id"] for c in listed["results"]] == [waits.json()["id"]]
    approved = api.as_user(supervisor).post(f"/api/v1/comps/{waits.json()['id']}/approve/")
    assert (approved.status_code, approved.json()["status"],
            approved.json()["decided_by"]) == (200, "given", "sam_supervisor")
    assert api.as_user(host).get(f"/api/v1/players/{pat.pk}/comps/").json()["balance"] \
        == "0.19"
    assert api.as_user(accountant).get(f"/api/v1/players/{pat.pk}/comps/").status_code == 403
    assert api.as_user(dealer).post(f"/api/v1/players/{pat.pk}/comps/", {
        "amount": "0.01", "kind": "food", "reason": "x"}, format="json").status_code == 403
    assert pat.accesses.filter(user=host, channel="api", sight="opened").count() == 6


def test_the_pages_give_approve_and_set_the_rules(client, rated, pat, host, supervisor,
                                                  us_casino):
    from django.test import Client

    client.force_login(supervisor)
    make_user("sue_supervisor", "supervisor")   # the casino's limit is his own: a second
    rules = client.post(f"/pit/casinos/{us_casino.pk}/comp-rules/", {
        "reinvestment": "30", "member": "1", "silver": "1.1", "gold": "1.25",
        "platinum": "1.5", "poker_hourly": "1.00", "issuer_limit": "0.10",
        "witness": "sue_supervisor", "witness_password": "sue_supervisor-password-1"})
    assert rules.status_code == 302, rules.content.decode()
    assert CompRulesOf(us_casino).reinvestment == D("0.3")
    refused = client.post(f"/pit/casinos/{us_casino.pk}/comp-rules/", {
        "reinvestment": "130", "member": "-1", "silver": "1", "gold": "1", "platinum": "1",
        "poker_hourly": "1.00", "issuer_limit": "abc"})
    text = html.unescape(refused.content.decode())
    assert refused.status_code == 400
    assert "130 is not a percent from 0 to 100" in text
    assert "'abc' is not an amount" in text

    desk = Client()
    desk.force_login(host)
    page = desk.get(f"/players/{pat.pk}/").content.decode()
    assert "Test Harbor: $0.49" in page
    given = desk.post(f"/players/{pat.pk}/comps/?casino={us_casino.pk}", {
        "amount": "0.25", "kind": "food", "reason": "lunch"})
    assert given.status_code == 302
    assert "waits for a supervisor" in desk.get(given.url).content.decode()

    waiting = client.get("/pit/comps/").content.decode()
    assert "$0.25 of food and drink for" in waiting
    assert "lunch" in waiting
    assert "1 comp over its giver's limit waits for you" in client.get("/pit/").content.decode()
    decided = client.post(f"/pit/comps/{CompOfReason('lunch').pk}/",
                          {"decision": "decline", "note": "over budget this week"})
    assert decided.status_code == 302
    ledger = desk.get(f"/players/{pat.pk}/comps/").content.decode()
    assert "Declined by sam_supervisor: over budget this week" in ledger
    assert "worth $" in ledger
    assert "$0.49" in ledger


def CompRulesOf(casino):
    from tables.comps.models import CompRules
    return CompRules.objects.get(casino=casino)


def CompOfReason(reason):
    from tables.comps.models import Comp
    return Comp.objects.get(reason=reason)
