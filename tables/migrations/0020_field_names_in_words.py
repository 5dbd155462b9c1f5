"""Fields named in words (verbose names) where the column name abbreviates: the history
pages and forms read "Maximum payout", "Reopening rule". No change to the database."""

from django.db import migrations, models

import tables.floor.models


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0019_seal_content_planned_once'),
    ]

    operations = [
        migrations.AlterField(
            model_name='casino',
            name='timezone',
            field=models.CharField(max_length=64, validators=[tables.floor.models.validate_time_zone], verbose_name='time zone'),
        ),
        migrations.AlterField(
            model_name='casinoevent',
            name='timezone',
            field=models.CharField(max_length=64, validators=[tables.floor.models.validate_time_zone], verbose_name='time zone'),
        ),
        migrations.AlterField(
            model_name='table',
            name='heads_up_uncapped',
            field=models.BooleanField(default=False, verbose_name='no raise cap heads-up'),
        ),
        migrations.AlterField(
            model_name='table',
            name='kill_pot_big_bets',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=6, null=True, verbose_name='kill when the pot exceeds (big bets)'),
        ),
        migrations.AlterField(
            model_name='table',
            name='max_ante',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True, verbose_name='maximum ante'),
        ),
        migrations.AlterField(
            model_name='table',
            name='max_bet',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True, verbose_name='maximum bet'),
        ),
        migrations.AlterField(
            model_name='table',
            name='min_ante',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True, verbose_name='minimum ante'),
        ),
        migrations.AlterField(
            model_name='table',
            name='min_bet',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True, verbose_name='minimum bet'),
        ),
        migrations.AlterField(
            model_name='table',
            name='poker_settings_version',
            field=models.PositiveIntegerField(default=0, verbose_name='settings version'),
        ),
        migrations.AlterField(
            model_name='table',
            name='reopen_rule',
            field=models.CharField(blank=True, choices=[('full_bet', 'Full bet rule'), ('half_bet', 'Half bet rule')], max_length=8, verbose_name='reopening rule'),
        ),
        migrations.AlterField(
            model_name='tableevent',
            name='heads_up_uncapped',
            field=models.BooleanField(default=False, verbose_name='no raise cap heads-up'),
        ),
        migrations.AlterField(
            model_name='tableevent',
            name='kill_pot_big_bets',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=6, null=True, verbose_name='kill when the pot exceeds (big bets)'),
        ),
        migrations.AlterField(
            model_name='tableevent',
            name='max_ante',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True, verbose_name='maximum ante'),
        ),
        migrations.AlterField(
            model_name='tableevent',
            name='max_bet',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True, verbose_name='maximum bet'),
        ),
        migrations.AlterField(
            model_name='tableevent',
            name='min_ante',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True, verbose_name='minimum ante'),
        ),
        migrations.AlterField(
            model_name='tableevent',
            name='min_bet',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True, verbose_name='minimum bet'),
        ),
        migrations.AlterField(
            model_name='tableevent',
            name='poker_settings_version',
            field=models.PositiveIntegerField(default=0, verbose_name='settings version'),
        ),
        migrations.AlterField(
            model_name='tableevent',
            name='reopen_rule',
            field=models.CharField(blank=True, choices=[('full_bet', 'Full bet rule'), ('half_bet', 'Half bet rule')], max_length=8, verbose_name='reopening rule'),
        ),
    ]
