"""Every bad-beat fund entry carries a hash chained to the previous entry of its fund,
computed by the database on insert (as the meter ledgers', payouts 0011); existing
entries are chained in id order."""

from django.db import migrations, models

CHAIN = """
CREATE OR REPLACE FUNCTION tables_badbeatentry_content(e tables_badbeatentry) RETURNS text AS $$
    SELECT concat_ws('|', e.id, e.fund_id, e.kind, e.amount::text, e.balance_after::text,
                     coalesce(e.hand_id::text, ''), e.note, e.created_by_id,
                     to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))
$$ LANGUAGE sql IMMUTABLE;

CREATE OR REPLACE FUNCTION tables_badbeatentry_chain() RETURNS trigger AS $$
BEGIN
    -- The fund's row is locked by whoever writes its ledger.
    SELECT row_hash INTO NEW.prev_hash FROM tables_badbeatentry
     WHERE fund_id = NEW.fund_id ORDER BY id DESC LIMIT 1;
    NEW.prev_hash := coalesce(NEW.prev_hash, '');
    NEW.row_hash := payouts_chain_hash(tables_badbeatentry_content(NEW), NEW.prev_hash);
    RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER bad_beat_ledger_chain BEFORE INSERT ON tables_badbeatentry
    FOR EACH ROW EXECUTE FUNCTION tables_badbeatentry_chain();

SET CONSTRAINTS ALL IMMEDIATE;  -- ALTER TABLE refuses to run with checks pending
ALTER TABLE tables_badbeatentry DISABLE TRIGGER USER;
DO $$
DECLARE
    e tables_badbeatentry;
    prev text;
BEGIN
    FOR e IN SELECT * FROM tables_badbeatentry ORDER BY fund_id, id LOOP
        SELECT row_hash INTO prev FROM tables_badbeatentry
         WHERE fund_id = e.fund_id AND id < e.id ORDER BY id DESC LIMIT 1;
        prev := coalesce(prev, '');
        UPDATE tables_badbeatentry
           SET prev_hash = prev,
               row_hash = payouts_chain_hash(tables_badbeatentry_content(e), prev)
         WHERE id = e.id;
    END LOOP;
END $$;
SET CONSTRAINTS ALL IMMEDIATE;
ALTER TABLE tables_badbeatentry ENABLE TRIGGER USER;
SET CONSTRAINTS ALL DEFERRED;
"""

REVERSE = """
DROP TRIGGER IF EXISTS bad_beat_ledger_chain ON tables_badbeatentry;
DROP FUNCTION IF EXISTS tables_badbeatentry_chain();
DROP FUNCTION IF EXISTS tables_badbeatentry_content(tables_badbeatentry);
"""


class Migration(migrations.Migration):
    dependencies = [("tables", "0015_bad_beat_fund_follows_its_ledger"),
                    ("payouts", "0011_meter_ledger_chain")]
    operations = [
        migrations.AddField(model_name="badbeatentry", name="prev_hash",
                            field=models.CharField(default="", editable=False, max_length=64)),
        migrations.AddField(model_name="badbeatentry", name="row_hash",
                            field=models.CharField(default="", editable=False, max_length=64)),
        migrations.RunSQL(CHAIN, REVERSE),
    ]
