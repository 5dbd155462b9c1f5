from django.db import migrations

from casino.common.roles import grant_permissions

# Frozen here, as migrations must be (issue 26): the group supervisor, the casino group's
# gaming controller, governs the group's own terms and wide-area meters (those without a
# casino); the services refuse everyone else (payouts.governance).
GROUP_ROLE = {
    "group_supervisor": [
        "payouts.add_paytable", "payouts.change_paytable", "payouts.view_paytable",
        "payouts.view_paytableevent", "payouts.add_rakeschedule",
        "payouts.change_rakeschedule", "payouts.view_rakeschedule",
        "payouts.view_rakescheduleevent", "payouts.add_progressive",
        "payouts.change_progressive", "payouts.view_progressive",
        "payouts.view_progressiveevent", "payouts.view_meterentry",
        "payouts.view_paranalysis"],
}


def create_role(apps, schema_editor):
    grant_permissions(apps, GROUP_ROLE)


def remove_role(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=GROUP_ROLE).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0003_cage_and_count_roles"),
        ("payouts", "0019_analyses_without_the_seat_covariance_queued_again"),
    ]

    operations = [migrations.RunPython(create_role, remove_role)]
