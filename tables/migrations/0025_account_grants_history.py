"""The accounts' privileges in their audit trail (issue 26): the superuser and staff flags
(StaffAccount), each role granted or taken (auth_user_groups: RoleGrant) and each
permission given a user himself (auth_user_user_permissions: PermissionGrant), with who did
it and why.

What already stands when the trail begins is written down once, so that every live row
equals its last event (casino.common.seals.follows_its_events): each account's flags as
they are ("account flags recorded"), each role and permission held ("role held",
"permission held"). The earlier account events keep the flags null: their seals, which
leave nulls out, still hold."""

import django.db.models.deletion
import pgtrigger.compiler
import pgtrigger.migrations
from django.conf import settings
from django.db import migrations, models

BACKFILL = """
INSERT INTO tables_staffaccountevent (pgh_created_at, pgh_label, pgh_obj_id, username,
                                      first_name, last_name, is_active, is_superuser,
                                      is_staff)
SELECT now(), 'account flags recorded', id, username, first_name, last_name, is_active,
       is_superuser, is_staff FROM auth_user ORDER BY id;
INSERT INTO tables_rolegrantevent (pgh_created_at, pgh_label, pgh_obj_id, id, user_id,
                                   group_id)
SELECT now(), 'role held', id, id, user_id, group_id FROM auth_user_groups ORDER BY id;
INSERT INTO tables_permissiongrantevent (pgh_created_at, pgh_label, pgh_obj_id, id, user_id,
                                         permission_id)
SELECT now(), 'permission held', id, id, user_id, permission_id
  FROM auth_user_user_permissions ORDER BY id;
"""


class Migration(migrations.Migration):

    dependencies = [
        ('auth', '0012_alter_user_first_name_max_length'),
        ('pghistory', '0007_auto_20250421_0444'),
        ('tables', '0024_entries_add_up_and_seals_by_the_database'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='PermissionGrantEvent',
            fields=[
                ('pgh_id', models.AutoField(primary_key=True, serialize=False)),
                ('pgh_created_at', models.DateTimeField(auto_now_add=True)),
                ('pgh_label', models.TextField(help_text='The event label.')),
                ('id', models.IntegerField()),
            ],
            options={
                'abstract': False,
            },
        ),
        migrations.CreateModel(
            name='RoleGrantEvent',
            fields=[
                ('pgh_id', models.AutoField(primary_key=True, serialize=False)),
                ('pgh_created_at', models.DateTimeField(auto_now_add=True)),
                ('pgh_label', models.TextField(help_text='The event label.')),
                ('id', models.IntegerField()),
            ],
            options={
                'abstract': False,
            },
        ),
        migrations.CreateModel(
            name='RoleGrant',
            fields=[
            ],
            options={
                'proxy': True,
                'indexes': [],
                'constraints': [],
            },
            bases=('auth.user_groups',),
        ),
        migrations.CreateModel(
            name='PermissionGrant',
            fields=[
            ],
            options={
                'proxy': True,
                'indexes': [],
                'constraints': [],
            },
            bases=('auth.user_user_permissions',),
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='staffaccount',
            name='account_opened_insert',
        ),
        pgtrigger.migrations.RemoveTrigger(
            model_name='staffaccount',
            name='account_changed_update',
        ),
        migrations.AddField(
            model_name='staffaccountevent',
            name='is_staff',
            field=models.BooleanField(null=True),
        ),
        migrations.AddField(
            model_name='staffaccountevent',
            name='is_superuser',
            field=models.BooleanField(null=True),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='staffaccount',
            trigger=pgtrigger.compiler.Trigger(name='account_opened_insert', sql=pgtrigger.compiler.UpsertTriggerSql(func='INSERT INTO "tables_staffaccountevent" ("first_name", "is_active", "is_staff", "is_superuser", "last_name", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "username") VALUES (NEW."first_name", NEW."is_active", NEW."is_staff", NEW."is_superuser", NEW."last_name", _pgh_attach_context(), NOW(), \'account opened\', NEW."id", NEW."username"); RETURN NULL;', hash='2d2e71005a653b09c2706adc6aa4e378fa7cf66a', operation='INSERT', pgid='pgtrigger_account_opened_insert_0511d', table='auth_user', when='AFTER')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='staffaccount',
            trigger=pgtrigger.compiler.Trigger(name='account_changed_update', sql=pgtrigger.compiler.UpsertTriggerSql(condition='WHEN (OLD."first_name" IS DISTINCT FROM (NEW."first_name") OR OLD."is_active" IS DISTINCT FROM (NEW."is_active") OR OLD."is_staff" IS DISTINCT FROM (NEW."is_staff") OR OLD."is_superuser" IS DISTINCT FROM (NEW."is_superuser") OR OLD."last_name" IS DISTINCT FROM (NEW."last_name") OR OLD."username" IS DISTINCT FROM (NEW."username"))', func='INSERT INTO "tables_staffaccountevent" ("first_name", "is_active", "is_staff", "is_superuser", "last_name", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "username") VALUES (NEW."first_name", NEW."is_active", NEW."is_staff", NEW."is_superuser", NEW."last_name", _pgh_attach_context(), NOW(), \'account changed\', NEW."id", NEW."username"); RETURN NULL;', hash='0a36a8beb5045014e5ddf73513d4fbc6ddafabf5', operation='UPDATE', pgid='pgtrigger_account_changed_update_68b17', table='auth_user', when='AFTER')),
        ),
        migrations.AddField(
            model_name='permissiongrantevent',
            name='permission',
            field=models.ForeignKey(db_constraint=False, db_tablespace='', on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to='auth.permission'),
        ),
        migrations.AddField(
            model_name='permissiongrantevent',
            name='pgh_context',
            field=models.ForeignKey(db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='pghistory.context'),
        ),
        migrations.AddField(
            model_name='permissiongrantevent',
            name='user',
            field=models.ForeignKey(db_constraint=False, db_tablespace='', on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='rolegrantevent',
            name='group',
            field=models.ForeignKey(db_constraint=False, db_tablespace='', on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to='auth.group'),
        ),
        migrations.AddField(
            model_name='rolegrantevent',
            name='pgh_context',
            field=models.ForeignKey(db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='pghistory.context'),
        ),
        migrations.AddField(
            model_name='rolegrantevent',
            name='user',
            field=models.ForeignKey(db_constraint=False, db_tablespace='', on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', related_query_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='rolegrantevent',
            name='pgh_obj',
            field=models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tables.rolegrant'),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='rolegrant',
            trigger=pgtrigger.compiler.Trigger(name='role_granted_insert', sql=pgtrigger.compiler.UpsertTriggerSql(func='INSERT INTO "tables_rolegrantevent" ("group_id", "id", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "user_id") VALUES (NEW."group_id", NEW."id", _pgh_attach_context(), NOW(), \'role granted\', NEW."id", NEW."user_id"); RETURN NULL;', hash='2d0cdca0a5b4b099a5cb9e3c174f06b3f78e6ab1', operation='INSERT', pgid='pgtrigger_role_granted_insert_fa050', table='auth_user_groups', when='AFTER')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='rolegrant',
            trigger=pgtrigger.compiler.Trigger(name='role_taken_delete', sql=pgtrigger.compiler.UpsertTriggerSql(func='INSERT INTO "tables_rolegrantevent" ("group_id", "id", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "user_id") VALUES (OLD."group_id", OLD."id", _pgh_attach_context(), NOW(), \'role taken\', OLD."id", OLD."user_id"); RETURN NULL;', hash='42f10bd3fd57ace327219a4732849542d97069f6', operation='DELETE', pgid='pgtrigger_role_taken_delete_045a4', table='auth_user_groups', when='AFTER')),
        ),
        migrations.AddField(
            model_name='permissiongrantevent',
            name='pgh_obj',
            field=models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tables.permissiongrant'),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='permissiongrant',
            trigger=pgtrigger.compiler.Trigger(name='permission_granted_insert', sql=pgtrigger.compiler.UpsertTriggerSql(func='INSERT INTO "tables_permissiongrantevent" ("id", "permission_id", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "user_id") VALUES (NEW."id", NEW."permission_id", _pgh_attach_context(), NOW(), \'permission granted\', NEW."id", NEW."user_id"); RETURN NULL;', hash='b46232e3a08747c9f8e905c3709f16c7923c368c', operation='INSERT', pgid='pgtrigger_permission_granted_insert_69098', table='auth_user_user_permissions', when='AFTER')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='permissiongrant',
            trigger=pgtrigger.compiler.Trigger(name='permission_taken_delete', sql=pgtrigger.compiler.UpsertTriggerSql(func='INSERT INTO "tables_permissiongrantevent" ("id", "permission_id", "pgh_context_id", "pgh_created_at", "pgh_label", "pgh_obj_id", "user_id") VALUES (OLD."id", OLD."permission_id", _pgh_attach_context(), NOW(), \'permission taken\', OLD."id", OLD."user_id"); RETURN NULL;', hash='0d052ca6dcc7df47ccd43ae623d303449de1e933', operation='DELETE', pgid='pgtrigger_permission_taken_delete_3ab04', table='auth_user_user_permissions', when='AFTER')),
        ),
        migrations.RunSQL(BACKFILL, reverse_sql=migrations.RunSQL.noop),
    ]
