"""Fields named in words (verbose names) where the column name abbreviates: the history
pages and forms read "Maximum payout", "Reopening rule". No change to the database."""

from decimal import Decimal

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('payouts', '0015_ledger_end_index'),
    ]

    operations = [
        migrations.AlterField(
            model_name='paytable',
            name='dealer_qualifier',
            field=models.CharField(default='AK', max_length=2, verbose_name='dealer qualifies with'),
        ),
        migrations.AlterField(
            model_name='paytable',
            name='max_ante',
            field=models.DecimalField(decimal_places=2, max_digits=14, verbose_name='maximum ante'),
        ),
        migrations.AlterField(
            model_name='paytable',
            name='max_payout',
            field=models.DecimalField(decimal_places=2, help_text="Cap on the bet's win per hand.", max_digits=14, verbose_name='maximum payout'),
        ),
        migrations.AlterField(
            model_name='paytable',
            name='min_ante',
            field=models.DecimalField(decimal_places=2, max_digits=14, verbose_name='minimum ante'),
        ),
        migrations.AlterField(
            model_name='paytableevent',
            name='dealer_qualifier',
            field=models.CharField(default='AK', max_length=2, verbose_name='dealer qualifies with'),
        ),
        migrations.AlterField(
            model_name='paytableevent',
            name='max_ante',
            field=models.DecimalField(decimal_places=2, max_digits=14, verbose_name='maximum ante'),
        ),
        migrations.AlterField(
            model_name='paytableevent',
            name='max_payout',
            field=models.DecimalField(decimal_places=2, help_text="Cap on the bet's win per hand.", max_digits=14, verbose_name='maximum payout'),
        ),
        migrations.AlterField(
            model_name='paytableevent',
            name='min_ante',
            field=models.DecimalField(decimal_places=2, max_digits=14, verbose_name='minimum ante'),
        ),
        migrations.AlterField(
            model_name='rakeschedule',
            name='bad_beat_drop',
            field=models.DecimalField(decimal_places=2, default=Decimal('0'), max_digits=14, verbose_name='bad-beat drop'),
        ),
        migrations.AlterField(
            model_name='rakeschedule',
            name='bad_beat_min_pot',
            field=models.DecimalField(decimal_places=2, default=Decimal('0'), max_digits=14, verbose_name='bad-beat minimum pot'),
        ),
        migrations.AlterField(
            model_name='rakeschedule',
            name='caps_by_players',
            field=models.JSONField(blank=True, default=dict, help_text='Players dealt in -> cap, e.g. {"2": "1.00", "3": "2.00", "5": "5.00"}.', verbose_name='caps by players dealt in'),
        ),
        migrations.AlterField(
            model_name='rakeschedule',
            name='min_pot',
            field=models.DecimalField(decimal_places=2, default=Decimal('0'), max_digits=14, verbose_name='minimum pot'),
        ),
        migrations.AlterField(
            model_name='rakeschedule',
            name='no_flop_no_drop',
            field=models.BooleanField(default=False, verbose_name='no flop, no drop'),
        ),
        migrations.AlterField(
            model_name='rakeschedule',
            name='time_period_minutes',
            field=models.PositiveSmallIntegerField(default=30, verbose_name='time period (minutes)'),
        ),
        migrations.AlterField(
            model_name='rakescheduleevent',
            name='bad_beat_drop',
            field=models.DecimalField(decimal_places=2, default=Decimal('0'), max_digits=14, verbose_name='bad-beat drop'),
        ),
        migrations.AlterField(
            model_name='rakescheduleevent',
            name='bad_beat_min_pot',
            field=models.DecimalField(decimal_places=2, default=Decimal('0'), max_digits=14, verbose_name='bad-beat minimum pot'),
        ),
        migrations.AlterField(
            model_name='rakescheduleevent',
            name='caps_by_players',
            field=models.JSONField(blank=True, default=dict, help_text='Players dealt in -> cap, e.g. {"2": "1.00", "3": "2.00", "5": "5.00"}.', verbose_name='caps by players dealt in'),
        ),
        migrations.AlterField(
            model_name='rakescheduleevent',
            name='min_pot',
            field=models.DecimalField(decimal_places=2, default=Decimal('0'), max_digits=14, verbose_name='minimum pot'),
        ),
        migrations.AlterField(
            model_name='rakescheduleevent',
            name='no_flop_no_drop',
            field=models.BooleanField(default=False, verbose_name='no flop, no drop'),
        ),
        migrations.AlterField(
            model_name='rakescheduleevent',
            name='time_period_minutes',
            field=models.PositiveSmallIntegerField(default=30, verbose_name='time period (minutes)'),
        ),
    ]
