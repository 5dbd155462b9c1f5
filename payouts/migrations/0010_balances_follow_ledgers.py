"""A meter's amount, reserve and overflow can only commit equal to the last entry of their
ledger: a deferred constraint trigger reads the row as it is at commit and refuses the
transaction otherwise (an UPDATE with no MeterEntry, by any database user)."""

from django.db import migrations

FUNCTION = """
CREATE OR REPLACE FUNCTION payouts_meter_follows_ledger() RETURNS trigger AS $$
DECLARE
    meter_name text;
    shown numeric;
    ledger numeric;
    now_row payouts_progressive%ROWTYPE;
BEGIN
    -- The row as it is now, at commit: one transaction may move it several times.
    SELECT * INTO now_row FROM payouts_progressive WHERE id = NEW.id;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    FOREACH meter_name IN ARRAY ARRAY['meter', 'reserve', 'overflow'] LOOP
        shown := CASE meter_name WHEN 'meter' THEN now_row.amount
                                 WHEN 'reserve' THEN now_row.reserve
                                 ELSE now_row.overflow END;
        SELECT balance_after INTO ledger FROM payouts_meterentry
         WHERE progressive_id = NEW.id AND meter = meter_name ORDER BY id DESC LIMIT 1;
        IF shown IS DISTINCT FROM COALESCE(ledger, 0) THEN
            RAISE EXCEPTION 'progressive %: the % shows % but its ledger ends at %: every '
                'change of a balance needs its ledger entry', NEW.id, meter_name, shown,
                COALESCE(ledger, 0) USING ERRCODE = 'check_violation';
        END IF;
    END LOOP;
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE CONSTRAINT TRIGGER meter_follows_ledger
    AFTER INSERT OR UPDATE OF amount, reserve, overflow ON payouts_progressive
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION payouts_meter_follows_ledger();
"""

REVERSE = """
DROP TRIGGER IF EXISTS meter_follows_ledger ON payouts_progressive;
DROP FUNCTION IF EXISTS payouts_meter_follows_ledger();
"""


class Migration(migrations.Migration):
    dependencies = [("payouts", "0009_par_analysis")]
    operations = [migrations.RunSQL(FUNCTION, REVERSE)]
