# The staff accounts' audit trail: who opened, renamed or deactivated a log-in (issue 16).

import django.contrib.auth.models
import django.contrib.auth.validators
import django.db.models.deletion
import pgtrigger.compiler
import pgtrigger.migrations
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('auth', '0012_alter_user_first_name_max_length'),
        ('pghistory', '0007_auto_20250421_0444'),
        ('tables', '0019_seal_content_planned_once'),
    ]

    operations = [
        migrations.CreateModel(
            name='StaffAccount',
            fields=[
            ],
            options={
                'proxy': True,
                'indexes': [],
                'constraints': [],
            },
            bases=('auth.user',),
            managers=[
                ('objects', django.contrib.auth.models.UserManager()),
            ],
        ),
        migrations.CreateModel(
            name='StaffAccountEvent',
            fields=[
                ('pgh_id', models.AutoField(primary_key=True, serialize=False)),
                ('pgh_created_at', models.DateTimeField(auto_now_add=True)),
                ('pgh_label', models.TextField(help_text='The event label.')),
                ('username', models.CharField(error_messages={'unique': 'A user with that username already exists.'}, help_text='Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only.', max_length=150, validators=[django.contrib.auth.validators.UnicodeUsernameValidator()], verbose_name='username')),
                ('first_name', models.CharField(blank=True, max_length=150, verbose_name='first name')),
                ('last_name', models.CharField(blank=True, max_length=150, verbose_name='last name')),
                ('is_active', models.BooleanField(default=True, help_text='Designates whether this user should be treated as active. Unselect this instead of deleting accounts.', verbose_name='active')),
                ('pgh_context', models.ForeignKey(db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='pghistory.context')),
                ('pgh_obj', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='account_events', to='tables.staffaccount')),
            ],
            options={
                'abstract': False,
            },
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='staffaccount',
            trigger=pgtrigger.compiler.Trigger(name='account_opened_insert', sql=pgtrigger.compiler.UpsertTriggerSql(func='INSERT INTO "tables_staffaccountevent" ("first_name", "is_active", "last_name", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "username") VALUES (NEW."first_name", NEW."is_active", NEW."last_name", _pgh_attach_context(), NOW(), \'account opened\', NEW."id", NEW."username"); RETURN NULL;', hash='cf5aa7a82b9e526f817d33daf1b2a1eabf420500', operation='INSERT', pgid='pgtrigger_account_opened_insert_0511d', table='auth_user', when='AFTER')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='staffaccount',
            trigger=pgtrigger.compiler.Trigger(name='account_changed_update', sql=pgtrigger.compiler.UpsertTriggerSql(condition='WHEN (OLD."first_name" IS DISTINCT FROM (NEW."first_name") OR OLD."is_active" IS DISTINCT FROM (NEW."is_active") OR OLD."last_name" IS DISTINCT FROM (NEW."last_name") OR OLD."username" IS DISTINCT FROM (NEW."username"))', func='INSERT INTO "tables_staffaccountevent" ("first_name", "is_active", "last_name", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "username") VALUES (NEW."first_name", NEW."is_active", NEW."last_name", _pgh_attach_context(), NOW(), \'account changed\', NEW."id", NEW."username"); RETURN NULL;', hash='049a4bec65ad57620654277ce3d024eea71aab06', operation='UPDATE', pgid='pgtrigger_account_changed_update_68b17', table='auth_user', when='AFTER')),
        ),
    ]
