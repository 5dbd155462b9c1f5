"""Tamper evidence: every meter entry is chained to the one before it; a row altered by
the database owner (past the append-only trigger) is reported with its id."""

import datetime as dt
from decimal import Decimal as D

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from casino.common.chains import breaks
from payouts.jackpots.models import MeterEntry

pytestmark = pytest.mark.django_db


def test_each_entry_holds_the_hash_of_the_one_before(ledger, capsys):
    assert all(len(e.row_hash) == 64 for e in MeterEntry.objects.all())
    rows = list(MeterEntry.objects.filter(pk__in=[e.pk for e in ledger]).order_by("id"))
    assert rows[0].prev_hash == ""
    assert [r.prev_hash for r in rows[1:]] == [r.row_hash for r in rows[:-1]]
    call_command("verify_ledgers")
    assert "All ledgers intact: " in capsys.readouterr().out


def test_an_entry_altered_by_the_owner_is_reported_at_that_row(ledger, as_owner, capsys):
    altered = ledger[2]
    as_owner("UPDATE payouts_meterentry SET amount = amount + 1000 WHERE id = %s",
             [altered.pk])
    chain = {"progressive_id": altered.progressive_id, "meter": "meter"}
    # Every break, not only the first: the entry itself, and the next one's balance, which
    # no longer follows from the amounts before it.
    assert breaks() == [
        {"ledger": "meter", "entry": altered.pk, "broken": "content", "chain": chain},
        {"ledger": "meter", "entry": ledger[3].pk, "broken": "balance", "chain": chain}]
    with pytest.raises(CommandError, match="3 break"):  # and the service's signature
        call_command("verify_ledgers")
    err = capsys.readouterr().err
    assert f"entry {altered.pk} does not match its content" in err
    assert f"The meter entry {altered.pk}: content differs from what the service" in err


def test_an_entry_removed_by_the_owner_breaks_the_next_one(ledger, as_owner):
    as_owner("DELETE FROM payouts_meterentry WHERE id = %s", [ledger[1].pk])
    assert [(b["entry"], b["broken"]) for b in breaks()] == [
        (ledger[2].pk, "previous hash"), (ledger[3].pk, "balance")]


def test_the_nightly_check_shows_on_healthz_and_to_supervisors(ledger, as_owner, client,
                                                              supervisor):
    from payouts.jackpots.tasks import verify_ledgers

    assert verify_ledgers() == 0
    assert client.get("/healthz").json()["ledgers"]["intact"] is True

    as_owner("UPDATE payouts_meterentry SET reason = 'nothing to see' WHERE id = %s",
             [ledger[3].pk])
    assert verify_ledgers() == 2  # the database's own hash, and the service's signature
    shown = client.get("/healthz").json()["ledgers"]
    assert shown["intact"] is False
    assert shown["breaks"][0]["entry"] == ledger[3].pk
    client.force_login(supervisor)
    page = client.get("/pit/progressives/").content.decode()
    assert "A ledger was altered" in page
    assert f"entry {ledger[3].pk} does not match its content" in page


def test_the_bad_beat_fund_ledger_is_chained_and_checked_too(us_casino, supervisor, as_owner,
                                                             capsys):
    from tables.poker.models import BadBeatEntry, BadBeatFund

    fund = BadBeatFund.objects.create(casino=us_casino)
    balance = D(0)
    for amount in ("1.00", "1.00", "-0.50"):
        balance += D(amount)
        BadBeatEntry.objects.create(fund=fund, kind="drop", amount=D(amount),
                                    balance_after=balance, created_by=supervisor)
    BadBeatFund.objects.filter(pk=fund.pk).update(balance=balance)
    entries = list(BadBeatEntry.objects.filter(fund=fund).order_by("id"))
    assert [e.prev_hash for e in entries[1:]] == [e.row_hash for e in entries[:-1]]
    assert breaks() == []

    as_owner("UPDATE tables_badbeatentry SET note = 'paid out' WHERE id = %s",
             [entries[0].pk], table="tables_badbeatentry")
    assert breaks() == [{"ledger": "bad-beat fund", "entry": entries[0].pk,
                               "broken": "content", "chain": {"fund_id": fund.pk}}]
    with pytest.raises(CommandError):
        call_command("verify_ledgers")
    assert (f"The bad-beat fund ledger (fund {fund.pk}): entry {entries[0].pk} does not "
            "match its content") in capsys.readouterr().err


# --- The records of every table: rounds, hands, collections and voids -------------------


def seals_of(table) -> list:
    from tables.floor.models import RecordSeal

    return list(RecordSeal.objects.filter(table=table).order_by("id"))


def commit_now():
    with connection.cursor() as cursor:  # what COMMIT does to the deferred sealing
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def test_every_record_of_a_table_is_sealed_in_one_chain_when_it_commits(api, dealer,
                                                                       supervisor, live_table):
    from tables.stud.models import StudRoundVoid
    from tests.helpers import CONTRACT_ROUND

    first = api.as_user(dealer).post(f"/api/v1/tables/{live_table.pk}/stud-rounds/",
                                     CONTRACT_ROUND, format="json").json()["id"]
    second = api.as_user(dealer).post(f"/api/v1/tables/{live_table.pk}/stud-rounds/",
                                      CONTRACT_ROUND, format="json").json()["id"]
    voided = api.as_user(supervisor).post(f"/api/v1/stud-rounds/{first}/void/",
                                          {"reason": "misdeal"}, format="json")
    assert voided.status_code == 201
    commit_now()
    seals = seals_of(live_table)
    void = StudRoundVoid.objects.get(round_id=first)
    assert [(s.kind, s.record_id) for s in seals] == [
        ("stud_round", first), ("stud_round", second), ("stud_round_void", void.pk)]
    assert seals[0].prev_hash == ""
    assert [s.prev_hash for s in seals[1:]] == [s.row_hash for s in seals[:-1]]
    assert breaks() == []


@pytest.fixture
def sealed_rounds(api, dealer, live_table):
    from tests.helpers import CONTRACT_ROUND

    ids = [api.as_user(dealer).post(f"/api/v1/tables/{live_table.pk}/stud-rounds/",
                                    CONTRACT_ROUND, format="json").json()["id"]
           for _ in range(3)]
    return live_table, ids, seals_of(live_table)


def test_a_seat_altered_by_the_owner_breaks_its_rounds_seal(sealed_rounds, as_owner, capsys):
    table, ids, seals = sealed_rounds
    as_owner("UPDATE tables_studseat SET bet_result = bet_result + 100 WHERE round_id = %s "
             "AND seat = 1", [ids[1]], table="tables_studseat")
    assert breaks() == [{"ledger": "table records", "entry": seals[1].pk,
                               "broken": "content", "chain": {"table_id": table.pk}}]
    with pytest.raises(CommandError):
        call_command("verify_ledgers")
    assert (f"The table records ledger (table {table.pk}): entry {seals[1].pk} does not "
            "match its content") in capsys.readouterr().err


def test_a_round_removed_or_slipped_in_by_the_owner_is_found(sealed_rounds, as_owner):
    _, ids, seals = sealed_rounds
    as_owner("DELETE FROM tables_studseat WHERE round_id = %s", [ids[2]],
             table="tables_studseat")
    as_owner("DELETE FROM tables_studround WHERE id = %s", [ids[2]], table="tables_studround")
    assert breaks()[0]["entry"] == seals[2].pk

    as_owner("DELETE FROM tables_recordseal WHERE id = %s", [seals[2].pk],
             table="tables_recordseal")
    as_owner("INSERT INTO tables_studround (recorded_at, gaming_day, shift, dealer_cards, "
             "dealer_category, dealer_took_fifth_card, void, idempotency_key, "
             "idempotency_fingerprint, dealer_id, paytable_id, table_id) SELECT recorded_at, "
             "gaming_day, shift, dealer_cards, dealer_category, dealer_took_fifth_card, void, "
             "'', '', dealer_id, paytable_id, table_id FROM tables_studround WHERE id = %s",
             [ids[0]], table="tables_studround")
    [found] = breaks()
    assert found["broken"] == "seal (it has none)"
    assert found["entry"].startswith("stud_round ")


def test_a_balance_that_is_not_the_sum_of_its_ledger_is_reported(ledger, as_owner, capsys):
    """The hash holds (the owner recomputed it) but the amounts no longer add up."""
    altered = ledger[2]
    as_owner("UPDATE payouts_meterentry SET balance_after = balance_after + 10 WHERE id = %s",
             [altered.pk])
    as_owner("UPDATE payouts_meterentry SET row_hash = payouts_chain_hash("
             "payouts_meterentry_content(payouts_meterentry), prev_hash) WHERE id = %s",
             [altered.pk])
    found = breaks()
    assert (found[0]["entry"], found[0]["broken"]) == (altered.pk, "balance")


def test_a_meter_moved_behind_its_ledger_is_reported(ledger, as_owner, capsys):
    as_owner("UPDATE payouts_progressive SET amount = amount + 5000 WHERE id = %s",
             [ledger[0].progressive_id], table="payouts_progressive")
    [found] = breaks()
    assert (found["entry"], found["broken"]) == (ledger[-1].pk,
                                                 "balance (the meter shows another)")
    with pytest.raises(CommandError):
        call_command("verify_ledgers")
    assert "does not match its balance (the meter shows another)" in capsys.readouterr().err


def test_an_entry_never_takes_a_day_before_the_entry_ahead_of_it(ledger, progressive):
    # A round takes its gaming day before it waits for the shared meter: one that waited
    # across 06:00 is booked on the new day, so each ledger's days follow its ids.
    last = MeterEntry.objects.filter(progressive=progressive, meter="meter").last()
    later = last.gaming_day + dt.timedelta(days=1)
    ahead = MeterEntry.objects.create(progressive=progressive, kind="contribution", amount=D(0),
                                      balance_after=last.balance_after, gaming_day=later)
    behind = MeterEntry.objects.create(progressive=progressive, kind="contribution", amount=D(0),
                                       balance_after=last.balance_after,
                                       gaming_day=last.gaming_day)
    behind.refresh_from_db()
    assert (ahead.pk < behind.pk, behind.gaming_day) == (True, later)
    assert breaks() == []


def test_rounds_recorded_one_after_another_in_one_transaction_are_each_sealed_whole(
        api, dealer, jackpot_table):
    """A round with a side wager is sealed before it takes the meter; the next round of the
    same transaction (the demo's history) must still be sealed at commit, with its seats,
    not at its own insert before them."""
    from tests.helpers import CONTRACT_ROUND

    side_wager = {**CONTRACT_ROUND, "seats": [{**CONTRACT_ROUND["seats"][0], "progressive": True},
                                              CONTRACT_ROUND["seats"][1]]}
    for _ in range(3):
        answer = api.as_user(dealer).post(f"/api/v1/tables/{jackpot_table.pk}/stud-rounds/",
                                          side_wager, format="json")
        assert answer.status_code == 201, answer.content
    commit_now()
    assert len(seals_of(jackpot_table)) == 3
    assert breaks() == []
