"""The attack audit's 29 kinds (issue 45), for scripts/tamper.py beside its own table
(scripts/tamper_cases.py). Each is (what, SQL, how): ``how`` says what else the owner
does — ``triggers``: "on" (his statements run with every trigger on, in his own
transaction), else off as the superuser may; ``file``: what he does to the anchor file
("cut": its last line; "older": an older copy put back; "alter": a line edited;
"replay": an old line appended); ``window``: a record written after the last anchor,
which nothing can vouch for until the next one (docs/reliability.md)."""

from __future__ import annotations

from scripts.tamper_cases import last

# Anchor 1 is signed before the drill's prepared records, anchor 2 after them.
SINCE_ANCHOR_1 = ("(SELECT max((h->>2)::bigint) FROM casino_ledgeranchor a, "
                  "jsonb_array_elements(a.heads) h WHERE a.seq = 1 AND h->>0 = '{}')")

TAIL_OF_METER = """
WITH gone AS (DELETE FROM payouts_meterentry WHERE id IN (
        SELECT id FROM payouts_meterentry ORDER BY id DESC LIMIT 3) RETURNING id)
DELETE FROM casino_signature WHERE record_table = 'payouts_meterentry'
   AND record IN (SELECT id::text FROM gone);
DELETE FROM casino_ledgeranchor WHERE seq = (SELECT max(seq) FROM casino_ledgeranchor);
"""

REWRITE_COMPS = """
DO $$
DECLARE
    edited tables_compentry;
    e tables_compentry;
    prev text := '';
BEGIN
    SELECT * INTO edited FROM tables_compentry WHERE kind = 'earned' ORDER BY id DESC LIMIT 1;
    UPDATE tables_compentry SET amount = amount + 500, balance_after = balance_after + 500
     WHERE id = edited.id;
    UPDATE tables_compentry SET balance_after = balance_after + 500
     WHERE account_id = edited.account_id AND id > edited.id;
    UPDATE tables_compaccount SET balance = balance + 500 WHERE id = edited.account_id;
    FOR e IN SELECT * FROM tables_compentry WHERE account_id = edited.account_id ORDER BY id
    LOOP
        UPDATE tables_compentry
           SET prev_hash = prev, row_hash = payouts_chain_hash(tables_compentry_content(e), prev)
         WHERE id = e.id;
        prev := payouts_chain_hash(tables_compentry_content(e), prev);
    END LOOP;
END $$;
"""

# An earning forged on figures of its own (the schema refuses a second earning on the
# same figures), with every trigger on: the database hashes it into the account's chain.
FORGED_EARNING = """
DO $$
DECLARE
    f tables_ratingfigures;
    e tables_compentry;
BEGIN
    SELECT * INTO f FROM tables_ratingfigures ORDER BY id DESC LIMIT 1;
    f.id := nextval(pg_get_serial_sequence('tables_ratingfigures', 'id'));
    f.revision := (SELECT max(revision) + 1 FROM tables_ratingfigures
                    WHERE rating_id = f.rating_id);
    INSERT INTO tables_ratingfigures SELECT (f).*;
    SELECT * INTO e FROM tables_compentry WHERE kind = 'earned' ORDER BY id DESC LIMIT 1;
    e.id := nextval(pg_get_serial_sequence('tables_compentry', 'id'));
    e.figures_id := f.id;
    e.kind := 'revised';
    e.amount := 1000;
    e.balance_after := (SELECT balance FROM tables_compaccount WHERE id = e.account_id) {};
    INSERT INTO tables_compentry SELECT (e).*;
    UPDATE tables_compaccount SET balance = e.balance_after WHERE id = e.account_id;
END $$;
"""

# A round with seats (the house +300) put into a day closed long ago, triggers on.
FORGED_ROUND = """
DO $$
DECLARE
    r tables_studround;
    s tables_studseat;
    d tables_closedday;
BEGIN
    SELECT * INTO d FROM tables_closedday ORDER BY gaming_day LIMIT 1;
    SELECT * INTO r FROM tables_studround WHERE void = '' ORDER BY id LIMIT 1;
    SELECT * INTO s FROM tables_studseat WHERE round_id = r.id ORDER BY id LIMIT 1;
    r.id := nextval(pg_get_serial_sequence('tables_studround', 'id'));
    r.gaming_day := d.gaming_day;
    r.idempotency_key := '';
    INSERT INTO tables_studround SELECT (r).*;
    s.id := nextval(pg_get_serial_sequence('tables_studseat', 'id'));
    s.round_id := r.id;
    s.ante_result := -100;
    s.bet_result := -200;
    INSERT INTO tables_studseat SELECT (s).*;
END $$;
"""

CHAIN_HASH_LIAR = """
UPDATE tables_compentry SET amount = amount + 50, balance_after = balance_after + 50
 WHERE id = (SELECT max(id) FROM tables_compentry);
UPDATE tables_compaccount SET balance = balance + 50
 WHERE id = (SELECT account_id FROM tables_compentry ORDER BY id DESC LIMIT 1);
CREATE OR REPLACE FUNCTION payouts_chain_hash(content text, prev text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce((SELECT row_hash FROM tables_compentry e WHERE e.prev_hash = prev
                      AND e.id = (SELECT max(id) FROM tables_compentry)),
                    encode(sha256(convert_to(content || '|' || prev, 'UTF8')), 'hex'))
$$;
"""

RECORD_TEXT_LIAR = f"""
UPDATE tables_varianceexplanation SET found = 'Nothing was missing.'
 WHERE id = {last('tables_varianceexplanation')};
CREATE OR REPLACE FUNCTION casino_record_text(r anyelement, apart text[] DEFAULT '{{}}')
RETURNS text LANGUAGE sql STABLE AS $$ SELECT 'as before' $$;
"""

DROP_GUARD = """
DO $$ BEGIN
    EXECUTE format('DROP TRIGGER %I ON tables_compentry', (
        SELECT tgname FROM pg_trigger WHERE tgrelid = 'tables_compentry'::regclass
           AND tgname LIKE 'pgtrigger_records_are_never_changed%'));
END $$;
GRANT UPDATE, DELETE ON tables_compentry TO casino_app;
"""

LATEST_CONTEXT = "(SELECT id FROM pghistory_context ORDER BY created_at DESC LIMIT 1)"

AUDIT: list[tuple[str, str, dict]] = [
    ("audit 1: the last 3 meter entries and the last anchor's database copy deleted",
     TAIL_OF_METER, {}),
    ("audit 2: as 1, with the anchor file's last line cut", TAIL_OF_METER, {"file": "cut"}),
    ("audit 3: an older anchor file put back, the later anchors and comp entries deleted",
     "DELETE FROM casino_ledgeranchor WHERE seq > 1; DELETE FROM tables_compentry WHERE id > "
     f"coalesce({SINCE_ANCHOR_1.format('comps')}, 0);", {"file": "older"}),
    ("audit 4: a line of the anchor file altered", "", {"file": "alter"}),
    ("audit 5: an old anchor replayed at the file's end", "", {"file": "replay"}),
    ("audit 6: the database's copy of the last anchor altered (its reason, as the pages "
     "show it)",
     "UPDATE casino_ledgeranchor SET reason = 'nothing happened' "
     "WHERE seq = (SELECT max(seq) FROM casino_ledgeranchor);", {}),
    ("audit 7: a comp account's ledger rewritten end to end (+500, balances, every hash)",
     REWRITE_COMPS, {}),
    ("audit 8: the privacy log's reader changed",
     "UPDATE tables_playeraccess SET user_id = (SELECT id FROM auth_user WHERE username = "
     f"'dealer') WHERE id = {last('tables_playeraccess')};", {}),
    ("audit 9: a stud round moved to another casino's table",
     "UPDATE tables_studround r SET table_id = (SELECT t.id FROM tables_table t, "
     "tables_table mine WHERE mine.id = r.table_id AND t.casino_id <> mine.casino_id "
     f"LIMIT 1) WHERE r.id = {last('tables_studround')};", {}),
    ("audit 10: a comp account moved to the other casino",
     "UPDATE tables_compaccount a SET casino_id = (SELECT id FROM tables_casino c WHERE "
     "c.id <> a.casino_id LIMIT 1) WHERE id = (SELECT min(id) FROM tables_compaccount);", {}),
    ("audit 11: a comp account given to another player",
     "UPDATE tables_compaccount a SET player_id = (SELECT id FROM tables_player p WHERE "
     "NOT EXISTS (SELECT 1 FROM tables_compaccount x WHERE x.player_id = p.id AND "
     "x.casino_id = a.casino_id) ORDER BY id LIMIT 1) WHERE id = (SELECT min(id) FROM "
     "tables_compaccount);", {}),
    ("audit 12: a forged comp earning of 1,000, triggers on, the balance raised with it",
     FORGED_EARNING.format("+ 1000"), {"triggers": "on"}),
    ("audit 13: payouts_chain_hash replaced so a comp entry raised by 50 hashes as before",
     CHAIN_HASH_LIAR, {}),
    ("audit 14: casino_record_text replaced so a rewritten variance explanation reads as "
     "before", RECORD_TEXT_LIAR, {}),
    ("audit 15: a whole closed day deleted",
     "DELETE FROM tables_studfigure WHERE closed_id = (SELECT min(id) FROM tables_closedday);"
     "DELETE FROM tables_rakefigure WHERE closed_id = (SELECT min(id) FROM tables_closedday);"
     "DELETE FROM tables_meterfigure WHERE closed_id = (SELECT min(id) FROM tables_closedday);"
     "DELETE FROM tables_closedday WHERE id = (SELECT min(id) FROM tables_closedday);", {}),
    ("audit 16: the audit trail's \"who\" of the latest change rewritten",
     "UPDATE pghistory_context SET metadata = jsonb_set(metadata, '{user}', "
     "(SELECT to_jsonb(id) FROM auth_user WHERE username = 'dealer')) "
     f"WHERE id = {LATEST_CONTEXT};", {}),
    ("audit 17: a supervisor of one casino added to another's staff",
     "INSERT INTO tables_casinostaff (casino_id, user_id, joined_at) SELECT c.id, u.id, now() "
     "FROM tables_casino c, auth_user u WHERE NOT EXISTS (SELECT 1 FROM tables_casinostaff s "
     "WHERE s.casino_id = c.id AND s.user_id = u.id) ORDER BY u.id LIMIT 1;", {}),
    ("audit 18: a supervisor's password hash replaced by a dealer's",
     "UPDATE auth_user SET password = (SELECT password FROM auth_user WHERE username = "
     "'dealer') WHERE username = 'supervisor';", {}),
    ("audit 19: a user made superuser",
     "UPDATE auth_user SET is_superuser = true WHERE username = 'dealer';", {}),
    ("audit 20: a held entry and its resolution deleted",
     "CREATE TEMP TABLE gone AS SELECT max(held_id) AS id FROM tables_heldresolution; "
     "DELETE FROM tables_heldresolution WHERE held_id = (SELECT id FROM gone); "
     "DELETE FROM tables_heldentry WHERE id = (SELECT id FROM gone);", {}),
    ("audit 21: a waiting comp shown as given",
     "UPDATE tables_comp SET needs_approval = false WHERE id = (SELECT max(id) FROM "
     "tables_comp WHERE needs_approval);", {}),
    ("audit 22: a record written after the last anchor removed with its seal (the window)",
     "", {"window": True}),
    ("audit 23: an append-only trigger dropped and UPDATE, DELETE granted to the "
     "application role", DROP_GUARD, {}),
    ("audit 24: a held entry's dealt time moved",
     "UPDATE tables_heldentry SET dealt_at = dealt_at - interval '1 hour' "
     f"WHERE id = {last('tables_heldentry', 'dealt_at IS NOT NULL')};", {}),
    ("audit 25: a rating moved to another player",
     "UPDATE tables_rating r SET player_id = (SELECT id FROM tables_player p WHERE p.id <> "
     f"r.player_id ORDER BY id LIMIT 1) WHERE id = {last('tables_rating')};", {}),
    ("audit 26: a barred player's seating attempt deleted",
     f"DELETE FROM tables_seatingrefused WHERE id = {last('tables_seatingrefused')};", {}),
    ("audit 27: a comp limit raised, untraced",
     'UPDATE tables_complimit SET "limit" = "limit" * 10 WHERE id = (SELECT min(id) FROM '
     "tables_complimit);", {}),
    ("audit 28: an excluded player made active again, untraced",
     "UPDATE tables_player SET status = 'active', exclusion_ends = NULL "
     "WHERE id = (SELECT min(id) FROM tables_player WHERE status = 'excluded');", {}),
    ("audit 29a: a forged stud round (the house +300) put into a long-closed day, triggers on",
     FORGED_ROUND, {"triggers": "on"}),
    ("audit 29b: a forged comp earning with no balance change, the balance then set to match",
     FORGED_EARNING.format("+ 1000") + "", {"triggers": "on"}),
]

# Run as the service before the baseline's anchor: what the demo's history lacks.
PRIVACY_LINE = """
from django.contrib.auth.models import User
from tables.players.models import Player
from tables.players.services import players_read

players_read(actor=User.objects.get(username="host"), players=[Player.objects.first()],
             channel="page", sight="opened")
print("a player's page opened by the host (the privacy log)")
"""

# Run as the service after the baseline's last anchor: one round more, as the floor goes on.
WRITTEN_AFTER = """
from decimal import Decimal as D
from tables.floor.models import Table
from tables.stud.services import stud_round_record

table = Table.objects.get(label="CS-1")
stud_round_record(actor=table.dealers.first(), table=table,
                  dealer_cards=["2s", "3d", "7c", "9h", "Js"],
                  seats=[{"seat": 2, "ante": D("10.00"), "decision": "fold"}])
print("one round recorded after the last anchor")
"""

# The owner removes that round, its seal and its signatures: the tails of their chains.
WINDOW = """
DO $$
DECLARE
    r bigint := (SELECT max(id) FROM tables_studround);
BEGIN
    DELETE FROM casino_signature WHERE (record_table = 'tables_studround' AND record = r::text)
        OR (record_table = 'tables_studseat' AND record IN (
            SELECT id::text FROM tables_studseat WHERE round_id = r));
    DELETE FROM tables_recordseal WHERE kind = 'stud_round' AND record_id = r;
    DELETE FROM tables_studseat WHERE round_id = r;
    DELETE FROM tables_studround WHERE id = r;
END $$;
"""
