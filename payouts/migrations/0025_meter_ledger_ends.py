"""Each of a meter's ledgers keeps its end in a row of its own (MeterLedgerEnd): the chain
trigger reads the entry before a new one through it, and moves it on to the new entry;
the commit-time check compares the meter's row with it (issue 44, point 5a).

Both read one row by its key. Before, both looked for the last entry of the ledger
(ORDER BY id DESC LIMIT 1), and the plan PL/pgSQL kept for that statement could walk the
whole table backwards by id (an empty overflow ledger: every entry of every meter), a
cost that grew with history while the shared meter's row was locked.

The chain trigger runs as the owner (SECURITY DEFINER) to write the ends; the application
role may only read them (casino.common.db_roles), so it cannot point a ledger's end at an
older entry whose balance suits it. Existing ledgers get their ends from their entries.

Both functions read by key only: they are declared SET enable_seqscan = off, so that a
plan made while a table was small never reads it whole once it has grown (the ends' rows
move at every entry and leave dead versions behind them until autovacuum passes)."""

import django.db.models.deletion
from django.db import migrations, models

ENDS = """
INSERT INTO payouts_meterledgerend (progressive_id, meter, entry_id, balance)
SELECT DISTINCT ON (progressive_id, meter) progressive_id, meter, id, balance_after
  FROM payouts_meterentry ORDER BY progressive_id, meter, id DESC;

CREATE OR REPLACE FUNCTION payouts_meterentry_chain() RETURNS trigger AS $$
DECLARE
    ledger_end payouts_meterledgerend%ROWTYPE;
    previous payouts_meterentry%ROWTYPE;
BEGIN
    -- The ledger's end, locked: whoever writes the ledger holds the meter's row too, but
    -- an entry written without it still waits here rather than fork the chain.
    SELECT * INTO ledger_end FROM payouts_meterledgerend
     WHERE progressive_id = NEW.progressive_id AND meter = NEW.meter FOR UPDATE;
    IF ledger_end.id IS NOT NULL THEN
        SELECT * INTO previous FROM payouts_meterentry WHERE id = ledger_end.entry_id;
    END IF;
    IF NEW.balance_after IS DISTINCT FROM coalesce(previous.balance_after, 0) + NEW.amount THEN
        RAISE EXCEPTION 'A % entry of % on the % of progressive % must leave it at %, not %.',
            NEW.kind, NEW.amount, NEW.meter, NEW.progressive_id,
            coalesce(previous.balance_after, 0) + NEW.amount, NEW.balance_after
            USING ERRCODE = 'check_violation';
    END IF;
    NEW.prev_hash := coalesce(previous.row_hash, '');
    NEW.gaming_day := greatest(NEW.gaming_day, previous.gaming_day);
    NEW.row_hash := payouts_chain_hash(payouts_meterentry_content(NEW), NEW.prev_hash);
    -- The ledger now ends at this entry (no other BEFORE INSERT trigger can drop the row:
    -- it is inserted, or the statement fails and this goes with it).
    IF ledger_end.id IS NULL THEN
        INSERT INTO payouts_meterledgerend (progressive_id, meter, entry_id, balance)
        VALUES (NEW.progressive_id, NEW.meter, NEW.id, NEW.balance_after);
    ELSE
        UPDATE payouts_meterledgerend SET entry_id = NEW.id, balance = NEW.balance_after
         WHERE id = ledger_end.id;
    END IF;
    RETURN NEW;
END $$ LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
   SET enable_seqscan = off;

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
        SELECT balance INTO ledger FROM payouts_meterledgerend
         WHERE progressive_id = NEW.id AND meter = meter_name;
        IF shown IS DISTINCT FROM COALESCE(ledger, 0) THEN
            RAISE EXCEPTION 'progressive %: the % shows % but its ledger ends at %: every '
                'change of a balance needs its ledger entry', NEW.id, meter_name, shown,
                COALESCE(ledger, 0) USING ERRCODE = 'check_violation';
        END IF;
    END LOOP;
    RETURN NULL;
END $$ LANGUAGE plpgsql SET enable_seqscan = off;
"""

# 0022's chain function and 0010's check, as they were.
BEFORE = """
CREATE OR REPLACE FUNCTION payouts_meterentry_chain() RETURNS trigger AS $$
DECLARE
    previous_day date;
    previous_balance numeric;
BEGIN
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
END $$ LANGUAGE plpgsql SECURITY INVOKER;
ALTER FUNCTION payouts_meterentry_chain() RESET ALL;

CREATE OR REPLACE FUNCTION payouts_meter_follows_ledger() RETURNS trigger AS $$
DECLARE
    meter_name text;
    shown numeric;
    ledger numeric;
    now_row payouts_progressive%ROWTYPE;
BEGIN
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
ALTER FUNCTION payouts_meter_follows_ledger() RESET ALL;
"""


class Migration(migrations.Migration):

    dependencies = [
        ('payouts', '0024_approvals_kept_once_on_their_record'),
    ]

    operations = [
        migrations.CreateModel(
            name='MeterLedgerEnd',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('meter', models.CharField(choices=[('meter', 'Meter'), ('reserve', 'Reserve'), ('overflow', 'Overflow')], max_length=10)),
                ('entry_id', models.BigIntegerField(help_text="The ledger's last entry.")),
                ('balance', models.DecimalField(decimal_places=2, help_text='The balance the last entry left.', max_digits=14)),
                ('progressive', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='ledger_ends', to='payouts.progressive', db_index=False)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('progressive', 'meter'), name='meter_ledger_ends_once')],
            },
        ),
        migrations.RunSQL(ENDS, BEFORE),
    ]
