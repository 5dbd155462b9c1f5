"""Every meter entry carries a hash chained to the previous entry of its ledger (one
ledger per progressive and meter): the database computes it on insert, from the entry's
content and the previous hash, so nobody can alter or drop a row without the chain
showing where (manage.py verify_ledgers). Existing entries are chained in id order."""

from django.db import migrations, models

CHAIN = """
CREATE OR REPLACE FUNCTION payouts_meterentry_content(e payouts_meterentry) RETURNS text AS $$
    SELECT concat_ws('|', e.id, e.progressive_id, e.meter, e.kind, e.amount::text,
                     e.balance_after::text, e.wagers::text, coalesce(e.round_id::text, ''),
                     coalesce(e.hit_id::text, ''), e.reason,
                     coalesce(e.created_by_id::text, ''),
                     to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
                     e.gaming_day::text)
$$ LANGUAGE sql IMMUTABLE;

CREATE OR REPLACE FUNCTION payouts_chain_hash(content text, prev text) RETURNS text AS $$
    SELECT encode(sha256(convert_to(content || '|' || prev, 'UTF8')), 'hex')
$$ LANGUAGE sql IMMUTABLE;

CREATE OR REPLACE FUNCTION payouts_meterentry_chain() RETURNS trigger AS $$
BEGIN
    -- The meter's row is locked by whoever writes its ledger, so the previous entry
    -- cannot change under us.
    SELECT row_hash INTO NEW.prev_hash FROM payouts_meterentry
     WHERE progressive_id = NEW.progressive_id AND meter = NEW.meter
     ORDER BY id DESC LIMIT 1;
    NEW.prev_hash := coalesce(NEW.prev_hash, '');
    NEW.row_hash := payouts_chain_hash(payouts_meterentry_content(NEW), NEW.prev_hash);
    RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER meter_ledger_chain BEFORE INSERT ON payouts_meterentry
    FOR EACH ROW EXECUTE FUNCTION payouts_meterentry_chain();

SET CONSTRAINTS ALL IMMEDIATE;  -- ALTER TABLE refuses to run with checks pending
ALTER TABLE payouts_meterentry DISABLE TRIGGER USER;
DO $$
DECLARE
    e payouts_meterentry;
    prev text;
BEGIN
    FOR e IN SELECT * FROM payouts_meterentry ORDER BY progressive_id, meter, id LOOP
        SELECT row_hash INTO prev FROM payouts_meterentry
         WHERE progressive_id = e.progressive_id AND meter = e.meter AND id < e.id
         ORDER BY id DESC LIMIT 1;
        prev := coalesce(prev, '');
        UPDATE payouts_meterentry
           SET prev_hash = prev,
               row_hash = payouts_chain_hash(payouts_meterentry_content(e), prev)
         WHERE id = e.id;
    END LOOP;
END $$;
SET CONSTRAINTS ALL IMMEDIATE;
ALTER TABLE payouts_meterentry ENABLE TRIGGER USER;
SET CONSTRAINTS ALL DEFERRED;
"""

REVERSE = """
DROP TRIGGER IF EXISTS meter_ledger_chain ON payouts_meterentry;
DROP FUNCTION IF EXISTS payouts_meterentry_chain();
DROP FUNCTION IF EXISTS payouts_chain_hash(text, text);
DROP FUNCTION IF EXISTS payouts_meterentry_content(payouts_meterentry);
"""


class Migration(migrations.Migration):
    dependencies = [("payouts", "0010_balances_follow_ledgers")]
    operations = [
        migrations.AddField(model_name="meterentry", name="prev_hash",
                            field=models.CharField(default="", editable=False, max_length=64)),
        migrations.AddField(model_name="meterentry", name="row_hash",
                            field=models.CharField(default="", editable=False, max_length=64)),
        migrations.RunSQL(CHAIN, REVERSE),
    ]
