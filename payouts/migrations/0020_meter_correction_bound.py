import django.db.models.deletion
import pgtrigger.compiler
import pgtrigger.migrations
from django.conf import settings
from django.db import migrations, models

# Issue 26: a correction may set a meter above its bound only with a second supervisor.
# Existing meters (and their history rows) get the bound a new meter is given when none
# is named, frozen here as migrations must be (tables.rules.progressive keeps the rule).
BOUND_SEEDS = 100


def derived_bound(row):
    if row.limit is not None:
        return row.limit
    return max(row.seed * BOUND_SEEDS, row.approval_threshold)


def fill_bounds(apps, schema_editor):
    # The history triggers are off here (removed above, added again below): filling in a
    # new column is no change of a meter's parameters.
    for name in ("Progressive", "ProgressiveEvent"):
        model = apps.get_model("payouts", name)
        for row in model.objects.all():
            model.objects.filter(pk=row.pk).update(correction_bound=derived_bound(row))


class Migration(migrations.Migration):

    dependencies = [
        ('payouts', '0019_analyses_without_the_seat_covariance_queued_again'),
        ('tables', '0023_day_start_default_called'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='CorrectionConfirmation',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('confirmed_at', models.DateTimeField(help_text='When their password was confirmed.')),
                ('bound', models.DecimalField(decimal_places=2, help_text="The meter's bound the correction went above.", max_digits=14)),
            ],
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='progressive',
            name='insert_insert',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='progressive',
            name='update_update',
        ),
        migrations.AddField(
            model_name='progressive',
            name='correction_bound',
            field=models.DecimalField(decimal_places=2, default=0, help_text='A correction to a balance above this needs a second supervisor.', max_digits=14),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name='progressiveevent',
            name='correction_bound',
            field=models.DecimalField(decimal_places=2, default=0, help_text='A correction to a balance above this needs a second supervisor.', max_digits=14),
            preserve_default=False,
        ),
        migrations.RunPython(fill_bounds, migrations.RunPython.noop),
        pgtrigger.migrations.AddTrigger(
            model_name='progressive',
            trigger=pgtrigger.compiler.Trigger(name='insert_insert', sql=pgtrigger.compiler.UpsertTriggerSql(func='INSERT INTO "payouts_progressiveevent" ("amount", "approval_threshold", "awards", "casino_id", "contribution_rate", "correction_bound", "created_at", "currency", "id", "limit", "name", "overflow", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "reserve", "reserve_rate", "seed", "wager") VALUES (NEW."amount", NEW."approval_threshold", NEW."awards", NEW."casino_id", NEW."contribution_rate", NEW."correction_bound", NEW."created_at", NEW."currency", NEW."id", NEW."limit", NEW."name", NEW."overflow", _pgh_attach_context(), NOW(), \'insert\', NEW."id", NEW."reserve", NEW."reserve_rate", NEW."seed", NEW."wager"); RETURN NULL;', hash='9000060e296615f540d212cbc324361baf0c487a', operation='INSERT', pgid='pgtrigger_insert_insert_6d706', table='payouts_progressive', when='AFTER')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='progressive',
            trigger=pgtrigger.compiler.Trigger(name='update_update', sql=pgtrigger.compiler.UpsertTriggerSql(condition='WHEN (OLD."approval_threshold" IS DISTINCT FROM (NEW."approval_threshold") OR OLD."awards" IS DISTINCT FROM (NEW."awards") OR OLD."casino_id" IS DISTINCT FROM (NEW."casino_id") OR OLD."contribution_rate" IS DISTINCT FROM (NEW."contribution_rate") OR OLD."correction_bound" IS DISTINCT FROM (NEW."correction_bound") OR OLD."created_at" IS DISTINCT FROM (NEW."created_at") OR OLD."currency" IS DISTINCT FROM (NEW."currency") OR OLD."id" IS DISTINCT FROM (NEW."id") OR OLD."limit" IS DISTINCT FROM (NEW."limit") OR OLD."name" IS DISTINCT FROM (NEW."name") OR OLD."reserve_rate" IS DISTINCT FROM (NEW."reserve_rate") OR OLD."seed" IS DISTINCT FROM (NEW."seed") OR OLD."wager" IS DISTINCT FROM (NEW."wager"))', func='INSERT INTO "payouts_progressiveevent" ("amount", "approval_threshold", "awards", "casino_id", "contribution_rate", "correction_bound", "created_at", "currency", "id", "limit", "name", "overflow", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "reserve", "reserve_rate", "seed", "wager") VALUES (NEW."amount", NEW."approval_threshold", NEW."awards", NEW."casino_id", NEW."contribution_rate", NEW."correction_bound", NEW."created_at", NEW."currency", NEW."id", NEW."limit", NEW."name", NEW."overflow", _pgh_attach_context(), NOW(), \'update\', NEW."id", NEW."reserve", NEW."reserve_rate", NEW."seed", NEW."wager"); RETURN NULL;', hash='89c8cd21caf77464efa11da1dc5c9ab1fdf36e8b', operation='UPDATE', pgid='pgtrigger_update_update_08e16', table='payouts_progressive', when='AFTER')),
        ),
        migrations.AddConstraint(
            model_name='progressive',
            constraint=models.CheckConstraint(condition=models.Q(('correction_bound__gte', 0)), name='progressive_correction_bound_not_negative'),
        ),
        migrations.AddField(
            model_name='correctionconfirmation',
            name='confirmed_by',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='correctionconfirmation',
            name='entry',
            field=models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='confirmation', to='payouts.meterentry'),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='correctionconfirmation',
            trigger=pgtrigger.compiler.Trigger(name='records_are_never_changed', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='2027ee82f08103da18a94da930ac4e91e79d1f5b', operation='UPDATE', pgid='pgtrigger_records_are_never_changed_6f705', table='payouts_correctionconfirmation', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='correctionconfirmation',
            trigger=pgtrigger.compiler.Trigger(name='records_are_never_deleted', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='44ec0e402a7a2288d2285d8ea1cd4126a2f039ba', operation='DELETE', pgid='pgtrigger_records_are_never_deleted_63101', table='payouts_correctionconfirmation', when='BEFORE')),
        ),
    ]
