"""Progressive jackpots: configuration, contributions, hits paid exactly once, approval."""

from decimal import Decimal

import pytest
from django.db.models import Sum

from payouts.jackpots import services as progressives
from payouts.jackpots import settlement
from payouts.jackpots.models import HitStatus, JackpotHit, MeterEntry, Progressive
from tables.floor.services import (
    casino_create,
    table_assign_paytable,
    table_create,
    table_link_progressive,
)
from tables.stud.services import stud_round_record
from tests.conftest import make_user
from tests.jackpots.conftest import W2G_PLAYER

pytestmark = pytest.mark.django_db

D = Decimal
DEALER = ["As", "Kd", "7c", "4h", "2s"]


def play(dealer, table, *seats, void=None):
    round_, _ = stud_round_record(actor=dealer, table=table, dealer_cards=None if void else DEALER,
                                  void=void, seats=list(seats))
    return round_


def seat(n, cards, decision="raise", progressive=True, **kw):
    return {"seat": n, "ante": D("10.00"), "decision": decision, "progressive": progressive,
            "cards": cards.split(), **kw}


def ledger_balance(progressive, meter="meter"):
    return MeterEntry.objects.filter(progressive=progressive, meter=meter).aggregate(
        s=Sum("amount"))["s"] or D(0)


def test_the_contract_fields_of_a_progressive(api, controller):
    response = api.as_user(controller).post("/api/v1/progressives/", {
        "name": "Pit 3", "currency": "USD", "seed": "5000.00", "contribution_rate": "0.70"},
        format="json")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["wager"], body["amount"], body["contribution_rate"]) == (
        "1.00", "5000.00", "0.70000")
    assert body["awards"]["royal_flush"] == {"percent": "100"}
    assert body["awards"]["four_of_a_kind"] == {"fixed": "500.00"}


def test_changing_the_meter_by_hand_is_refused_without_a_correction(api, controller,
                                                                   progressive):
    response = api.as_user(controller).patch(f"/api/v1/progressives/{progressive.pk}/",
                                             {"amount": "1.00", "seed": "12000.00"},
                                             format="json")
    assert response.status_code == 400
    assert "documented corrections" in response.json()["amount"][0]
    progressive.refresh_from_db()
    assert (progressive.amount, progressive.seed) == (D("10000.00"), D("10000.00"))

    corrected = api.post(f"/api/v1/progressives/{progressive.pk}/correct/",
                         {"new_balance": "9990.00", "reason": "Seed keyed wrong"},
                         format="json")
    assert corrected.status_code == 201
    entry = MeterEntry.objects.filter(kind="correction").get()
    assert (entry.amount, entry.reason, entry.created_by) == (D("-10.00"), "Seed keyed wrong",
                                                              controller)


def test_a_table_links_only_a_meter_in_its_currency(supervisor, controller, live_table):
    pounds = progressives.progressive_create(actor=controller, name="Mayfair", currency="GBP",
                                             seed=D(1000), contribution_rate=D("0.5"))
    with pytest.raises(Exception, match="kept in GBP; CS-1 plays in USD"):
        table_link_progressive(actor=supervisor, table=live_table,
                                        progressive=pounds)


def test_side_wagers_feed_the_meter_in_the_rounds_transaction(dealer, jackpot_table,
                                                              progressive):
    for _ in range(10):
        play(dealer, jackpot_table, seat(1, "Qh Qs 9d 5c 3h"), seat(2, "Jh Js 9c 5s 3c"))

    progressive.refresh_from_db()
    assert progressive.amount == D("10014.00")  # 20 wagers x 0.70
    assert ledger_balance(progressive) == progressive.amount


def test_the_contract_example_with_a_jackpot_wager(api, dealer, jackpot_table):
    response = api.as_user(dealer).post(f"/api/v1/tables/{jackpot_table.pk}/stud-rounds/", {
        "dealer_cards": DEALER, "seats": [
            {"seat": 1, "ante": "10.00", "decision": "raise", "progressive": True,
             "cards": ["Qh", "Qs", "9d", "5c", "3h"]},
            {"seat": 3, "ante": "5.00", "decision": "fold", "progressive": False}]},
        format="json")

    assert response.status_code == 201, response.json()
    seat1, seat3 = response.json()["seats"]
    assert seat1["progressive"]["wager"] == "1.00"
    assert seat1["progressive"]["award"] == "0.00"  # a pair wins nothing on the side wager
    assert seat3["progressive"] is None


def test_a_hit_is_pending_until_settled_then_paid_once(api, dealer, jackpot_table, progressive,
                                                       django_capture_on_commit_callbacks):
    round_ = play(dealer, jackpot_table, seat(4, "9h 8h 7h 6h 5h"))  # straight flush: 10%
    hit = JackpotHit.objects.get()
    assert hit.status == HitStatus.PENDING
    body = api.as_user(dealer).get(f"/api/v1/stud-rounds/{round_.pk}/").json()
    assert body["seats"][0]["progressive"]["award"] == "pending"

    assert settlement.settle_pending_hits(progressive.pk) == 1
    assert settlement.settle_pending_hits(progressive.pk) == 0  # a second run pays nothing

    hit.refresh_from_db()
    assert (hit.status, hit.amount, hit.meter_before) == (
        HitStatus.PAID, D("1000.07"), D("10000.70"))
    progressive.refresh_from_db()
    assert progressive.amount == D("9000.63")
    assert ledger_balance(progressive) == progressive.amount
    body = api.get(f"/api/v1/stud-rounds/{round_.pk}/").json()
    assert body["seats"][0]["progressive"]["award"] == "1000.07"


def test_a_folded_seat_wins_the_jackpot_by_its_cards_alone(dealer, jackpot_table):
    play(dealer, jackpot_table, seat(2, "Ah Jh 8h 6h 2h", decision="fold"))

    assert JackpotHit.objects.get().category == "flush"


def test_a_void_round_returns_the_side_wager_and_feeds_nothing(dealer, jackpot_table,
                                                              progressive):
    play(dealer, jackpot_table, {"seat": 1, "ante": D(10), "decision": "raise",
                                 "progressive": True}, void="misdeal")

    progressive.refresh_from_db()
    assert progressive.amount == D("10000.00")
    assert not JackpotHit.objects.exists()


def test_two_royals_in_one_round_share_the_meter_and_it_resets(dealer, jackpot_table,
                                                              progressive, supervisor):
    round_ = stud_round_record(actor=dealer, table=jackpot_table,
                               dealer_cards=["2c", "3d", "7c", "4h", "9s"], seats=[
                                   seat(2, "As Ks Qs Js Ts"), seat(5, "Ah Kh Qh Jh Th")])[0]
    settlement.settle_pending_hits(progressive.pk)

    hits = list(JackpotHit.objects.filter(round=round_).order_by("seat"))
    assert [(h.amount, h.shared_by, h.status) for h in hits] == [
        (D("5000.70"), 2, HitStatus.PAID), (D("5000.70"), 2, HitStatus.PAID)]
    assert all(h.w2g for h in hits)
    assert not any(h.withholding for h in hits)  # 5000.70 - 1.00 does not exceed 5,000
    progressive.refresh_from_db()
    assert progressive.amount == D("10000.00")
    assert ledger_balance(progressive) == progressive.amount


def test_awards_over_the_threshold_wait_for_a_supervisor(api, dealer, supervisor, jackpot_table,
                                                        progressive, controller):
    progressives.progressive_correct(actor=controller, progressive=progressive,
                                     meter="meter", new_balance=D("50000.00"),
                                     reason="test: a grown meter")
    play(dealer, jackpot_table, seat(1, "Ah Kh Qh Jh Th"))
    settlement.settle_pending_hits(progressive.pk)
    hit = JackpotHit.objects.get()
    assert (hit.status, hit.amount) == (HitStatus.AWAITING_APPROVAL, D("50000.70"))

    witness = make_user("wendy_witness", "accountant")
    body = {"witness": witness.username, "witness_password": "wendy_witness-password-1",
            "player": W2G_PLAYER}
    refused = api.as_user(dealer).post(f"/api/v1/jackpot-hits/{hit.pk}/approve/", body,
                                       format="json")
    approved = api.as_user(supervisor).post(f"/api/v1/jackpot-hits/{hit.pk}/approve/", body,
                                            format="json")

    assert refused.status_code == 403
    assert (approved.json()["status"], approved.json()["approved_by"],
            approved.json()["witnessed_by"]) == ("paid", supervisor.pk, witness.pk)


def test_jackpot_hits_list_the_contract_fields(api, accountant, dealer, jackpot_table,
                                               progressive):
    round_ = play(dealer, jackpot_table, seat(3, "9c 9d 9h 9s 2d"))
    settlement.settle_pending_hits(progressive.pk)

    (row,) = api.as_user(accountant).get("/api/v1/jackpot-hits/").json()["results"]

    assert {k: row[k] for k in ("round", "seat", "category", "amount", "meter_before",
                                "status")} == {
        "round": round_.pk, "seat": 3, "category": "four_of_a_kind", "amount": "500.00",
        "meter_before": "10000.70", "status": "paid"}


def test_a_second_award_for_the_same_seat_is_impossible(dealer, jackpot_table, progressive):
    from django.db import IntegrityError, transaction

    play(dealer, jackpot_table, seat(3, "9c 9d 9h 9s 2d"))
    hit = JackpotHit.objects.get()
    with pytest.raises(IntegrityError), transaction.atomic():
        JackpotHit.objects.create(progressive=progressive, round=hit.round, seat=3,
                                  category="four_of_a_kind", wager=D(1),
                                  recorded_at=hit.recorded_at)


def test_the_sweep_settles_every_meter_with_pending_hits(dealer, jackpot_table, progressive):
    from payouts.jackpots.tasks import sweep_pending_hits

    play(dealer, jackpot_table, seat(3, "9c 9d 9h 9s 2d"))

    assert sweep_pending_hits() == 1
    assert JackpotHit.objects.get().status == HitStatus.PAID
    assert Progressive.objects.get().amount == D("10000.70")


def test_the_floor_sign_needs_no_login_and_shows_the_meter(client, progressive):
    page = client.get(f"/sign/{progressive.pk}/")
    state = client.get(f"/sign/{progressive.pk}/state.json").json()

    assert page.status_code == 200
    assert "Harbor Jackpot" in page.content.decode()
    # version: the meter's last ledger entry (the seed), which orders the signs' states
    assert state == {"name": "Harbor Jackpot", "currency": "USD", "amount": "10000.00",
                     "pending": None, "version": progressive.entries.latest("id").id}


def test_the_sign_shows_pending_and_the_table_while_a_top_award_awaits_approval(
        controller, client, dealer, supervisor, jackpot_table, progressive):
    from django.core.cache import cache

    progressives.progressive_correct(actor=controller, progressive=progressive, meter="meter",
                                     new_balance=D("50000.00"), reason="test: a grown meter")
    play(dealer, jackpot_table, seat(1, "Ah Kh Qh Jh Th"))
    settlement.settle_pending_hits(progressive.pk)
    cache.clear()

    state = client.get(f"/sign/{progressive.pk}/state.json").json()

    assert state["pending"] == {"table": "CS-1", "seat": 1, "category": "royal_flush",
                                "amount": "50000.70"}
    assert state["amount"] == "10000.00"  # reseeded at once so play goes on


def test_an_unknown_sign_is_a_404(client):
    assert client.get("/sign/999999/state.json").status_code == 404


def test_the_supervisor_page_shows_meters_hits_and_approves(controller, client, dealer, supervisor,
                                                           jackpot_table, progressive):
    progressives.progressive_correct(actor=controller, progressive=progressive, meter="meter",
                                     new_balance=D("50000.00"), reason="test: a grown meter")
    play(dealer, jackpot_table, seat(1, "Ah Kh Qh Jh Th"))
    play(dealer, jackpot_table, seat(2, "9c 9d 9h 9s 2d"))
    settlement.settle_pending_hits(progressive.pk)
    client.force_login(supervisor)

    page = client.get(f"/pit/progressives/{progressive.pk}/").content.decode()
    assert "Awaiting your approval" in page
    assert "Ah Kh Qh Jh Th" in page
    assert "four of a kind" in page
    hit = JackpotHit.objects.get(status="awaiting_approval")

    make_user("wendy_witness", "accountant")
    client.post(f"/pit/jackpot-hits/{hit.pk}/approve/", {
        "witness": "wendy_witness", "witness_password": "wendy_witness-password-1",
        "confirmed": "on", **W2G_PLAYER})

    hit.refresh_from_db()
    assert (hit.status, hit.approval.approved_by) == ("paid", supervisor)


def test_dealers_cannot_open_the_progressive_pages(client, dealer, progressive):
    client.force_login(dealer)

    assert client.get(f"/pit/progressives/{progressive.pk}/").status_code == 403


def test_a_period_reconciles_to_the_cent_across_contributions_awards_and_resets(controller,
        dealer, supervisor, jackpot_table, progressive):
    import datetime as dt

    from django.utils import timezone

    from payouts.jackpots.reconciliation import reconcile

    start = timezone.now()  # after the fixture seeded the meter
    for _ in range(3):
        play(dealer, jackpot_table, seat(1, "Qh Qs 9d 5c 3h"), seat(2, "Jh Js 9c 5s 3c"))
    play(dealer, jackpot_table, seat(5, "Ah Kh Qh Jh Th"))
    settlement.settle_pending_hits(progressive.pk)
    progressives.progressive_correct(actor=controller, progressive=progressive, meter="meter",
                                     new_balance=D("10000.50"), reason="count check")

    line = reconcile(progressive, start, timezone.now() + dt.timedelta(seconds=1))

    assert line.opening == D("10000.00")
    assert line.contributions == D("4.90")          # 7 wagers x 0.70
    assert line.awards == D("-10004.90")             # the royal took the whole meter
    assert line.resets == D("10000.00")              # and it went back to the seed
    assert line.corrections == D("0.50")
    assert line.closing == D("10000.50")
    assert line.balanced


def test_the_nightly_check_records_a_meter_that_disagrees_with_its_ledger(client, supervisor,
                                                                         progressive):
    from django.utils import timezone

    from payouts.jackpots.models import ReconciliationCheck
    from payouts.jackpots.reconciliation import check_all

    today = progressive.books_day(timezone.now())  # a day still open: held against the meter
    assert all(c.balanced for c in check_all(today))

    Progressive.objects.filter(pk=progressive.pk).update(amount=D("12345.00"))  # no entry
    check_all(today)

    bad = ReconciliationCheck.objects.get(balanced=False)
    assert (bad.meter, bad.closing) == ("meter", D("10000.00"))
    # Such a meter could not commit (a constraint trigger, test_ledger_constraints.py); the
    # nightly check is the second line, for a database restored from elsewhere.
    Progressive.objects.filter(pk=progressive.pk).update(amount=D("10000.00"))
    client.force_login(supervisor)
    assert "Meters that did not reconcile" in client.get("/pit/progressives/").content.decode()


def test_the_dealer_is_told_about_jackpot_hits(dealer, jackpot_table, progressive):
    from tables.stud.wording import jackpot_instructions, payout_instructions

    round_ = play(dealer, jackpot_table, seat(3, "9c 9d 9h 9s 2d"))
    told = jackpot_instructions(round_)
    assert told == ["Seat 3 hit the jackpot with a four of a kind. The award is being "
                    "settled. Keep the cards face up on the table and call the supervisor; "
                    "do not start the next round until they come."]
    assert "Collect the side wagers ($1.00 each) of seat 3." in payout_instructions(round_)

    settlement.settle_pending_hits(progressive.pk)
    assert jackpot_instructions(type(round_).objects.get(pk=round_.pk)) == [
        "Pay seat 3's jackpot: $500.00 for a four of a kind."]


def test_a_large_award_waits_for_approval_in_words_with_thousands(dealer, jackpot_table,
                                                                 progressive):
    from tables.stud.wording import jackpot_instructions

    type(progressive).objects.filter(pk=progressive.pk).update(approval_threshold=D("5000"))
    round_ = play(dealer, jackpot_table, seat(3, "Ah Kh Qh Jh Th"))
    settlement.settle_pending_hits(progressive.pk)

    told = jackpot_instructions(type(round_).objects.get(pk=round_.pk))
    assert "Seat 3 hit the jackpot with a royal flush: $10,000.70" in told[0], told
    assert "supervisor's approval and a W-2G" in told[0]
    assert "Keep the cards face up on the table and call the supervisor" in told[0]


def test_meter_movements_do_not_clutter_the_parameter_history(controller, dealer, supervisor,
                                                             jackpot_table, progressive):
    from pghistory.models import Events

    play(dealer, jackpot_table, seat(1, "Qh Qs 9d 5c 3h"))
    progressives.progressive_update(actor=controller, progressive=progressive,
                                    approval_threshold=D("15000.00"))

    reasons = [e.pgh_context["reason"] for e in
               Events.objects.tracks(progressive).order_by("pgh_id")]
    assert reasons == ["progressive created", "progressive parameters changed"]


def test_any_period_reconciles_through_the_api(api, accountant, dealer, jackpot_table,
                                               progressive):
    play(dealer, jackpot_table, seat(1, "Qh Qs 9d 5c 3h"))

    response = api.as_user(accountant).get(
        f"/api/v1/progressives/{progressive.pk}/reconciliation/",
        {"start": "2000-01-01T00:00:00Z", "end": "2100-01-01T00:00:00Z"})

    assert response.status_code == 200
    meter = next(line for line in response.json() if line["meter"] == "meter")
    assert (meter["opening"], meter["contributions"], meter["resets"], meter["closing"],
            meter["balanced"]) == ("0.00", "0.70", "10000.00", "10000.70", True)
    bad = api.get(f"/api/v1/progressives/{progressive.pk}/reconciliation/",
                  {"start": "yesterday", "end": "2000-01-01T00:00:00Z"})
    assert bad.status_code == 400
    assert "start" in bad.json()


@pytest.fixture
def yen_jackpot_table(supervisor, dealer):
    """CS-J at a yen casino, on a yen meter: 100-yen side wagers, 70.5% to the meter."""
    from payouts.terms import services as payouts
    from tables.floor.services import table_link_progressive

    casino = casino_create(actor=supervisor, name="Ginza", currency="JPY",
                                    timezone="Asia/Tokyo")
    table = table_create(actor=supervisor, casino=casino, label="CS-J", status="open",
                                  game="caribbean_stud", dealers=[dealer])
    paytable = payouts.paytable_publish(actor=supervisor, paytable=payouts.paytable_create(
        actor=supervisor, name="Ginza US", variant="us", casino=casino))
    table_assign_paytable(actor=supervisor, table=table, paytable=paytable)
    meter = progressives.progressive_create(
        actor=supervisor, name="Ginza Jackpot", currency="JPY", seed=D(1_000_000),
        wager=D(100), contribution_rate=D("0.705"), approval_threshold=D(50_000_000),
        casino=casino)
    return table_link_progressive(actor=supervisor, table=table,
                                               progressive=meter)


def test_a_yen_meter_takes_and_pays_whole_yen(dealer, supervisor, yen_jackpot_table):
    meter = yen_jackpot_table.progressive
    play(dealer, yen_jackpot_table, seat(1, "Qh Qs 9d 5c 3h"))  # 70.5 yen: 70 to the meter
    meter.refresh_from_db()
    assert meter.amount == D(1_000_070)

    progressives.progressive_correct(actor=supervisor, progressive=meter, meter="meter",
                                     new_balance=D(1_000_003), reason="test set-up")
    play(dealer, yen_jackpot_table, seat(2, "9h 8h 7h 6h 5h"))  # a straight flush: 10%
    settlement.settle_pending_hits(meter.pk)

    hit = JackpotHit.objects.get()
    meter.refresh_from_db()
    assert hit.amount == D(100_007)  # 10% of 1,000,073 yen, not 100,007.30
    assert meter.amount == D(900_066)
    assert ledger_balance(meter) == meter.amount
    assert all(entry.amount % 1 == 0 for entry in MeterEntry.objects.filter(progressive=meter))


@pytest.mark.parametrize(("field", "value"), [("seed", "1000.50"), ("wager", "100.50")])
def test_a_yen_meter_refuses_amounts_finer_than_a_yen(api, controller, field, value):
    body = {"name": "Ginza", "currency": "JPY", "seed": "1000000", "wager": "100",
            "contribution_rate": "0.70", field: value}
    response = api.as_user(controller).post("/api/v1/progressives/", body, format="json")

    assert response.status_code == 400
    assert value in response.json()[field][0]
    assert "JPY" in response.json()[field][0]
    assert not Progressive.objects.exists()


@pytest.mark.parametrize(("new_balance", "named"), [
    ("-1.00", "never goes below zero; -1.00"), ("1E+4", "'1E+4' is not")])
def test_a_correction_to_a_negative_or_unreadable_balance_is_refused(api, controller,
                                                                     progressive, new_balance,
                                                                     named):
    response = api.as_user(controller).post(f"/api/v1/progressives/{progressive.pk}/correct/",
                                            {"new_balance": new_balance, "reason": "typo"},
                                            format="json")

    assert response.status_code == 400
    assert named in response.json()["new_balance"][0]
    progressive.refresh_from_db()
    assert progressive.amount == D("10000.00")
    assert not MeterEntry.objects.filter(kind="correction").exists()


def test_a_round_shows_the_jackpot_wager_it_was_played_with(api, dealer, supervisor, controller,
                                                            jackpot_table, progressive):
    round_ = play(dealer, jackpot_table, seat(1, "Qh Qs 9d 5c 3h"))
    progressives.progressive_update(actor=controller, progressive=progressive, wager=D(5))

    body = api.as_user(dealer).get(f"/api/v1/stud-rounds/{round_.pk}/").json()

    assert body["seats"][0]["progressive"]["wager"] == "1.00"
    assert round_.seats.get().progressive_wager == D("1.00")
