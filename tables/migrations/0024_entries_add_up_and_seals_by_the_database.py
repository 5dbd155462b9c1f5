"""Two refusals the database makes whoever asks:
- a bad-beat fund entry whose balance is not the balance before it plus its amount;
- a seal written by anyone but the sealing trigger: the seal function runs as the owner
  (SECURITY DEFINER), so the application role needs, and gets, no INSERT on the seals
  (casino.common.db_roles), and cannot seal a record that does not exist."""

from django.db import migrations

FUND = """
CREATE OR REPLACE FUNCTION tables_badbeatentry_chain() RETURNS trigger AS $$
DECLARE
    previous_balance numeric;
BEGIN
    -- The fund's row is locked by whoever writes its ledger.
    SELECT row_hash, balance_after INTO NEW.prev_hash, previous_balance
      FROM tables_badbeatentry WHERE fund_id = NEW.fund_id ORDER BY id DESC LIMIT 1;
    IF NEW.balance_after IS DISTINCT FROM coalesce(previous_balance, 0) + NEW.amount THEN
        RAISE EXCEPTION 'A % entry of % in bad-beat fund % must leave it at %, not %.',
            NEW.kind, NEW.amount, NEW.fund_id, coalesce(previous_balance, 0) + NEW.amount,
            NEW.balance_after USING ERRCODE = 'check_violation';
    END IF;
    NEW.prev_hash := coalesce(NEW.prev_hash, '');
    NEW.row_hash := payouts_chain_hash(tables_badbeatentry_content(NEW), NEW.prev_hash);
    RETURN NEW;
END $$ LANGUAGE plpgsql;

ALTER FUNCTION tables_seal(text, bigint, bigint) SECURITY DEFINER
    SET search_path = public, pg_temp;
"""

BEFORE = """
CREATE OR REPLACE FUNCTION tables_badbeatentry_chain() RETURNS trigger AS $$
BEGIN
    SELECT row_hash INTO NEW.prev_hash FROM tables_badbeatentry
     WHERE fund_id = NEW.fund_id ORDER BY id DESC LIMIT 1;
    NEW.prev_hash := coalesce(NEW.prev_hash, '');
    NEW.row_hash := payouts_chain_hash(tables_badbeatentry_content(NEW), NEW.prev_hash);
    RETURN NEW;
END $$ LANGUAGE plpgsql;

ALTER FUNCTION tables_seal(text, bigint, bigint) SECURITY INVOKER RESET search_path;
"""


class Migration(migrations.Migration):
    dependencies = [("tables", "0023_day_start_default_called")]
    operations = [migrations.RunSQL(FUND, BEFORE)]
