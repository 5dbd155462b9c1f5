"""A jackpot approval is kept once, on its HitApproval (issue 27): the hit's own
approved_by/approved_at go. An approval from before approvals had a witness (issue 16)
was only on the hit: it moves to a HitApproval without a witness, so none is lost.

The hit's audit events keep their two columns in the database (no longer in the model):
each event row is sealed whole (casino.common.seals), and dropping a column that holds a
value would change what the seal of every approval's event vouched for. New events leave
them empty, which a seal does not see (casino_record_text strips nulls)."""

import django.db.models.deletion
import pgtrigger.compiler
import pgtrigger.migrations
from django.conf import settings
from django.db import migrations, models


def approvals_moved(apps, schema_editor):
    hits = apps.get_model("payouts", "JackpotHit")
    approvals = apps.get_model("payouts", "HitApproval")
    alone = hits.objects.filter(approved_by__isnull=False, approval__isnull=True)
    approvals.objects.bulk_create(
        approvals(hit_id=hit.pk, approved_by_id=hit.approved_by_id,
                  approved_at=hit.approved_at or hit.settled_at or hit.recorded_at)
        for hit in alone.order_by("pk"))


class Migration(migrations.Migration):

    dependencies = [
        ('payouts', '0023_names_in_words'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name='hitapproval',
            name='witnessed_at',
            field=models.DateTimeField(help_text="When the witness's password was confirmed.", null=True),
        ),
        migrations.AlterField(
            model_name='hitapproval',
            name='witnessed_by',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        # Not reversed: the approvals stay on their records (a paid hit's row is final).
        migrations.RunPython(approvals_moved, migrations.RunPython.noop),
        # The new approvals' deferred checks now, before the hits' table is altered.
        migrations.RunSQL("SET CONSTRAINTS ALL IMMEDIATE", migrations.RunSQL.noop),
        pgtrigger.migrations.RemoveTrigger(
            model_name='jackpothit',
            name='insert_insert',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='jackpothit',
            name='update_update',
        ),
        migrations.RemoveField(
            model_name='jackpothit',
            name='approved_at',
        ),
        migrations.RemoveField(
            model_name='jackpothit',
            name='approved_by',
        ),
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.RemoveField(
                model_name='jackpothitevent',
                name='approved_at',
            ),
            migrations.RemoveField(
                model_name='jackpothitevent',
                name='approved_by',
            ),
        ]),
        pgtrigger.migrations.AddTrigger(
            model_name='jackpothit',
            trigger=pgtrigger.compiler.Trigger(name='insert_insert', sql=pgtrigger.compiler.UpsertTriggerSql(func='INSERT INTO "payouts_jackpothitevent" ("amount", "category", "from_meter", "id", "meter_before", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "progressive_id", "recorded_at", "round_id", "seat", "settled_at", "shared_by", "status", "w2g", "wager", "withholding") VALUES (NEW."amount", NEW."category", NEW."from_meter", NEW."id", NEW."meter_before", _pgh_attach_context(), NOW(), \'insert\', NEW."id", NEW."progressive_id", NEW."recorded_at", NEW."round_id", NEW."seat", NEW."settled_at", NEW."shared_by", NEW."status", NEW."w2g", NEW."wager", NEW."withholding"); RETURN NULL;', hash='ca8f82ccf7a8d778dc794ef2d6343efb2e89b0a9', operation='INSERT', pgid='pgtrigger_insert_insert_280a2', table='payouts_jackpothit', when='AFTER')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='jackpothit',
            trigger=pgtrigger.compiler.Trigger(name='update_update', sql=pgtrigger.compiler.UpsertTriggerSql(condition='WHEN (OLD.* IS DISTINCT FROM NEW.*)', func='INSERT INTO "payouts_jackpothitevent" ("amount", "category", "from_meter", "id", "meter_before", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "progressive_id", "recorded_at", "round_id", "seat", "settled_at", "shared_by", "status", "w2g", "wager", "withholding") VALUES (NEW."amount", NEW."category", NEW."from_meter", NEW."id", NEW."meter_before", _pgh_attach_context(), NOW(), \'update\', NEW."id", NEW."progressive_id", NEW."recorded_at", NEW."round_id", NEW."seat", NEW."settled_at", NEW."shared_by", NEW."status", NEW."w2g", NEW."wager", NEW."withholding"); RETURN NULL;', hash='1e0309f5ad5d3c6e15250b42ae1631a5dc772dc7', operation='UPDATE', pgid='pgtrigger_update_update_9f384', table='payouts_jackpothit', when='AFTER')),
        ),
        migrations.AddConstraint(
            model_name='hitapproval',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('witnessed_at__isnull', True), ('witnessed_by__isnull', True)), models.Q(('witnessed_at__isnull', False), ('witnessed_by__isnull', False)), _connector='OR'), name='approval_witness_with_its_time'),
        ),
    ]
