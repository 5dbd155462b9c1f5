"""The seal's content function in PL/pgSQL: the same expressions, so every seal already
written still verifies, but planned once per connection instead of on every call (a SQL
function with its own time zone setting is never inlined: PostgreSQL planned it for each
record, 0.9 ms of the 2.4 ms a seal cost under load, docs/benchmarks.md)."""

from django.db import migrations

CONTENT = """
CREATE OR REPLACE FUNCTION tables_record_content(kind text, record bigint) RETURNS text AS $$
BEGIN
    IF kind = 'stud_round' THEN
        RETURN (
            SELECT json_build_array(r.id, r.table_id, r.paytable_id, r.dealer_id, r.recorded_at,
                                    r.gaming_day, r.shift, r.dealer_cards, r.dealer_category,
                                    r.dealer_qualified, r.dealer_took_fifth_card, r.void,
                                    r.idempotency_key, r.idempotency_fingerprint,
                (SELECT json_agg(json_build_array(s.id, s.seat, s.ante, s.decision,
                                                  s.progressive, s.progressive_wager, s.side_wager,
                                                  s.cards, s.irregularity, s.category, s.outcome,
                                                  s.ante_result, s.bet_result) ORDER BY s.id)
                   FROM tables_studseat s WHERE s.round_id = r.id))::text
              FROM tables_studround r WHERE r.id = record);
    ELSIF kind = 'poker_hand' THEN
        RETURN (
            SELECT json_build_array(h.id, h.table_id, h.dealer_id, h.rake_schedule_id,
                                    h.recorded_at, h.gaming_day, h.shift, h.mode, h.game,
                                    h.settings_version, h.stakes, h.kill_hand, h.flop_dealt,
                                    h.players_dealt, h.button, h.board, h.pot, h.rake,
                                    h.bad_beat_drop, h.winner, h.next_kill, h.next_kill_poster,
                                    h.next_kill_blind, h.next_kill_multiplier, h.idempotency_key,
                                    h.idempotency_fingerprint,
                (SELECT json_agg(json_build_array(s.id, s.seat, s.put_in, s.folded, s.all_in,
                                                  s.cards, s.shown_hand, s.collects) ORDER BY s.id)
                   FROM tables_pokerseat s WHERE s.hand_id = h.id),
                (SELECT json_agg(json_build_array(p.id, p.number, p.amount, p.eligible, p.rake,
                                                  p.bad_beat_drop, p.high_winners, p.low_winners,
                                                  p.shares) ORDER BY p.id)
                   FROM tables_pokerpot p WHERE p.hand_id = h.id))::text
              FROM tables_pokerhand h WHERE h.id = record);
    ELSIF kind = 'time_collection' THEN
        RETURN (
            SELECT json_build_array(c.id, c.table_id, c.dealer_id, c.rake_schedule_id,
                                    c.period_start, c.period_minutes, c.gaming_day, c.shift,
                                    c.seats, c.fee_per_seat, c.amount, c.recorded_at)::text
              FROM tables_timecollection c WHERE c.id = record);
    ELSIF kind = 'stud_round_void' THEN
        RETURN (
            SELECT json_build_array(v.id, v.round_id, v.reason, v.voided_at, v.voided_by_id,
                                    v.gaming_day)::text FROM tables_studroundvoid v WHERE v.id = record);
    ELSIF kind = 'poker_hand_void' THEN
        RETURN (
            SELECT json_build_array(v.id, v.hand_id, v.reason, v.voided_at, v.voided_by_id,
                                    v.gaming_day)::text FROM tables_pokerhandvoid v WHERE v.id = record);
    ELSIF kind = 'time_collection_void' THEN
        RETURN (
            SELECT json_build_array(v.id, v.collection_id, v.reason, v.voided_at, v.voided_by_id,
                                    v.gaming_day)::text
              FROM tables_timecollectionvoid v WHERE v.id = record);
    END IF;
    RETURN NULL;
END $$ LANGUAGE plpgsql STABLE SET timezone = 'UTC';
"""

# 0018's function, as it was.
BEFORE = """
CREATE OR REPLACE FUNCTION tables_record_content(kind text, record bigint) RETURNS text AS $$
    SELECT CASE kind
    WHEN 'stud_round' THEN (
        SELECT json_build_array(r.id, r.table_id, r.paytable_id, r.dealer_id, r.recorded_at,
                                r.gaming_day, r.shift, r.dealer_cards, r.dealer_category,
                                r.dealer_qualified, r.dealer_took_fifth_card, r.void,
                                r.idempotency_key, r.idempotency_fingerprint,
            (SELECT json_agg(json_build_array(s.id, s.seat, s.ante, s.decision,
                                              s.progressive, s.progressive_wager, s.side_wager,
                                              s.cards, s.irregularity, s.category, s.outcome,
                                              s.ante_result, s.bet_result) ORDER BY s.id)
               FROM tables_studseat s WHERE s.round_id = r.id))::text
          FROM tables_studround r WHERE r.id = record)
    WHEN 'poker_hand' THEN (
        SELECT json_build_array(h.id, h.table_id, h.dealer_id, h.rake_schedule_id,
                                h.recorded_at, h.gaming_day, h.shift, h.mode, h.game,
                                h.settings_version, h.stakes, h.kill_hand, h.flop_dealt,
                                h.players_dealt, h.button, h.board, h.pot, h.rake,
                                h.bad_beat_drop, h.winner, h.next_kill, h.next_kill_poster,
                                h.next_kill_blind, h.next_kill_multiplier, h.idempotency_key,
                                h.idempotency_fingerprint,
            (SELECT json_agg(json_build_array(s.id, s.seat, s.put_in, s.folded, s.all_in,
                                              s.cards, s.shown_hand, s.collects) ORDER BY s.id)
               FROM tables_pokerseat s WHERE s.hand_id = h.id),
            (SELECT json_agg(json_build_array(p.id, p.number, p.amount, p.eligible, p.rake,
                                              p.bad_beat_drop, p.high_winners, p.low_winners,
                                              p.shares) ORDER BY p.id)
               FROM tables_pokerpot p WHERE p.hand_id = h.id))::text
          FROM tables_pokerhand h WHERE h.id = record)
    WHEN 'time_collection' THEN (
        SELECT json_build_array(c.id, c.table_id, c.dealer_id, c.rake_schedule_id,
                                c.period_start, c.period_minutes, c.gaming_day, c.shift,
                                c.seats, c.fee_per_seat, c.amount, c.recorded_at)::text
          FROM tables_timecollection c WHERE c.id = record)
    WHEN 'stud_round_void' THEN (
        SELECT json_build_array(v.id, v.round_id, v.reason, v.voided_at, v.voided_by_id,
                                v.gaming_day)::text FROM tables_studroundvoid v WHERE v.id = record)
    WHEN 'poker_hand_void' THEN (
        SELECT json_build_array(v.id, v.hand_id, v.reason, v.voided_at, v.voided_by_id,
                                v.gaming_day)::text FROM tables_pokerhandvoid v WHERE v.id = record)
    WHEN 'time_collection_void' THEN (
        SELECT json_build_array(v.id, v.collection_id, v.reason, v.voided_at, v.voided_by_id,
                                v.gaming_day)::text
          FROM tables_timecollectionvoid v WHERE v.id = record)
    END
$$ LANGUAGE sql STABLE SET timezone = 'UTC';
"""


class Migration(migrations.Migration):
    dependencies = [("tables", "0018_record_seals")]
    operations = [migrations.RunSQL(CONTENT, BEFORE)]
