"""A bad-beat fund's balance can only commit equal to the last entry of its ledger (a
deferred constraint trigger that reads the row as it is at commit)."""

from django.db import migrations

FUNCTION = """
CREATE OR REPLACE FUNCTION tables_fund_follows_ledger() RETURNS trigger AS $$
DECLARE
    shown numeric;
    ledger numeric;
BEGIN
    SELECT balance INTO shown FROM tables_badbeatfund WHERE id = NEW.id;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    SELECT balance_after INTO ledger FROM tables_badbeatentry
     WHERE fund_id = NEW.id ORDER BY id DESC LIMIT 1;
    IF shown IS DISTINCT FROM COALESCE(ledger, 0) THEN
        RAISE EXCEPTION 'bad-beat fund %: the balance is % but its ledger ends at %: every '
            'change of the balance needs its ledger entry', NEW.id, shown, COALESCE(ledger, 0)
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE CONSTRAINT TRIGGER fund_follows_ledger
    AFTER INSERT OR UPDATE OF balance ON tables_badbeatfund
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION tables_fund_follows_ledger();
"""

REVERSE = """
DROP TRIGGER IF EXISTS fund_follows_ledger ON tables_badbeatfund;
DROP FUNCTION IF EXISTS tables_fund_follows_ledger();
"""


class Migration(migrations.Migration):
    dependencies = [("tables", "0014_export_jobs")]
    operations = [migrations.RunSQL(FUNCTION, REVERSE)]
