"""Each table's chain of records keeps its end in a row of its own (SealChainEnd): the
sealing function reads the seal before a new one through it and moves it on to the new
seal (issue 44, point 5a). Before, it looked for the table's last seal (ORDER BY id DESC
LIMIT 1), and the plan PL/pgSQL kept for it walked every table's seals backwards by id
until it met one of this table's: for a table quiet a while, every seal the floor wrote
since, at the commit of each of its rounds, hands and collections.

The function runs as the owner (SECURITY DEFINER, as since 0024) to write the ends; the
application role may only read them (casino.common.db_roles). Existing chains get their
ends from their seals. The comp accounts' and the bad-beat funds' chain triggers look up
their ledger's last entry the same way; an index (account, id) / (fund, id) serves that
lookup by reading one entry."""

import django.db.models.deletion
from django.db import migrations, models

SEAL = """
INSERT INTO tables_sealchainend (table_id, seal_id, row_hash)
SELECT DISTINCT ON (table_id) table_id, id, row_hash
  FROM tables_recordseal ORDER BY table_id, id DESC;

CREATE OR REPLACE FUNCTION tables_seal(kind text, record bigint, at_table bigint)
RETURNS void AS $$
DECLARE
    seal tables_recordseal;
    chain_end tables_sealchainend%ROWTYPE;
BEGIN
    -- One writer of a table's chain at a time: recordings lock the table's row, but a
    -- void does not.
    PERFORM pg_advisory_xact_lock(hashtext('tables_recordseal'), at_table::int);
    SELECT * INTO chain_end FROM tables_sealchainend WHERE table_id = at_table FOR UPDATE;
    seal.id := nextval(pg_get_serial_sequence('tables_recordseal', 'id'));
    seal.table_id := at_table;
    seal.kind := kind;
    seal.record_id := record;
    seal.sealed_at := clock_timestamp();
    seal.prev_hash := coalesce(chain_end.row_hash, '');
    seal.row_hash := payouts_chain_hash(tables_recordseal_content(seal), seal.prev_hash);
    INSERT INTO tables_recordseal SELECT seal.*;
    IF chain_end.id IS NULL THEN
        INSERT INTO tables_sealchainend (table_id, seal_id, row_hash)
        VALUES (at_table, seal.id, seal.row_hash);
    ELSE
        UPDATE tables_sealchainend SET seal_id = seal.id, row_hash = seal.row_hash
         WHERE id = chain_end.id;
    END IF;
END $$ LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
   SET enable_seqscan = off;
"""

# 0018's function, as 0024 left it.
SEAL_BEFORE = """
CREATE OR REPLACE FUNCTION tables_seal(kind text, record bigint, at_table bigint)
RETURNS void AS $$
DECLARE
    seal tables_recordseal;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('tables_recordseal'), at_table::int);
    seal.id := nextval(pg_get_serial_sequence('tables_recordseal', 'id'));
    seal.table_id := at_table;
    seal.kind := kind;
    seal.record_id := record;
    seal.sealed_at := clock_timestamp();
    SELECT row_hash INTO seal.prev_hash FROM tables_recordseal
     WHERE table_id = at_table ORDER BY id DESC LIMIT 1;
    seal.prev_hash := coalesce(seal.prev_hash, '');
    seal.row_hash := payouts_chain_hash(tables_recordseal_content(seal), seal.prev_hash);
    INSERT INTO tables_recordseal SELECT seal.*;
END $$ LANGUAGE plpgsql;
ALTER FUNCTION tables_seal(text, bigint, bigint) RESET ALL;
ALTER FUNCTION tables_seal(text, bigint, bigint) SECURITY DEFINER
    SET search_path = public, pg_temp;
"""


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0046_player_host_and_notes'),
    ]

    operations = [
        migrations.CreateModel(
            name='SealChainEnd',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seal_id', models.BigIntegerField(help_text="The table's last seal.")),
                ('row_hash', models.CharField(help_text="That seal's hash.", max_length=64)),
            ],
        ),
        migrations.AddIndex(
            model_name='badbeatentry',
            index=models.Index(fields=['fund', 'id'], name='bad_beat_ledger_of_fund'),
        ),
        migrations.AddIndex(
            model_name='compentry',
            index=models.Index(fields=['account', 'id'], name='comp_ledger_of_account'),
        ),
        migrations.AddField(
            model_name='sealchainend',
            name='table',
            field=models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.table'),
        ),
        migrations.RunSQL(SEAL, SEAL_BEFORE),
    ]
