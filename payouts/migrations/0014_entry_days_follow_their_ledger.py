"""An entry's gaming day never precedes the day of the entry before it in its ledger: the
chain trigger lifts it. A round takes its day before it waits for the shared meter; one
that waited across the start of a gaming day is booked on the new day, so a ledger's
days follow its ids and the day's opening balance (the last entry before it) holds."""

from django.db import migrations

CHAIN = """
CREATE OR REPLACE FUNCTION payouts_meterentry_chain() RETURNS trigger AS $$
DECLARE
    previous_day date;
BEGIN
    -- The meter's row is locked by whoever writes its ledger, so the previous entry
    -- cannot change under us.
    SELECT row_hash, gaming_day INTO NEW.prev_hash, previous_day FROM payouts_meterentry
     WHERE progressive_id = NEW.progressive_id AND meter = NEW.meter
     ORDER BY id DESC LIMIT 1;
    NEW.prev_hash := coalesce(NEW.prev_hash, '');
    NEW.gaming_day := greatest(NEW.gaming_day, previous_day);
    NEW.row_hash := payouts_chain_hash(payouts_meterentry_content(NEW), NEW.prev_hash);
    RETURN NEW;
END $$ LANGUAGE plpgsql;
"""

BEFORE = """
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
"""


class Migration(migrations.Migration):
    dependencies = [("payouts", "0013_paid_hits_are_final")]
    operations = [migrations.RunSQL(CHAIN, BEFORE)]
