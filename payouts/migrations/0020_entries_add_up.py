"""An entry's balance is the balance before it plus its amount, or the database refuses
the entry: the application role could otherwise commit a meter entry of 5.00 that says
the balance is 1.00 (the deferred check on the meter's row only compares the meter with
the ledger's last entry, whatever that entry says)."""

from django.db import migrations

CHAIN = """
CREATE OR REPLACE FUNCTION payouts_meterentry_chain() RETURNS trigger AS $$
DECLARE
    previous_day date;
    previous_balance numeric;
BEGIN
    -- The meter's row is locked by whoever writes its ledger, so the previous entry
    -- cannot change under us.
    SELECT row_hash, gaming_day, balance_after
      INTO NEW.prev_hash, previous_day, previous_balance FROM payouts_meterentry
     WHERE progressive_id = NEW.progressive_id AND meter = NEW.meter
     ORDER BY id DESC LIMIT 1;
    IF NEW.balance_after IS DISTINCT FROM coalesce(previous_balance, 0) + NEW.amount THEN
        RAISE EXCEPTION 'A % entry of % on the % of progressive % must leave it at %, not %.',
            NEW.kind, NEW.amount, NEW.meter, NEW.progressive_id,
            coalesce(previous_balance, 0) + NEW.amount, NEW.balance_after
            USING ERRCODE = 'check_violation';
    END IF;
    NEW.prev_hash := coalesce(NEW.prev_hash, '');
    NEW.gaming_day := greatest(NEW.gaming_day, previous_day);
    NEW.row_hash := payouts_chain_hash(payouts_meterentry_content(NEW), NEW.prev_hash);
    RETURN NEW;
END $$ LANGUAGE plpgsql;
"""

# 0014's function, as it was.
BEFORE = """
CREATE OR REPLACE FUNCTION payouts_meterentry_chain() RETURNS trigger AS $$
DECLARE
    previous_day date;
BEGIN
    SELECT row_hash, gaming_day INTO NEW.prev_hash, previous_day FROM payouts_meterentry
     WHERE progressive_id = NEW.progressive_id AND meter = NEW.meter
     ORDER BY id DESC LIMIT 1;
    NEW.prev_hash := coalesce(NEW.prev_hash, '');
    NEW.gaming_day := greatest(NEW.gaming_day, previous_day);
    NEW.row_hash := payouts_chain_hash(payouts_meterentry_content(NEW), NEW.prev_hash);
    RETURN NEW;
END $$ LANGUAGE plpgsql;
"""


class Migration(migrations.Migration):
    dependencies = [("payouts", "0019_analyses_without_the_seat_covariance_queued_again")]
    operations = [migrations.RunSQL(CHAIN, BEFORE)]
