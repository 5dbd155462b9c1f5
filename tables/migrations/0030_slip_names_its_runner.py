"""A fill or credit slip names the security officer who carried its chips (issue 28).
Null on the slips issued before: a seal leaves nulls out of its content
(casino_record_text strips them), so those slips' seals still verify; a default of ''
would have changed every sealed slip's content."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0029_count_variance_share_of_the_drop'),
    ]

    operations = [
        migrations.AddField(
            model_name='chipslip',
            name='carried_by',
            field=models.CharField(max_length=80, null=True),
        ),
    ]
