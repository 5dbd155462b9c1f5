import django.db.models.deletion
import django.utils.timezone
import pgtrigger.compiler
import pgtrigger.migrations
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import migrations, models

# Issue 26: the W-2G TIN is kept encrypted with keys outside the database
# (FIELD_ENCRYPTION_KEYS, the first encrypts). Each stored TIN is encrypted here, so migrate
# needs the key when there are any (docs/deploy.md); its last four digits stay apart for
# the masked display. Frozen here: Fernet tokens of the nine digits (payouts.jackpots.fieldcrypt).


def encrypt_tins(apps, schema_editor):
    from cryptography.fernet import Fernet, MultiFernet

    Player = apps.get_model("payouts", "W2GPlayer")
    rows = list(Player.objects.values_list("pk", "tin"))
    if not rows:
        return
    keys = tuple(settings.FIELD_ENCRYPTION_KEYS)
    if not keys:
        raise ImproperlyConfigured(
            f"FIELD_ENCRYPTION_KEYS is not set: migrate encrypts the TINs of {len(rows)} "
            "W-2G record(s) and needs the service's key (docs/deploy.md).")
    cipher = MultiFernet([Fernet(key) for key in keys])
    # The records are append-only; their triggers are off for this one rewrite (the owner).
    schema_editor.execute("ALTER TABLE payouts_w2gplayer DISABLE TRIGGER USER")
    for pk, tin in rows:
        Player.objects.filter(pk=pk).update(
            tin_token=cipher.encrypt(tin.encode()).decode(), tin_last4=tin[-4:], tin="")
    schema_editor.execute("ALTER TABLE payouts_w2gplayer ENABLE TRIGGER USER")


def decrypt_tins(apps, schema_editor):
    """Back to the plain column (an unmigrate, as the owner): the TINs decrypted."""
    from cryptography.fernet import Fernet, MultiFernet

    Player = apps.get_model("payouts", "W2GPlayer")
    rows = list(Player.objects.values_list("pk", "tin_token"))
    if not rows:
        return
    cipher = MultiFernet([Fernet(key) for key in settings.FIELD_ENCRYPTION_KEYS])
    schema_editor.execute("ALTER TABLE payouts_w2gplayer DISABLE TRIGGER USER")
    for pk, token in rows:
        Player.objects.filter(pk=pk).update(tin=cipher.decrypt(token.encode()).decode())
    schema_editor.execute("ALTER TABLE payouts_w2gplayer ENABLE TRIGGER USER")


class Migration(migrations.Migration):

    dependencies = [
        ('payouts', '0020_meter_correction_bound'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='TinDisclosure',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('shown_at', models.DateTimeField(default=django.utils.timezone.now)),
            ],
            options={
                'ordering': ['id'],
            },
        ),
        migrations.AddField(
            model_name='w2gplayer',
            name='tin_last4',
            field=models.CharField(default='', help_text='What the masked TIN shows.', max_length=4),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name='w2gplayer',
            name='tin_token',
            field=models.TextField(default='', help_text='The nine digits, encrypted (a Fernet token).'),
            preserve_default=False,
        ),
        migrations.RemoveConstraint(
            model_name='w2gplayer',
            name='w2g_tin_is_nine_digits',
        ),
        migrations.RunPython(encrypt_tins, decrypt_tins, elidable=False),
        migrations.RemoveField(
            model_name='w2gplayer',
            name='tin',
        ),
        migrations.AddConstraint(
            model_name='w2gplayer',
            constraint=models.CheckConstraint(condition=models.Q(('tin_token__startswith', 'gAAAAA')), name='w2g_tin_is_encrypted'),
        ),
        migrations.AddConstraint(
            model_name='w2gplayer',
            constraint=models.CheckConstraint(condition=models.Q(('tin_last4__regex', '^[0-9]{4}$')), name='w2g_tin_last4_is_four_digits'),
        ),
        migrations.AddField(
            model_name='tindisclosure',
            name='player',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='disclosures', to='payouts.w2gplayer'),
        ),
        migrations.AddField(
            model_name='tindisclosure',
            name='shown_to',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='tindisclosure',
            trigger=pgtrigger.compiler.Trigger(name='records_are_never_changed', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot update rows from % table', TG_TABLE_NAME;", hash='392477ab9a13a81cf19c224b9add60896e12a957', operation='UPDATE', pgid='pgtrigger_records_are_never_changed_5f1f2', table='payouts_tindisclosure', when='BEFORE')),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name='tindisclosure',
            trigger=pgtrigger.compiler.Trigger(name='records_are_never_deleted', sql=pgtrigger.compiler.UpsertTriggerSql(func="RAISE EXCEPTION 'pgtrigger: Cannot delete rows from % table', TG_TABLE_NAME;", hash='d9ee00c518676e3bc0023d3bf9f8e5abb56e5585', operation='DELETE', pgid='pgtrigger_records_are_never_deleted_b3b64', table='payouts_tindisclosure', when='BEFORE')),
        ),
    ]
