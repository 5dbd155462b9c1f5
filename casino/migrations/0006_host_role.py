from django.db import migrations

from casino.common.roles import grant_permissions

# Frozen here, as migrations must be (issue 29): casino marketing, who reads and keeps
# the group's players (their ratings and comps once they exist). sync_roles keeps the
# group to what tables.players.grants declares after every migrate.
HOST_ROLE = {
    "host": ["tables.add_player", "tables.change_player", "tables.view_player",
             "tables.view_playerevent", "tables.view_playeraccess"],
}


def create_role(apps, schema_editor):
    grant_permissions(apps, HOST_ROLE)


def remove_role(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=HOST_ROLE).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0005_seals_and_anchors"),
        ("tables", "0031_players"),
    ]

    operations = [migrations.RunPython(create_role, remove_role)]
