"""Ratings (issue 29): a player seated at a seat is rated on the rounds recorded there
while his rating is open and not paused; a void takes a round back out; a seat holds one
open rating and a player one; an excluded player is refused and the attempt recorded."""

from __future__ import annotations

import datetime as dt
import html
import re
from decimal import ROUND_HALF_UP, Decimal
from decimal import Decimal as D
from fractions import Fraction

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tables.players import services
from tables.players.figures import rating_figures
from tables.players.models import Rating, SeatingRefused
from tables.stud.services import stud_round_record, stud_round_void
from tests.played import at

pytestmark = pytest.mark.django_db


def page_of(user, player) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.get(f"/players/{player.pk}/").content.decode()


def seat(api, user, table, **body):
    return api.as_user(user).post(f"/api/v1/tables/{table.pk}/ratings/", body, format="json")


def test_a_rating_counts_the_seats_rounds_while_open_and_not_paused(
        api, live_table, pat, dealer, supervisor, play_round, travel):
    travel(at(2026, 3, 3, 9, 0))
    opened = seat(api, dealer, live_table, seat=1, card=" 10042 ")  # as the dealer types it
    assert opened.status_code == 201, opened.content
    assert {k: opened.json()[k] for k in ("player", "table", "seat", "status")} == {
        "player": pat.pk, "table": live_table.pk, "seat": 1, "status": "open"}
    rating = Rating.objects.get()
    play_round(live_table, at(2026, 3, 3, 9, 10))           # seat 1 wins 10 + 20: +30
    voided = play_round(live_table, at(2026, 3, 3, 9, 20))
    travel(at(2026, 3, 3, 9, 30))
    services.rating_pause(actor=dealer, rating=rating)
    play_round(live_table, at(2026, 3, 3, 9, 40))           # on his break: not his
    travel(at(2026, 3, 3, 9, 50))
    services.rating_resume(actor=dealer, rating=rating)
    play_round(live_table, at(2026, 3, 3, 10, 0))
    stud_round_void(actor=supervisor, round_=voided, reason="misdeal")
    travel(at(2026, 3, 3, 10, 10))
    services.rating_close(actor=dealer, rating=rating)

    figures = rating_figures(Rating.objects.get())

    assert figures["status"] == "closed"
    assert figures["ended_at"] == at(2026, 3, 3, 10, 10)
    assert figures["seconds_played"] == 30 * 60 + 20 * 60   # 09:00-09:30, 09:50-10:10
    assert (figures["hands"], figures["hands_per_hour"]) == (2, D("2.4"))
    assert (figures["wagered"], figures["average_bet"]) == (D("60.00"), D("10.00"))
    assert figures["actual_win"] == D("-60.00")  # the house lost 30 twice
    assert figures["currency"] == "USD"
    client_page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page_of(
        supervisor, pat))).split())
    assert ("2026-03-03 CS-1 seat 1 Test Harbor 09:00 EST to 10:10 2 50 min $10.00 "
            "$60.00 -$60.00") in client_page
    read = api.as_user(supervisor).get(f"/api/v1/ratings/{rating.pk}/").json()
    assert {k: read[k] for k in ("status", "hands", "wagered", "average_bet", "actual_win",
                                 "seconds_played")} == {
        "status": "closed", "hands": 2, "wagered": "60.00", "average_bet": "10.00",
        "actual_win": "-60.00", "seconds_played": 3000}


def test_a_seat_holds_one_rating_and_a_player_one(api, live_table, pat, host, dealer,
                                                  travel):
    lee = services.player_create(actor=host, card="10077", name="Lee Wu")
    travel(at(2026, 3, 3, 9, 0))
    assert seat(api, dealer, live_table, seat=2, player=pat.pk).status_code == 201

    taken = seat(api, dealer, live_table, seat=2, player=lee.pk)
    twice = seat(api, dealer, live_table, seat=4, card="10042")
    beyond = seat(api, dealer, live_table, seat=9, player=lee.pk)
    nobody = seat(api, dealer, live_table, seat=5, card="99999")

    assert taken.json()["seat"] == ["Seat 2 of CS-1 is Pat's: close that rating first."]
    assert twice.json()["player"] == ["Pat Q. Player is rated at CS-1 seat 2: move him, or "
                                      "close that rating first."]
    assert beyond.json()["seat"] == ["CS-1 has seats 1 to 7, not 9."]
    assert nobody.json()["card"] == ["No player holds card '99999'."]
    assert Rating.objects.count() == 1


def test_an_excluded_player_is_refused_and_the_attempt_recorded(api, live_table, pat, host,
                                                                dealer):
    services.player_update(actor=host, player=pat, status="excluded",
                           reason="self-exclusion")

    refused = seat(api, dealer, live_table, seat=1, card="10042")

    assert refused.status_code == 400
    assert refused.json()["player"] == ["Pat Q. Player (card 10042) is excluded and may not be "
                                        "seated: the attempt is recorded for the supervisor."]
    assert not Rating.objects.exists()
    assert list(SeatingRefused.objects.values_list("player", "table", "seat", "by")) == [
        (pat.pk, live_table.pk, 1, dealer.pk)]
    assert "Seating refused: he is excluded" in page_of(host, pat)


def test_pause_resume_and_close_follow_each_other_in_words(api, live_table, pat, dealer,
                                                           travel):
    travel(at(2026, 3, 3, 9, 0))
    rating = seat(api, dealer, live_table, seat=1, player=pat.pk).json()["id"]
    steps = {}
    for step in ("resume", "pause", "pause", "resume", "close", "pause"):
        answer = api.as_user(dealer).post(f"/api/v1/ratings/{rating}/{step}/")
        steps.setdefault(step, []).append((answer.status_code, answer.json().get("status")))

    assert steps == {
        "resume": [(400, ["The rating of Pat at CS-1 seat 1 is open, not paused: there is "
                          "nothing to resume."]), (200, "open")],
        "pause": [(200, "paused"), (400, ["The rating of Pat at CS-1 seat 1 is paused "
                                          "already: resume it, or close it."]),
                  (400, ["The rating of Pat at CS-1 seat 1 is closed: seat him again for a "
                         "new one."])],
        "close": [(200, "closed")]}


def test_a_move_closes_one_rating_and_opens_the_next_within_the_visit(
        live_table, other_table, pat, supervisor, travel, us_paytable):
    from tables.floor.services import table_assign_paytable

    table_assign_paytable(actor=supervisor, table=other_table, paytable=us_paytable)
    travel(at(2026, 3, 3, 9, 0))
    first = services.rating_open(actor=supervisor, table=live_table, seat=1, player=pat)
    travel(at(2026, 3, 3, 9, 45))

    moved = services.rating_move(actor=supervisor, rating=first, table=other_table, seat=3)

    assert (moved.moved_from, moved.table, moved.seat, moved.gaming_day) == (
        first, other_table, 3, first.gaming_day)
    assert rating_figures(first)["status"] == "closed"
    assert rating_figures(moved)["status"] == "open"


def test_who_seats_and_who_reads(api, live_table, pat, dealer, other_dealer, accountant,
                                 host, supervisor, travel):
    travel(at(2026, 3, 3, 9, 0))
    assert seat(api, accountant, live_table, seat=1, player=pat.pk).status_code == 403
    assert seat(api, host, live_table, seat=1, player=pat.pk).status_code == 403
    stranger = seat(api, other_dealer, live_table, seat=1, player=pat.pk)
    assert (stranger.status_code, stranger.json()["detail"]) == (
        403, "Only a supervisor, or a dealer of CS-1, seats and unseats players there.")
    assert seat(api, supervisor, live_table, seat=1, player=pat.pk).status_code == 201

    # The dealer of the table reads the seated player's first name and tier only.
    assert api.as_user(dealer).get("/api/v1/players/").json()["results"] == [
        {"id": pat.pk, "first_name": "Pat", "tier": "gold"}]
    assert api.as_user(other_dealer).get("/api/v1/players/").json()["results"] == []
    assert [r["player"] for r in api.as_user(host).get("/api/v1/ratings/").json()["results"]] \
        == [pat.pk]
    assert api.as_user(accountant).get("/api/v1/ratings/").status_code == 403


PLAYS = {  # against the dealer's As Kd 7c 4h 2s (ace-king: he qualifies)
    "wins": {"decision": "raise", "cards": ["Qh", "Qs", "9d", "5c", "3h"]},
    "loses": {"decision": "raise", "cards": ["Jh", "9s", "8d", "5c", "3h"]},
    "folds": {"decision": "fold"},
}
EVENTS = st.lists(st.one_of(st.tuples(st.just("round"), st.sampled_from([5, 10, 25, 100]),
                                      st.sampled_from(sorted(PLAYS))),
                            st.just(("break",))), min_size=1, max_size=10)


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(events=EVENTS)
def test_a_ratings_figures_are_the_sums_over_the_hands_it_was_rated_on(live_table, pat,
                                                                        dealer, travel,
                                                                        events):
    """Whatever the rounds and breaks: its hands are the rounds played while not on a
    break, its actual win minus the sum of their seats' results, its wager their stakes."""
    with transaction.atomic():
        start = at(2026, 3, 3, 9, 0)
        travel(start)
        rating = services.rating_open(actor=dealer, table=live_table, seat=1, player=pat)
        on_break, hands, results, wagered = False, 0, D(0), D(0)
        for minute, event in enumerate(events, start=1):
            travel(start + dt.timedelta(minutes=5 * minute))
            if event[0] == "break":
                step = services.rating_resume if on_break else services.rating_pause
                step(actor=dealer, rating=rating)
                on_break = not on_break
                continue
            _, ante, play = event
            played = stud_round_record(actor=dealer, table=live_table,
                                       dealer_cards=["As", "Kd", "7c", "4h", "2s"],
                                       seats=[{"seat": 1, "ante": str(ante), **PLAYS[play]}])
            seat_played = played[0].seats.get(seat=1)
            if not on_break:
                hands += 1
                results += seat_played.net
                wagered += seat_played.ante + seat_played.bet

        figures = rating_figures(rating, now=start + dt.timedelta(hours=2))

        assert (figures["hands"], figures["actual_win"], figures["wagered"]) == (
            hands, -results, wagered)
        transaction.set_rollback(True)


def test_the_theoretical_win_is_each_antes_exact_edge_at_that_ante(
        api, live_table, pat, dealer, supervisor, play_round, travel,
        django_capture_on_commit_callbacks):
    """Ante 10 twice (uncapped: 5.224% of each) and 100 once (the cap bites: its own,
    higher edge), on the paytable version that settled each round."""
    from payouts.analysis.models import ParAnalysis

    travel(at(2026, 3, 3, 9, 0))
    rating = services.rating_open(actor=supervisor, table=live_table, seat=1, player=pat)
    for minute, ante in ((5, "10.00"), (10, "10.00"), (15, "100.00")):
        play_round(live_table, at(2026, 3, 3, 9, minute), {
            "dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
            "seats": [{"seat": 1, "ante": ante, "decision": "fold"}]})

    with django_capture_on_commit_callbacks(execute=True):   # the figures asked for ...
        assert rating_figures(rating)["theoretical_win"] is None
    worked_out = rating_figures(rating)                      # ... worked out, then read

    edges = {a.ante_key: Fraction(a.result["exact"]["house_edge"])
             for a in ParAnalysis.objects.filter(paytable=live_table.paytable)}
    assert sorted(edges) == ["100.00", "uncapped"]
    assert round(edges["uncapped"] * 100, 3) == Fraction(5224, 1000)
    assert edges["100.00"] > edges["uncapped"]
    expected = 20 * edges["uncapped"] + 100 * edges["100.00"]
    assert worked_out["theoretical_win"] == (
        Decimal(expected.numerator) / Decimal(expected.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP)
    assert worked_out["actual_win"] == D("120.00")  # three folds: the house kept the antes


def test_a_rating_over_two_paytable_versions_takes_each_rounds_own_edge(
        live_table, pat, dealer, supervisor, controller, us_paytable, play_round, travel,
        django_capture_on_commit_callbacks):
    """The pit moves the table to a new version (a flush pays 6, not 5) in the middle of
    his rating: each round's ante meets the edge of the version that settled it."""
    from payouts.analysis.models import ParAnalysis
    from payouts.terms import services as terms
    from tables.floor.services import table_assign_paytable

    fold = {"dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
            "seats": [{"seat": 1, "ante": "10.00", "decision": "fold"}]}
    travel(at(2026, 3, 3, 9, 0))
    rating = services.rating_open(actor=supervisor, table=live_table, seat=1, player=pat)
    play_round(live_table, at(2026, 3, 3, 9, 5), fold)
    draft = terms.paytable_new_version(actor=controller, paytable=us_paytable)
    richer = terms.paytable_publish(actor=controller, paytable=terms.paytable_update(
        actor=controller, paytable=draft, odds={**draft.odds, "flush": 6}))
    table_assign_paytable(actor=supervisor, table=live_table, paytable=richer)
    play_round(live_table, at(2026, 3, 3, 9, 10), fold)
    with django_capture_on_commit_callbacks(execute=True):
        rating_figures(rating)
    figures = rating_figures(rating)

    def edge(paytable) -> Fraction:
        return Fraction(ParAnalysis.objects.get(paytable=paytable, ante_key="uncapped")
                        .result["exact"]["house_edge"])

    assert edge(richer) < edge(us_paytable)
    expected = 10 * edge(us_paytable) + 10 * edge(richer)
    assert figures["theoretical_win"] == (
        Decimal(expected.numerator) / Decimal(expected.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP)


DEALER = ["2h", "Kd", "7c", "4h", "9s"]  # dealt face up: the 2h


def test_a_raise_the_strategy_folds_is_counted_with_its_exact_cost(
        live_table, pat, dealer, supervisor, travel):
    from tables.rules.cards import parse_cards
    from tables.rules.stud_strategy import decision

    travel(at(2026, 3, 3, 9, 0))
    rating = services.rating_open(actor=supervisor, table=live_table, seat=1, player=pat)
    hands = [("Qs Jd 8h 5c 3s", "raise"),   # queen high against a deuce: fold it
             ("Qs Jd 8h 5c 3s", "fold"),    # ... as here
             ("As Ad 8h 5c 3s", "raise")]   # a pair of aces: raise
    terms = live_table.paytable.terms()
    expected = decision(terms.odds, terms.max_payout, "AK", D("10.00"),
                        parse_cards(hands[0][0]), parse_cards("2h")[0], raised=True)
    for minute, (cards, play) in enumerate(hands, start=1):
        travel(at(2026, 3, 3, 9, minute))
        stud_round_record(actor=dealer, table=live_table, dealer_cards=DEALER, up_card="2h",
                          seats=[{"seat": 1, "ante": "10.00", "decision": play,
                                  "cards": cards.split()}])
    travel(at(2026, 3, 3, 9, 5))
    stud_round_record(actor=dealer, table=live_table, dealer_cards=DEALER,  # no up card
                      seats=[{"seat": 1, "ante": "10.00", "decision": "raise",
                              "cards": ["Qs", "Jd", "8h", "5c", "3s"]}])

    figures = rating_figures(rating)

    assert not expected.best_is_raise
    assert figures["decisions_off_strategy"] == 1
    cost = Decimal(expected.cost.numerator) / Decimal(expected.cost.denominator)
    assert figures["strategy_cost"] == cost.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    assert figures["strategy_cost"] > 0


CARDS = [r + s for r in "23456789TJQKA" for s in "shdc"]


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deals=st.lists(st.permutations(CARDS).map(lambda deck: deck[:10]), min_size=1,
                      max_size=6))
def test_a_player_who_always_plays_the_optimal_strategy_costs_nothing(
        live_table, pat, dealer, travel, deals):
    from tables.rules.cards import parse_cards
    from tables.rules.stud_strategy import decision

    terms = live_table.paytable.terms()
    with transaction.atomic():
        start = at(2026, 3, 3, 9, 0)
        travel(start)
        rating = services.rating_open(actor=dealer, table=live_table, seat=1, player=pat)
        for minute, deal in enumerate(deals, start=1):
            dealt, hand = deal[:5], deal[5:]
            best = decision(terms.odds, terms.max_payout, "AK", D("10.00"),
                            parse_cards(hand), parse_cards(dealt[0])[0], raised=True)
            travel(start + dt.timedelta(minutes=minute))
            stud_round_record(actor=dealer, table=live_table, dealer_cards=dealt,
                              up_card=dealt[0], seats=[{
                                  "seat": 1, "ante": "10.00", "cards": hand,
                                  "decision": "raise" if best.best_is_raise else "fold"}])

        figures = rating_figures(rating)

        assert (figures["decisions_off_strategy"], figures["strategy_cost"]) == (
            0, D("0.00"))
        transaction.set_rollback(True)


def test_the_seats_page_seats_moves_and_says_what_it_refused(client, live_table, other_table,
                                                            pat, supervisor, us_paytable,
                                                            travel):
    from tables.floor.services import table_assign_paytable

    table_assign_paytable(actor=supervisor, table=other_table, paytable=us_paytable)
    travel(at(2026, 3, 3, 9, 0))
    client.force_login(supervisor)
    address = f"/tables/{live_table.pk}/seats/"

    seated = client.post(address, {"action": "seat", "seat": "2", "card": "10042"},
                         follow=True)
    unknown = client.post(address, {"action": "seat", "seat": "3", "card": "555"},
                          follow=True)
    rating = Rating.objects.get()
    moved = client.post(address, {"action": "move", "rating": rating.pk,
                                  "to_table": other_table.pk, "to_seat": "4"}, follow=True)

    said = [str(m) for r in (seated, unknown, moved) for m in r.context["messages"]]
    assert said == ["Pat (Gold) is seated at seat 2: his rating is open.",
                    "Not done: Card number: No player holds card '555'.",
                    f"Pat moved to {other_table.label} seat 4: one rating closed, the next "
                    "open, in the same visit."]
    assert Rating.objects.get(moved_from=rating).table == other_table


def test_the_seats_page_of_a_poker_table_rates_by_the_hour(client, holdem, live_table, pat,
                                                          supervisor, travel):
    """A card room's table has its seats page too: seated by card, its time at the game
    and stakes, and a move only to another poker table (never to a stud table)."""
    travel(at(2026, 3, 3, 20, 0))
    client.force_login(supervisor)
    seated = client.post(f"/tables/{holdem.pk}/seats/", {"action": "seat", "seat": "4",
                                                         "card": "10042"}, follow=True)
    travel(at(2026, 3, 3, 20, 20))
    got = client.get(f"/tables/{holdem.pk}/seats/")
    assert got.status_code == 200, (got.status_code, got.get("Location"))
    page = html.unescape(got.content.decode())

    assert [str(m) for m in seated.context["messages"]] == [
        "Pat (Gold) is seated at seat 4: his rating is open."]
    assert "Texas hold'em 20.00/40.00 fixed limit" in page
    assert "since 20:00, 20 min" in page
    assert f'<option value="{live_table.pk}"' not in page   # a move stays in the card room
    assert f"/tables/{holdem.pk}/seats/" in client.get("/pit/").content.decode()


def fold_with_a_side_wager(dealer, table, rating, capture_on_commit):
    """Seat 1 folds with a side wager at ``table``; the rating's figures are then read
    once with the after-commit work run (the theoretical hold it asks for is computed)."""
    played, _ = stud_round_record(actor=dealer, table=table, dealer_cards=DEALER,
                                  seats=[{"seat": 1, "ante": "10.00", "decision": "fold",
                                          "progressive": True,
                                          "cards": ["Qs", "Jd", "8h", "5c", "3s"]}])
    with capture_on_commit(execute=True):
        rating_figures(rating)
    return played


def test_a_side_wager_adds_the_house_share_at_the_meter_it_met(
        live_table, pat, dealer, supervisor, travel, django_capture_on_commit_callbacks):
    """One fold with the side wager: the ante's edge plus the wager times 1 - the side
    bet's return at the meter before the round (not the reserve's balance, nor twice)."""
    from payouts.analysis.models import ParAnalysis
    from payouts.jackpots.models import MeterEntry, award_rules
    from payouts.jackpots.services import progressive_create
    from tables.floor.services import table_link_progressive
    from tables.rules.side_wager import side_wager_sheet

    travel(at(2026, 3, 3, 8, 0))
    jackpot_table = table_link_progressive(  # with a reserve: two contribution entries
        actor=supervisor, table=live_table, progressive=progressive_create(
            actor=supervisor, name="Rated Jackpot", currency="USD", seed=D("10000.00"),
            contribution_rate=D("0.70"), reserve_rate=D("0.05"),
            approval_threshold=D("10000.00"), casino=live_table.casino))
    travel(at(2026, 3, 3, 9, 0))
    rating = services.rating_open(actor=supervisor, table=jackpot_table, seat=1, player=pat)
    travel(at(2026, 3, 3, 9, 5))
    played = fold_with_a_side_wager(dealer, jackpot_table, rating,
                                    django_capture_on_commit_callbacks)
    figures = rating_figures(rating)

    meter = jackpot_table.progressive
    meter.refresh_from_db()
    entry = MeterEntry.objects.get(round=played, kind="contribution", meter="meter")
    sheet = side_wager_sheet(award_rules(meter.awards), wager=meter.wager,
                             contribution_rate=meter.contribution_rate, seed=meter.seed)
    edge = Fraction(ParAnalysis.objects.get(paytable=jackpot_table.paytable).result[
        "exact"]["house_edge"])
    wager = Fraction(played.seats.get().progressive_wager)
    expected = 10 * edge + wager * (1 - sheet.return_at(entry.balance_after - entry.amount))
    assert MeterEntry.objects.filter(round=played, kind="contribution").count() > 1
    assert figures["theoretical_win"] == (
        Decimal(expected.numerator) / Decimal(expected.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP)


@pytest.mark.django_db(transaction=True)  # each write its own transaction, as on the floor
def test_a_side_wager_is_weighed_by_the_meters_awards_as_they_stood_at_its_round(
        live_table, pat, dealer, supervisor, controller, django_capture_on_commit_callbacks):
    """The awards changed after the round: his rating keeps the house share of the awards
    the wager was played for (the meter's audit trail), not today's. On the real clock and
    committed write by write: the trail's times are the database's, its transaction's."""
    from payouts.jackpots.models import MeterEntry, award_rules
    from payouts.jackpots.services import progressive_create, progressive_update
    from tables.floor.services import table_link_progressive
    from tables.rules.side_wager import side_wager_sheet

    jackpot_table = table_link_progressive(actor=supervisor, table=live_table,
                                           progressive=progressive_create(
        actor=supervisor, name="Changing Jackpot", currency="USD", seed=D("10000.00"),
        contribution_rate=D("0.70"), approval_threshold=D("10000.00"),
        casino=live_table.casino))
    rating = services.rating_open(actor=supervisor, table=jackpot_table, seat=1, player=pat)
    played = fold_with_a_side_wager(dealer, jackpot_table, rating,
                                    django_capture_on_commit_callbacks)
    before = rating_figures(rating)["theoretical_win"]
    meter = jackpot_table.progressive
    meter.refresh_from_db()
    old = dict(meter.awards)
    richer = {**old, "straight_flush": {"percent": "50"}}
    progressive_update(actor=supervisor, progressive=meter, awards=richer)

    entry = MeterEntry.objects.get(round=played, kind="contribution", meter="meter")
    at_meter = entry.balance_after - entry.amount

    def house_share(awards) -> Fraction:
        return 1 - side_wager_sheet(award_rules(awards), wager=meter.wager,
                                    contribution_rate=meter.contribution_rate,
                                    seed=meter.seed).return_at(at_meter)

    assert house_share(richer) != house_share(old)   # the change would show, were it read
    assert rating_figures(rating)["theoretical_win"] == before


def test_a_poker_rating_is_his_time_at_the_game_and_stakes(api, holdem, pat, supervisor,
                                                         play_hand, travel):
    """The card room comps by the hour: time (breaks left out), game and stakes; no
    stud figures."""
    travel(at(2026, 3, 3, 20, 0))
    rating = services.rating_open(actor=supervisor, table=holdem, seat=4, player=pat)
    play_hand(holdem, at(2026, 3, 3, 20, 30))
    travel(at(2026, 3, 3, 21, 0))
    services.rating_pause(actor=supervisor, rating=rating)
    travel(at(2026, 3, 3, 21, 15))
    services.rating_resume(actor=supervisor, rating=rating)
    travel(at(2026, 3, 3, 23, 0))
    services.rating_close(actor=supervisor, rating=rating)

    read = api.as_user(supervisor).get(f"/api/v1/ratings/{rating.pk}/").json()

    assert {k: read[k] for k in ("status", "seconds_played", "game", "stakes", "hands",
                                 "wagered", "actual_win", "theoretical_win")} == {
        "status": "closed", "seconds_played": 3 * 3600 - 15 * 60, "game": "holdem",
        "stakes": "20.00/40.00 fixed limit", "hands": None, "wagered": None,
        "actual_win": None, "theoretical_win": None}
    assert "HE-1 seat 4 · 20.00/40.00 fixed limit" in page_of(supervisor, pat)
