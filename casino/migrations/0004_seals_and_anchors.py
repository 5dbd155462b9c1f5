"""The books' other records are sealed into chains of their own (one per table: counts,
slips, signatures, approvals, W-2G details, closed days, audit events ...), and the heads
of every chain are anchored with a key the database never sees (casino.common.seals,
casino.common.anchors)."""

import pgtrigger.compiler
import pgtrigger.migrations
from django.db import migrations, models

SEALS = """
-- What a record says: every column by name, nulls left out (a column added later as NULL
-- changes no old seal), times in UTC whatever the session's zone.
CREATE OR REPLACE FUNCTION casino_record_text(r anyelement) RETURNS text AS $$
BEGIN
    RETURN jsonb_strip_nulls(to_jsonb(r))::text;
END $$ LANGUAGE plpgsql STABLE SET timezone = 'UTC';

CREATE OR REPLACE FUNCTION casino_seal_content(e casino_seal, content text) RETURNS text AS $$
    SELECT concat_ws('|', e.id, e.chain, e.record,
                     to_char(e.sealed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
                     coalesce(content, 'missing'))
$$ LANGUAGE sql IMMUTABLE;

-- Seal every record of one table that has no seal yet, in key order, each chained to the
-- table's last seal. The service's role may call it but may not write casino_seal
-- itself: it runs as the owner (SECURITY DEFINER). Records whose rows may still change
-- for a while (pghistory's context of a request) are sealed only once settled.
CREATE OR REPLACE FUNCTION casino_seal_pending(sealed_table text, key_column text,
                                               settled_by text DEFAULT NULL,
                                               settle interval DEFAULT NULL)
RETURNS integer AS $$
DECLARE
    seal casino_seal;
    pending record;
    last_hash text;
    sealed integer := 0;
    settled text := '';
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('casino_seal'), hashtext(sealed_table));
    SELECT s.row_hash INTO last_hash FROM casino_seal s WHERE s.chain = sealed_table
     ORDER BY s.id DESC LIMIT 1;
    last_hash := coalesce(last_hash, '');
    IF settled_by IS NOT NULL THEN
        settled := format(' AND r.%I < now() - %L::interval', settled_by, settle);
    END IF;
    FOR pending IN EXECUTE format(
        'SELECT r.%1$I::text AS record, casino_record_text(r) AS content FROM %2$I r '
        'WHERE NOT EXISTS (SELECT 1 FROM casino_seal s WHERE s.chain = %2$L '
        'AND s.record = r.%1$I::text)%3$s ORDER BY r.%1$I', key_column, sealed_table, settled)
    LOOP
        seal.id := nextval(pg_get_serial_sequence('casino_seal', 'id'));
        seal.chain := sealed_table;
        seal.record := pending.record;
        seal.sealed_at := clock_timestamp();
        seal.prev_hash := last_hash;
        seal.row_hash := payouts_chain_hash(casino_seal_content(seal, pending.content),
                                            last_hash);
        INSERT INTO casino_seal SELECT seal.*;
        last_hash := seal.row_hash;
        sealed := sealed + 1;
    END LOOP;
    RETURN sealed;
END $$ LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp;
"""

UNSEAL = """
DROP FUNCTION IF EXISTS casino_seal_pending(text, text, text, interval);
DROP FUNCTION IF EXISTS casino_seal_content(casino_seal, text);
DROP FUNCTION IF EXISTS casino_record_text(anyelement);
"""


class Migration(migrations.Migration):

    dependencies = [
        ('casino', '0003_cage_and_count_roles'),
        ('payouts', '0011_meter_ledger_chain'),  # payouts_chain_hash
    ]

    operations = [
        migrations.CreateModel(
            name='LedgerAnchor',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seq', models.PositiveBigIntegerField(unique=True)),
                ('made_at', models.DateTimeField()),
                ('reason', models.CharField(max_length=200)),
                ('key', models.CharField(help_text="Which of the service's keys signed it.", max_length=40)),
                ('prev_mac', models.CharField(max_length=64)),
                ('heads', models.JSONField()),
                ('mac', models.CharField(max_length=64)),
            ],
            options={
                'ordering': ['seq'],
            },
        ),
        migrations.CreateModel(
            name='Seal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('chain', models.CharField(help_text="The sealed record's table.", max_length=63)),
                ('record', models.CharField(help_text="The sealed record's key.", max_length=64)),
                ('sealed_at', models.DateTimeField()),
                ('prev_hash', models.CharField(editable=False, max_length=64)),
                ('row_hash', models.CharField(editable=False, max_length=64)),
            ],
            options={
                'ordering': ['id'],
            },
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='ledgeranchor',
            trigger=pgtrigger.compiler.Trigger(name='records_are_never_changed', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='c02799fa1d9875c3925750a14394ded26f8a042f', operation='UPDATE', pgid='pgtrigger_records_are_never_changed_37d53', table='casino_ledgeranchor', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='ledgeranchor',
            trigger=pgtrigger.compiler.Trigger(name='records_are_never_deleted', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='02e7969a3508d75b0a5b54ce42b80124f4c8d5e5', operation='DELETE', pgid='pgtrigger_records_are_never_deleted_6545f', table='casino_ledgeranchor', when='BEFORE')),
        ),
        migrations.AddIndex(
            model_name='seal',
            index=models.Index(fields=['chain', 'id'], name='seal_chain_order'),
        ),
        migrations.AddConstraint(
            model_name='seal',
            constraint=models.UniqueConstraint(fields=('chain', 'record'), name='one_seal_per_book_record'),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='seal',
            trigger=pgtrigger.compiler.Trigger(name='records_are_never_changed', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='81b61b9d44fbacbfd49e5267d130a6eebf022c78', operation='UPDATE', pgid='pgtrigger_records_are_never_changed_def71', table='casino_seal', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='seal',
            trigger=pgtrigger.compiler.Trigger(name='records_are_never_deleted', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='a8bbae45ee3808b396bb7a69b132339973030807', operation='DELETE', pgid='pgtrigger_records_are_never_deleted_3db55', table='casino_seal', when='BEFORE')),
        ),
        migrations.RunSQL(SEALS, UNSEAL),
    ]
