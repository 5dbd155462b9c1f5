"""The rake, stud and jackpot reports tie out to the records and ledgers to the cent,
by day, table, dealer and shift, with late voids as adjustments on the day of the void."""

import datetime as dt
from decimal import Decimal as D

import pytest

from payouts.jackpots import services as progressives
from payouts.jackpots.settlement import settle_pending_hits
from tables.floor.services import table_link_progressive
from tables.poker.services import poker_hand_void
from tables.stud.services import stud_round_void
from tests.helpers import ROYAL_POSTED
from tests.reports.conftest import at

pytestmark = pytest.mark.django_db


def report(api, user, name, **query):
    response = api.as_user(user).get(f"/api/v1/reports/{name}/", query)
    assert response.status_code == 200, response.content
    return response.json()


def test_rake_rows_per_day_and_table_with_same_day_and_late_voids(
        api, accountant, supervisor, holdem, play_hand, travel):
    kept = play_hand(holdem, at(2026, 3, 3, 9), pot="85.00")          # rake 5.00 (capped)
    play_hand(holdem, at(2026, 3, 3, 15), pot="30.00")                 # rake 3.00, shift 2
    same_day = play_hand(holdem, at(2026, 3, 3, 16), pot="40.00")      # voided on its day
    poker_hand_void(actor=supervisor, hand=same_day, reason="misdeal")
    play_hand(holdem, at(2026, 3, 4, 10), pot="20.00")                 # rake 2.00
    travel(at(2026, 3, 4, 12))
    poker_hand_void(actor=supervisor, hand=kept, reason="recorded at the wrong table")

    body = report(api, accountant, "rake", **{"from": "2026-03-03", "to": "2026-03-04"})

    first, second = body["rows"]
    assert {k: first[k] for k in ("gaming_day", "table", "table_label", "hands", "pot_total",
                                  "rake", "voided")} == {
        "gaming_day": "2026-03-03", "table": holdem.pk, "table_label": "HE-1", "hands": 2,
        "pot_total": "115.00", "rake": "8.00", "voided": 1}
    assert (second["gaming_day"], second["hands"], second["rake"]) == ("2026-03-04", 1, "2.00")
    [late] = body["adjustments"]
    assert {k: late[k] for k in ("gaming_day", "record", "record_id", "original_gaming_day",
                                 "hands", "pot_total", "rake")} == {
        "gaming_day": "2026-03-04", "record": "poker hand", "record_id": kept.pk,
        "original_gaming_day": "2026-03-03", "hands": -1, "pot_total": "-85.00",
        "rake": "-5.00"}
    assert (body["totals"]["hands"], body["totals"]["rake"]) == (2, "5.00")
    # Every breakdown adds up to the totals: the late void is a line of its own in each.
    later = "later voids of earlier days' records"
    assert [(s["shift"], s["hands"], s["rake"]) for s in body["by_shift"]] == [
        (1, 2, "7.00"), (2, 1, "3.00"), (later, -1, "-5.00")]
    assert [(d["dealer_name"], d["rake"]) for d in body["by_dealer"]] == [
        ("dana_dealer", "10.00"), (later, "-5.00")]
    for breakdown in ("by_casino", "by_dealer", "by_shift"):
        assert sum(D(line["rake"]) for line in body[breakdown]) == D("5.00"), breakdown
        assert sum(line["hands"] for line in body[breakdown]) == 2, breakdown


def test_stud_handle_win_and_hold_and_the_paytable_in_force(
        api, supervisor, live_table, play_round, us_paytable):
    play_round(live_table, at(2026, 3, 3, 9))
    play_round(live_table, at(2026, 3, 3, 10))
    voided = play_round(live_table, at(2026, 3, 3, 11))
    stud_round_void(actor=supervisor, round_=voided, reason="dealt to the wrong seats")

    body = report(api, supervisor, "stud", **{"from": "2026-03-03", "to": "2026-03-03"})

    [row] = body["rows"]
    # Per round: seat 1 antes 10 and bets 20 and wins both; seat 3 folds its 5.
    assert {k: row[k] for k in ("rounds", "handle", "win", "hold", "jackpot_handle",
                                "voided", "paytables")} == {
        "rounds": 2, "handle": "70.00", "win": "-50.00", "hold": "-0.7143",
        "jackpot_handle": "0.00", "voided": 1, "paytables": ["House US v1"]}
    assert body["totals"]["handle"] == "70.00"
    assert body["by_dealer"][0]["dealer_name"] == "dana_dealer"


def test_a_jackpot_day_reconciles_contributions_awards_resets_and_corrections(
        api, accountant, supervisor, us_casino, live_table, play_round, travel):
    travel(at(2026, 3, 2, 8))
    meter = progressives.progressive_create(
        actor=supervisor, name="Harbor", currency="USD", seed=D("1000.00"),
        contribution_rate=D("0.50"), casino=us_casino, approval_threshold=D("100000.00"))
    table_link_progressive(actor=supervisor, table=live_table, progressive=meter)
    side = {"dealer_cards": ["2h", "3d", "8c", "9h", "Jd"], "seats": [
        ROYAL_POSTED,
        {"seat": 2, "ante": "10.00", "decision": "fold", "progressive": True,
         "cards": ["2c", "4d", "6h", "8s", "Tc"]}]}
    play_round(live_table, at(2026, 3, 3, 9), body=side)            # 2 wagers, royal hits
    settle_pending_hits(meter.pk)  # what the task queued after the round's commit does
    travel(at(2026, 3, 3, 12))
    progressives.progressive_correct(actor=supervisor, progressive=meter, meter="meter",
                                     new_balance=D("1200.00"), reason="count adjustment")
    play_round(live_table, at(2026, 3, 4, 9), body=side)

    body = report(api, accountant, "jackpots", **{"from": "2026-03-02", "to": "2026-03-04"})

    rows = body["rows"]
    assert [r["gaming_day"] for r in rows] == ["2026-03-02", "2026-03-03", "2026-03-04"]
    for row in rows:
        assert row["balanced"] is True
        assert D(row["opening"]) + D(row["contributions"]) - D(row["awards"]) \
            + D(row["resets"]) + D(row["corrections"]) == D(row["closing"])
    day = rows[1]
    assert (day["contributions"], day["awards"], day["resets"], day["corrections"],
            day["closing"], day["hits"], day["wagers"]) == (
        "1.00", "1001.00", "1000.00", "200.00", "1200.00", 1, "2.00")
    assert body["totals"]["awards"] == "1001.00"
    assert rows[2]["opening"] == rows[1]["closing"]
    assert day["liability"] == "200.00"
    [first_hit, _] = body["hits"]
    assert {k: first_hit[k] for k in ("table_label", "seat", "category", "amount",
                                      "meter_before", "status", "w2g")} == {
        "table_label": "CS-1", "seat": 1, "category": "royal_flush", "amount": "1001.00",
        "meter_before": "1001.00", "status": "paid", "w2g": True}


def test_filters_by_table_and_dealer(api, accountant, live_table, other_table, play_round,
                                     us_paytable, supervisor, other_dealer, travel):
    from tables.floor.services import table_assign_paytable
    from tables.stud.services import stud_round_record

    other = table_assign_paytable(actor=supervisor, table=other_table, paytable=us_paytable)
    play_round(live_table, at(2026, 3, 3, 9))
    travel(at(2026, 3, 3, 10))
    stud_round_record(actor=other_dealer, table=other, **{
        "dealer_cards": ["As", "Kd", "7c", "4h", "2s"],
        "seats": [{"seat": 2, "ante": "25.00", "decision": "fold"}]})
    span = {"from": "2026-03-03", "to": "2026-03-03"}

    by_table = report(api, accountant, "stud", table=other.pk, **span)
    by_dealer = report(api, accountant, "stud", dealer=other_dealer.pk, **span)

    assert [r["table_label"] for r in by_table["rows"]] == ["CS-2"]
    assert by_dealer["totals"]["handle"] == "25.00"
    assert report(api, accountant, "stud", **span)["totals"]["handle"] == "60.00"


@pytest.mark.parametrize(("query", "field", "words"), [
    ({"from": "2026-03-03"}, "to", "last gaming day"),
    ({"from": "2026-13-01", "to": "2026-03-03"}, "from", "'2026-13-01' is not a date"),
    ({"from": "2026-03-04", "to": "2026-03-03"}, "to", "comes before"),
    ({"from": "2025-01-01", "to": "2026-03-03"}, "to", "longer than a year"),
    ({"from": "2026-03-03", "to": "2026-03-03", "table": "x"}, "table", "'x' is not"),
    ({"from": "2026-03-03", "to": "2026-03-03", "casino": "999999"}, "casino", "no casino"),
    ({"from": "2026-03-03", "to": "2026-03-03", "format": "doc"}, "format", "'doc'"),
])
def test_a_bad_selection_is_refused_naming_the_field_and_value(api, accountant, query, field,
                                                               words):
    response = api.as_user(accountant).get("/api/v1/reports/rake/", query)
    assert response.status_code == 400
    assert words in " ".join(response.json()[field])


@pytest.mark.parametrize("name", ["rake", "jackpots", "stud", "stud/seats"])
def test_only_accountants_and_supervisors_read_reports(api, name, accountant, supervisor,
                                                       dealer, outsider):
    span = {"from": "2026-03-03", "to": "2026-03-03"}
    assert api.as_user(None).get(f"/api/v1/reports/{name}/", span).status_code == 401
    for user in (dealer, outsider):
        assert api.as_user(user).get(f"/api/v1/reports/{name}/", span).status_code == 403
    for user in (accountant, supervisor):
        assert api.as_user(user).get(f"/api/v1/reports/{name}/", span).status_code == 200


def test_an_empty_span_gives_empty_rows_and_zero_totals(api, accountant, us_casino):
    body = report(api, accountant, "rake", **{"from": "2026-03-03", "to": "2026-03-03"})
    assert body["rows"] == []
    assert body["totals"]["rake"] == "0.00"
    assert dt.date.fromisoformat(body["from"]) == dt.date(2026, 3, 3)


def test_rake_and_stud_over_casinos_of_two_currencies_sum_each_casino_apart(
        api, accountant, supervisor, dealer, holdem, live_table, us_paytable, play_hand,
        play_round):
    from payouts.terms import services as terms
    from tables.floor.services import casino_create, table_create, table_set_poker_settings
    from tables.reports import charts
    from tables.reports.rake import rake_report
    from tables.reports.selection import Selection

    mayfair = casino_create(actor=supervisor, name="Test Mayfair", currency="GBP",
                            timezone="Europe/London")
    pounds = terms.schedule_publish(actor=supervisor, schedule=terms.schedule_create(
        actor=supervisor, name="Ten in pounds", percent=D(10), cap=D("5.00"), currency="GBP",
        casino=mayfair))
    nl1 = table_set_poker_settings(
        actor=supervisor, table=table_create(actor=supervisor, casino=mayfair, label="NL-1",
                                             game="holdem", status="open", dealers=[dealer]),
        rake_schedule=pounds, structure="fixed_limit", small_bet=D(20), big_bet=D(40),
        small_blind=D(10), big_blind=D(20))
    uk_paytable = terms.paytable_publish(actor=supervisor, paytable=terms.paytable_create(
        actor=supervisor, name="House UK", variant="uk", currency="GBP", casino=mayfair))
    csp1 = table_create(actor=supervisor, casino=mayfair, label="CSP-1", status="open",
                        game="caribbean_stud", dealers=[dealer], paytable=uk_paytable)
    play_hand(holdem, at(2026, 3, 3, 9), pot="85.00")       # $5.00 rake (capped)
    play_hand(nl1, at(2026, 3, 3, 14), pot="30.00")         # £3.00
    play_round(live_table, at(2026, 3, 3, 10))               # the house loses $25.00
    play_round(csp1, at(2026, 3, 3, 15))
    span = {"from": "2026-03-03", "to": "2026-03-03"}
    why = ("Test Harbor in USD, Test Mayfair in GBP: amounts are summed per casino (see by "
           "casino), not together.")

    rake = report(api, accountant, "rake", **span)
    stud = report(api, accountant, "stud", **span)

    assert [(r["casino"], r["table_label"], r["rake"]) for r in rake["rows"]] == [
        ("Test Harbor", "HE-1", "5.00"), ("Test Mayfair", "NL-1", "3.00")]
    assert (rake["totals"]["hands"], rake["totals"]["rake"], rake["totals"]["state"]) == (
        2, None, why)
    assert [(c["casino"], c["hands"], c["rake"]) for c in rake["by_casino"]] == [
        ("Test Harbor", 1, "5.00"), ("Test Mayfair", 1, "3.00")]
    # The same dealer dealt in both casinos: summed in each, never dollars with pounds.
    assert [(d["casino"], d["dealer_name"], d["rake"]) for d in rake["by_dealer"]] == [
        ("Test Harbor", "dana_dealer", "5.00"), ("Test Mayfair", "dana_dealer", "3.00")]
    assert [(s["casino"], s["shift"], s["rake"]) for s in rake["by_shift"]] == [
        ("Test Harbor", 1, "5.00"), ("Test Mayfair", 2, "3.00")]
    assert (stud["totals"]["rounds"], stud["totals"]["win"], stud["totals"]["state"]) == (
        2, None, why)
    assert [(c["casino"], c["rounds"], c["win"]) for c in stud["by_casino"]] == [
        ("Test Harbor", 1, "-25.00"), ("Test Mayfair", 1, stud["rows"][1]["win"])]
    assert [(d["casino"], d["rounds"]) for d in stud["by_dealer"]] == [
        ("Test Harbor", 1), ("Test Mayfair", 1)]
    chart = charts.series(rake_report(Selection(first=at(2026, 3, 3, 9).date(),
                                                last=at(2026, 3, 3, 9).date(),
                                                within=(holdem.casino, mayfair))))
    # A chart per currency, each naming its unit: dollars and pounds never share an axis.
    assert [(c["unit"], c["label"], dict(zip(c["labels"], c["values"], strict=True)))
            for c in chart] == [
        # Read on the day itself: its bar is the day so far.
        ("GBP", "Rake per gaming day, GBP", {"2026-03-03 (so far)": "3.00"}),
        ("USD", "Rake per gaming day, USD", {"2026-03-03 (so far)": "5.00"})]


def test_a_chart_whose_bars_would_all_be_zero_is_said_in_words(holdem):
    from casino.house.models import Casino
    from tables.reports import charts
    from tables.reports.figures import Report
    from tables.reports.selection import Selection

    mayfair = Casino.objects.create(name="Test Mayfair", currency="GBP",
                                    timezone="Europe/London")
    day = at(2026, 3, 3, 9).date()
    rows = [{"gaming_day": "2026-03-03", "casino": "Test Harbor", "rake": "5.00"},
            {"gaming_day": "2026-03-03", "casino": "Test Mayfair", "rake": "0.00"}]

    # A card room that only collected time took no rake: its chart is a sentence.
    chart = charts.series(Report(name="rake", title="Rake report", columns=("casino", "rake"),
                                 selection=Selection(first=day, last=day,
                                                     within=(holdem.casino, mayfair)),
                                 rows=rows, totals={}))

    assert chart[0] == {"kind": "none", "unit": "GBP", "label": "Rake per gaming day, GBP: "
                        "every bar would be 0.00 in these days."}
    assert (chart[1]["unit"], chart[1]["values"]) == ("USD", ["5.00"])


def test_one_casino_keeps_its_totals(api, accountant, holdem, play_hand):
    play_hand(holdem, at(2026, 3, 3, 9), pot="85.00")

    body = report(api, accountant, "rake", **{"from": "2026-03-03", "to": "2026-03-03"})

    assert (body["totals"]["rake"], body["totals"].get("state")) == ("5.00", None)
    assert [(c["casino"], c["rake"]) for c in body["by_casino"]] == [("Test Harbor", "5.00")]


def test_meters_of_two_currencies_are_not_added_together(api, accountant, supervisor,
                                                         us_casino, travel):
    from tables.floor.services import casino_create

    travel(at(2026, 3, 2, 8))
    mayfair = casino_create(actor=supervisor, name="Test Mayfair", currency="GBP",
                            timezone="Europe/London")
    for name, currency, casino in (("Harbor", "USD", us_casino), ("Mayfair", "GBP", mayfair)):
        progressives.progressive_create(
            actor=supervisor, name=name, currency=currency, seed=D("1000.00"),
            contribution_rate=D("0.50"), casino=casino)

    body = report(api, accountant, "jackpots", **{"from": "2026-03-02", "to": "2026-03-02"})

    assert [(r["progressive_name"], r["closing"]) for r in body["rows"]] == [
        ("Harbor", "1000.00"), ("Mayfair", "1000.00")]
    assert (body["totals"]["opening"], body["totals"]["closing"]) == (None, None)
    assert body["totals"]["state"] == ("Harbor in USD, Mayfair in GBP: amounts are summed "
                                       "per progressive (its rows), not together.")
