"""Anchors: every chain's head signed with a key the database never holds and written to
a file outside it. What the database's owner can recompute (an unkeyed SHA-256), he can
rewrite consistently; the anchor is what he cannot. Each test tampers as the owner, the
way the issue's auditor did, and the walk alone would say "intact"."""

from __future__ import annotations

import json
from decimal import Decimal as D

import pytest
from django.core.management import CommandError, call_command

from casino.common import anchors
from casino.common.chains import breaks
from casino.models import LedgerAnchor
from payouts.jackpots import services as progressives

pytestmark = pytest.mark.django_db(transaction=True)

REHASH_METER = """
DO $$
DECLARE
    e payouts_meterentry;
    prev text := '';
BEGIN
    FOR e IN SELECT * FROM payouts_meterentry WHERE progressive_id = {} AND meter = 'meter'
              ORDER BY id LOOP
        UPDATE payouts_meterentry
           SET prev_hash = prev, row_hash = payouts_chain_hash(payouts_meterentry_content(e), prev)
         WHERE id = e.id;
        prev := payouts_chain_hash(payouts_meterentry_content(e), prev);
    END LOOP;
END $$"""


def test_an_anchor_signs_every_chains_head_in_the_file_and_the_database(ledger, settings,
                                                                       capsys):
    call_command("anchor_ledgers")
    assert "Anchor 1 signed with key 'demo'" in capsys.readouterr().out
    [line] = settings.LEDGER_ANCHOR_FILE.read_text().splitlines()
    signed = json.loads(line)
    assert signed["seq"] == 1
    assert signed["prev"] == ""
    assert len(signed["mac"]) == 64
    last = ledger[-1]
    assert ["meter", [last.progressive_id, "meter"], last.pk, last.row_hash, 4] in signed["heads"]
    assert LedgerAnchor.objects.get().mac == signed["mac"]
    call_command("verify_ledgers")
    out = capsys.readouterr().out
    assert "All ledgers intact" in out
    assert "last anchor 1 at " in out


def test_a_meter_entry_edited_with_its_chain_rehashed_after_the_anchor_is_found(
        ledger, owner_sql, capsys):
    anchors.anchor("before the owner's edit")
    edited, progressive = ledger[1], ledger[1].progressive_id
    owner_sql("ALTER TABLE payouts_meterentry DISABLE TRIGGER USER")
    owner_sql("ALTER TABLE payouts_progressive DISABLE TRIGGER USER")
    owner_sql("UPDATE payouts_meterentry SET amount = amount - 100, "
              "balance_after = balance_after - 100 WHERE id = %s", [edited.pk])
    owner_sql("UPDATE payouts_meterentry SET balance_after = balance_after - 100 "
              "WHERE progressive_id = %s AND meter = 'meter' AND id > %s",
              [progressive, edited.pk])
    owner_sql("UPDATE payouts_progressive SET amount = amount - 100 WHERE id = %s",
              [progressive])
    owner_sql(REHASH_METER.format(int(progressive)))
    owner_sql("ALTER TABLE payouts_meterentry ENABLE TRIGGER USER")
    owner_sql("ALTER TABLE payouts_progressive ENABLE TRIGGER USER")

    assert breaks() == []  # consistent: the chain alone cannot tell
    [found] = anchors.verify_anchors()
    assert (found["ledger"], found["entry"]) == ("meter", ledger[-1].pk)
    assert found["broken"] == "anchor 1 (the chain was rewritten after it was anchored)"
    # The service's signatures see every rewritten entry by itself (casino.common.proof).
    with pytest.raises(CommandError, match="4 break"):
        call_command("verify_ledgers")
    err = capsys.readouterr().err
    assert (f"The meter ledger (progressive {progressive}, meter meter): entry "
            f"{ledger[-1].pk} does not match its anchor 1 (the chain was rewritten after it "
            "was anchored).") in err
    for rewritten in ledger[1:]:
        assert (f"The meter entry {rewritten.pk}: content differs from what the service "
                "signed on ") in err


def test_a_poker_hand_and_its_seal_deleted_with_the_seals_rehashed_is_found(
        holdem, dealer, api, owner_sql):
    from tables.floor.models import RecordSeal

    hands = [api.as_user(dealer).post(f"/api/v1/tables/{holdem.pk}/poker-hands/",
                                      {"pot": pot, "flop_dealt": True}, format="json")
             for pot in ("85.00", "120.00", "60.00")]
    assert [h.status_code for h in hands] == [201, 201, 201]
    anchors.anchor("after three hands")
    gone = hands[1].json()["id"]
    seal = RecordSeal.objects.get(kind="poker_hand", record_id=gone)
    for table in ("tables_pokerpot", "tables_pokerseat", "tables_pokerhand", "tables_recordseal"):
        owner_sql(f"ALTER TABLE {table} DISABLE TRIGGER USER")
    owner_sql("DELETE FROM tables_pokerpot WHERE hand_id = %s", [gone])
    owner_sql("DELETE FROM tables_pokerseat WHERE hand_id = %s", [gone])
    owner_sql("DELETE FROM tables_pokerhand WHERE id = %s", [gone])
    owner_sql("DELETE FROM tables_recordseal WHERE id = %s", [seal.pk])
    table = int(holdem.pk)
    owner_sql(f"""DO $$ DECLARE s tables_recordseal; prev text := ''; BEGIN
                 FOR s IN SELECT * FROM tables_recordseal WHERE table_id = {table} ORDER BY id LOOP
                   s.prev_hash := prev;
                   UPDATE tables_recordseal SET prev_hash = prev, row_hash =
                          payouts_chain_hash(tables_recordseal_content(s), prev) WHERE id = s.id;
                   prev := payouts_chain_hash(tables_recordseal_content(s), prev);
                 END LOOP; END $$""")
    for table in ("tables_pokerpot", "tables_pokerseat", "tables_pokerhand", "tables_recordseal"):
        owner_sql(f"ALTER TABLE {table} ENABLE TRIGGER USER")

    assert breaks() == []
    [found] = anchors.verify_anchors()
    assert found["ledger"] == "table records"
    assert found["broken"] == "anchor 1 (3 entries led to it, now 2)"


def test_the_anchor_file_and_its_database_copy_hold_each_other(ledger, settings, owner_sql,
                                                             controller):
    anchors.anchor("first")
    progressives.progressive_correct(actor=controller, progressive=ledger[0].progressive,
                                     meter="meter", new_balance=D("10400.00"),
                                     reason="count adjustment")
    anchors.anchor("second")
    assert anchors.verify_anchors() == []

    owner_sql("ALTER TABLE casino_ledgeranchor DISABLE TRIGGER USER")
    owner_sql("DELETE FROM casino_ledgeranchor WHERE seq = 2")
    owner_sql("ALTER TABLE casino_ledgeranchor ENABLE TRIGGER USER")
    assert [(b["entry"], b["broken"]) for b in anchors.verify_anchors()] == [
        (2, "copy in the database (it was removed)")]

    path = settings.LEDGER_ANCHOR_FILE
    first, second = path.read_text().splitlines()
    edited = json.loads(first)
    edited["reason"] = "nothing happened"
    path.write_text(json.dumps(edited) + "\n" + second + "\n")
    assert (1, "signature (the anchor was altered)") in [
        (b["entry"], b["broken"]) for b in anchors.verify_anchors()]


def test_keys_rotate_without_breaking_the_old_anchors(ledger, settings):
    old = {"2026-06": b"x" * 40}
    settings.LEDGER_ANCHOR_KEYS = old
    anchors.anchor("under the old key")
    settings.LEDGER_ANCHOR_KEYS = {"2026-12": b"y" * 40, **old}
    made = anchors.anchor("under the new key")
    assert made.key == "2026-12"
    assert anchors.verify_anchors() == []

    settings.LEDGER_ANCHOR_KEYS = {"2026-12": b"y" * 40}  # the old key dropped too soon
    assert [(b["entry"], b["broken"]) for b in anchors.verify_anchors()] == [
        (1, "key ('2026-06' is not a key this service holds: set it in LEDGER_ANCHOR_KEYS)")]


def test_the_beats_anchor_is_skipped_when_nothing_moved(ledger):
    assert anchors.anchor("every 15 minutes", if_changed=True).seq == 1
    assert anchors.anchor("every 15 minutes", if_changed=True) is None
    assert LedgerAnchor.objects.count() == 1


def test_closing_a_day_anchors(ledger, travel):
    from tables.reports.closing import close_ended_days
    from tests.played import at

    travel(at(2026, 12, 20, 12))
    assert close_ended_days() > 0
    [made] = LedgerAnchor.objects.all()
    assert made.reason.startswith("closing ")


def test_healthz_shows_the_last_anchor(ledger, client):
    anchors.anchor("by hand")
    shown = client.get("/healthz").json()["ledgers"]["anchored"]
    assert (shown["anchor"], shown["reason"]) == (1, "by hand")
