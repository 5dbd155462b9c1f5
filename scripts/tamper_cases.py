"""The owner's tamper table for scripts/tamper.py: each entry is what an auditor, holding
PostgreSQL's superuser with every trigger switched off, changes in the books, as SQL.
Each must be found by `manage.py verify_ledgers`."""

from __future__ import annotations

# Run once on the demo before the baseline is anchored (manage.py shell, as the service):
# what the demo does not already hold — a casino renamed (an audit event to delete), a
# round voided, a jackpot approved by a supervisor with a witness and its W-2G details.
PREPARE = """
from decimal import Decimal as D
from django.contrib.auth.models import User
from casino.common.witness import Device
from payouts.jackpots import services as jackpots, settlement
from payouts.jackpots.models import JackpotHit, Progressive
from scripts.tamper_cases import open_the_running_shift
from tables.floor.models import Table
from casino.house.models import Casino
from tables.floor.services import casino_update
from tables.stud.models import StudRound
from tables.stud.services import stud_round_record, stud_round_void

supervisor = User.objects.get(username="supervisor")
mayfair = Casino.objects.get(name="Mayfair Card Club")
casino_update(actor=supervisor, casino=mayfair, name="Mayfair Card Club (Berkeley Sq.)")
stud_round_void(actor=supervisor, round_=StudRound.objects.filter(table__label="CS-2")
                .latest("id"), reason="misdeal")
meter = Progressive.objects.get(name="Harbor Lights Jackpot")
jackpots.progressive_correct(actor=supervisor, progressive=meter, meter="meter",
                             new_balance=D("50000.00"), reason="drill: a grown meter")
table = Table.objects.get(label="CS-1")
open_the_running_shift(table, supervisor, table.dealers.first())
stud_round_record(actor=table.dealers.first(), table=table,
                  dealer_cards=["As", "Kd", "7c", "4h", "2s"],
                  seats=[{"seat": 1, "ante": D("10.00"), "decision": "raise",
                          "progressive": True, "cards": ["Ah", "Kh", "Qh", "Jh", "Th"]}])
settlement.settle_pending_hits(meter.pk)
hit = JackpotHit.objects.filter(status="awaiting_approval").latest("id")
jackpots.hit_approve(
    actor=supervisor, hit=hit, witness="accountant", witness_password="count-chips-demo",
    device=Device(address="10.0.0.9", path="/pit/jackpot-hits/1/approve/"),
    player={"full_name": "Pat Q. Player", "street": "3570 Las Vegas Blvd S",
            "city": "Las Vegas", "region": "NV", "postal_code": "89109",
            "country": "United States", "tin": "234-56-7891", "id_kind": "drivers_license",
            "id_number": "NV1234567", "date_of_birth": "1970-05-31"})
print("prepared: Mayfair renamed, a CS-2 round voided, hit", hit.pk, "approved with a W-2G")
"""



def open_the_running_shift(table, supervisor, dealer) -> bool:
    """When the casino's shift turned since the demo opened the table's (a drill begun
    just before a shift change), the supervisor closes that shift with its tray and opens
    the running one, the dealer signing, as on the floor; True if it did."""
    from django.utils import timezone

    from tables.chips import services as chips
    from tables.chips.selectors import last_inventory
    from tables.floor.shifts import recording_refusal

    now = timezone.now()
    if not recording_refusal(table, "rounds", now):
        return False
    tray = last_inventory(table).chips
    chips.inventory_close(actor=supervisor, table=table, chips=tray)
    opener = chips.inventory_open(actor=supervisor, table=table,
                                  gaming_day=table.casino.gaming_day(now),
                                  shift=table.casino.shift(now), chips=tray)
    chips.inventory_sign(actor=dealer, slip=opener, role="dealer")
    return True


LAST = "(SELECT max(id) FROM {table}{where})"


def last(table: str, where: str = "") -> str:
    return LAST.format(table=table, where=f" WHERE {where}" if where else "")


REHASH_METER = """
DO $$
DECLARE
    edited payouts_meterentry;
    e payouts_meterentry;
    prev text := '';
BEGIN
    SELECT * INTO edited FROM payouts_meterentry
     WHERE kind = 'contribution' AND meter = 'meter' ORDER BY id DESC OFFSET 5 LIMIT 1;
    UPDATE payouts_meterentry SET amount = amount - 100, balance_after = balance_after - 100
     WHERE id = edited.id;
    UPDATE payouts_meterentry SET balance_after = balance_after - 100
     WHERE progressive_id = edited.progressive_id AND meter = 'meter' AND id > edited.id;
    UPDATE payouts_progressive SET amount = amount - 100 WHERE id = edited.progressive_id;
    FOR e IN SELECT * FROM payouts_meterentry
              WHERE progressive_id = edited.progressive_id AND meter = 'meter' ORDER BY id LOOP
        UPDATE payouts_meterentry
           SET prev_hash = prev, row_hash = payouts_chain_hash(payouts_meterentry_content(e), prev)
         WHERE id = e.id;
        prev := payouts_chain_hash(payouts_meterentry_content(e), prev);
    END LOOP;
END $$;
"""

DELETE_HAND_AND_REHASH = """
DO $$
DECLARE
    gone tables_pokerhand;
    s tables_recordseal;
    prev text := '';
BEGIN
    SELECT * INTO gone FROM tables_pokerhand h
     WHERE NOT EXISTS (SELECT 1 FROM tables_badbeatentry b WHERE b.hand_id = h.id)
       AND NOT EXISTS (SELECT 1 FROM tables_pokerhandvoid v WHERE v.hand_id = h.id)
     ORDER BY id DESC OFFSET 3 LIMIT 1;
    DELETE FROM tables_pokerpot WHERE hand_id = gone.id;
    DELETE FROM tables_pokerseat WHERE hand_id = gone.id;
    DELETE FROM tables_pokerhand WHERE id = gone.id;
    DELETE FROM tables_recordseal WHERE kind = 'poker_hand' AND record_id = gone.id;
    FOR s IN SELECT * FROM tables_recordseal WHERE table_id = gone.table_id ORDER BY id LOOP
        s.prev_hash := prev;
        UPDATE tables_recordseal
           SET prev_hash = prev, row_hash = payouts_chain_hash(tables_recordseal_content(s), prev)
         WHERE id = s.id;
        prev := payouts_chain_hash(tables_recordseal_content(s), prev);
    END LOOP;
END $$;
"""

UNLINKED_ROUND = ("NOT EXISTS (SELECT 1 FROM payouts_jackpothit j WHERE j.round_id = "
                  "tables_studround.id) AND NOT EXISTS (SELECT 1 FROM payouts_meterentry m "
                  "WHERE m.round_id = tables_studround.id) AND NOT EXISTS (SELECT 1 FROM "
                  "tables_studroundvoid v WHERE v.round_id = tables_studround.id)")

CASES: list[tuple[str, str]] = [
    ("a box count's drop lowered by 100",
     "UPDATE tables_boxcount SET cash_total = cash_total - 100, drop = drop - 100 "
     f"WHERE id = {last('tables_boxcount')};"),
    ("a fill's total raised by 500",
     "UPDATE tables_chiprequest SET total = total + 500 "
     f"WHERE id = {last('tables_chiprequest', 'kind = ' + repr('fill'))};"),
    ("a credit's total lowered by 100",
     "UPDATE tables_chiprequest SET total = total - 100 "
     f"WHERE id = {last('tables_chiprequest', 'kind = ' + repr('credit'))};"),
    ("a paid jackpot's amount raised to 5,000.00",
     "UPDATE payouts_jackpothit SET amount = 5000 "
     f"WHERE id = {last('payouts_jackpothit', 'status = ' + repr('paid'))};"),
    ("a closed day's stud figure: win raised by 1,000",
     f"UPDATE tables_studfigure SET win = win + 1000 WHERE id = {last('tables_studfigure')};"),
    ("a chip slip's issuer changed to the supervisor",
     "UPDATE tables_chipslip SET issued_by_id = (SELECT id FROM auth_user WHERE username = "
     f"'supervisor') WHERE id = {last('tables_chipslip')};"),
    ("the audit event of a casino's rename deleted",
     "DELETE FROM tables_casinoevent WHERE pgh_id = (SELECT max(pgh_id) FROM "
     "tables_casinoevent);"),
    ("a meter entry edited with the later balances, the meter shifted and the chain rehashed",
     REHASH_METER),
    ("a poker hand and its seal deleted and the table's seals rehashed",
     DELETE_HAND_AND_REHASH),
    ("a stud seat's bet result raised by 100",
     "UPDATE tables_studseat SET bet_result = bet_result + 100 "
     f"WHERE id = {last('tables_studseat', 'decision = ' + repr('raise'))};"),
    ("a stud round and its seats deleted (its seal left)",
     f"DELETE FROM tables_studseat WHERE round_id = {last('tables_studround', UNLINKED_ROUND)};"
     f"DELETE FROM tables_studround WHERE id = (SELECT max(id) FROM tables_studround r WHERE "
     "NOT EXISTS (SELECT 1 FROM tables_studseat s WHERE s.round_id = r.id));"),
    ("a meter contribution's amount changed by 1 cent",
     "UPDATE payouts_meterentry SET amount = amount + 0.01 "
     f"WHERE id = {last('payouts_meterentry', 'kind = ' + repr('contribution'))};"),
    ("a meter contribution deleted",
     "DELETE FROM payouts_meterentry WHERE id = (SELECT id FROM payouts_meterentry WHERE "
     "kind = 'contribution' ORDER BY id DESC OFFSET 10 LIMIT 1);"),
    ("a bad-beat fund entry's amount changed",
     "UPDATE tables_badbeatentry SET amount = amount + 1, balance_after = balance_after + 1 "
     f"WHERE id = {last('tables_badbeatentry')};"),
    ("an opener's chips total lowered by 25",
     "UPDATE tables_inventoryslip SET total = total - 25 "
     f"WHERE id = {last('tables_inventoryslip', 'kind = ' + repr('opener'))};"),
    ("a slip's signature deleted",
     f"DELETE FROM tables_chipslipsignature WHERE id = {last('tables_chipslipsignature')};"),
    ("a casino renamed, moved to Pacific/Kiritimati and its day start to 14:00, untraced",
     "UPDATE tables_casino SET name = 'Renamed', timezone = 'Pacific/Kiritimati', "
     "gaming_day_start = '14:00' WHERE id = (SELECT min(id) FROM tables_casino);"),
    ("another dealer assigned to a table, untraced",
     "INSERT INTO tables_tabledealer (table_id, dealer_id, assigned_at) SELECT t.id, u.id, "
     "now() FROM tables_table t, auth_user u WHERE t.label = 'CSP-1' AND u.username = "
     "'counter';"),
    ("a variance's explanation rewritten",
     "UPDATE tables_varianceexplanation SET found = 'Nothing was missing.' "
     f"WHERE id = {last('tables_varianceexplanation')};"),
    ("a time collection's amount lowered",
     "UPDATE tables_timecollection SET amount = amount - 6 "
     f"WHERE id = {last('tables_timecollection')};"),
    ("a round's void deleted (the round counts again)",
     f"DELETE FROM tables_studroundvoid WHERE id = {last('tables_studroundvoid')};"),
    ("a closed day and its figures deleted",
     "DELETE FROM tables_studfigure WHERE closed_id = (SELECT max(id) FROM tables_closedday);"
     "DELETE FROM tables_rakefigure WHERE closed_id = (SELECT max(id) FROM tables_closedday);"
     "DELETE FROM tables_meterfigure WHERE closed_id = (SELECT max(id) FROM tables_closedday);"
     "DELETE FROM tables_closedday WHERE id = (SELECT max(id) FROM tables_closedday);"),
    ("the last anchor's copy deleted from the database",
     "DELETE FROM casino_ledgeranchor WHERE seq = (SELECT max(seq) FROM casino_ledgeranchor);"),
    ("a meter's approval threshold raised to 999,999, untraced",
     "UPDATE payouts_progressive SET approval_threshold = 999999 "
     "WHERE id = (SELECT min(id) FROM payouts_progressive);"),
    ("a meter moved by 5,000 without a ledger entry",
     "UPDATE payouts_progressive SET amount = amount + 5000 "
     "WHERE id = (SELECT min(id) FROM payouts_progressive);"),
    ("a box count's counter and witness swapped",
     "UPDATE tables_boxcount SET counted_by_id = witnessed_by_id, "
     f"witnessed_by_id = counted_by_id WHERE id = {last('tables_boxcount')};"),
    ("a jackpot approval's witness time moved",
     "UPDATE payouts_hitapproval SET witnessed_at = witnessed_at - interval '2 hours' "
     f"WHERE id = {last('payouts_hitapproval')};"),
    ("a W-2G's winner name changed",
     "UPDATE payouts_w2gplayer SET full_name = 'Someone Else' "
     f"WHERE id = {last('payouts_w2gplayer')};"),
    ("an opener's discrepancy deleted",
     f"DELETE FROM tables_discrepancy WHERE id = {last('tables_discrepancy')};"),
    ("a comp earning raised by 50, its balance with it",
     "UPDATE tables_compentry SET amount = amount + 50, balance_after = balance_after + 50 "
     f"WHERE id = {last('tables_compentry', 'kind = ' + repr('earned'))};"),
    ("a player's comp balance raised by 100 without a ledger entry",
     "UPDATE tables_compaccount SET balance = balance + 100 "
     "WHERE id = (SELECT min(id) FROM tables_compaccount);"),
    ("a closed rating's figures: its theoretical win lowered by 1",
     "UPDATE tables_ratingfigures SET theoretical_win = theoretical_win - 1 "
     f"WHERE id = {last('tables_ratingfigures', 'theoretical_win IS NOT NULL')};"),
    # The pit's and the card room's records (issues 31, 32): who dealt where, and when a
    # waiting player was called and where he sat.
    ("a dealer's taking of a table deleted",
     "DELETE FROM tables_dealermove WHERE id = "
     f"{last('tables_dealermove', 'kind = ' + repr('table'))};"),
    ("a waiting player's call moved an hour later (a no-show hidden)",
     "UPDATE tables_entrystep SET at = at + interval '1 hour' "
     f"WHERE id = {last('tables_entrystep', 'step = ' + repr('called'))};"),
    ("a card-room seat given to another name",
     f"UPDATE tables_seattaken SET name = 'Someone Else' WHERE id = {last('tables_seattaken')};"),
    # A dealer's tablet offline (issue 33): when a queued round was dealt, and why a held
    # one was discarded.
    ("a queued round's dealt time moved an hour back (into a shift since closed)",
     "UPDATE tables_studround SET dealt_at = dealt_at - interval '1 hour' "
     f"WHERE id = {last('tables_studround', 'dealt_at IS NOT NULL')};"),
    ("a held round's discard reason rewritten",
     "UPDATE tables_heldresolution SET reason = 'the supervisor said so' "
     f"WHERE id = {last('tables_heldresolution', 'outcome = ' + repr('discarded'))};"),
    ("a published paytable's royal flush odds raised, untraced",
     "UPDATE payouts_paytable SET odds = jsonb_set(odds, '{royal_flush}', '1000') "
     "WHERE id = (SELECT min(id) FROM payouts_paytable WHERE status = 'published');"),
]
