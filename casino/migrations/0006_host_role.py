from django.db import migrations

# Issue 29: casino marketing, who reads and keeps the group's players (their ratings and
# comps). The group alone is made here: what it may do is tables.players.grants', which
# sync_roles gives it after every migrate (the players' permissions exist only once the
# tables app's migrations ran, and depending on them would order every casino migration
# after the tables app's latest).
HOST = "host"


def create_role(apps, schema_editor):
    apps.get_model("auth", "Group").objects.get_or_create(name=HOST)


def remove_role(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=HOST).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0005_seals_and_anchors"),
    ]

    operations = [migrations.RunPython(create_role, remove_role)]
