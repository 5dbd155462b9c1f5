from django.db import migrations

from casino.common.roles import grant_permissions

# Frozen here, as migrations must be: later features grant more in their own migrations.
FOUNDATION_PERMISSIONS = {
    "supervisor": [
        "tables.add_casino", "tables.change_casino", "tables.view_casino",
        "tables.add_table", "tables.change_table", "tables.view_table",
        "tables.add_tabledealer", "tables.change_tabledealer", "tables.delete_tabledealer",
        "tables.view_tabledealer",
        "tables.view_casinoevent", "tables.view_tableevent", "tables.view_tabledealerevent",
        "auth.view_user", "casino.view_workerheartbeat",
    ],
    "dealer": ["tables.view_casino", "tables.view_table"],
    "accountant": ["tables.view_casino", "tables.view_table", "tables.view_tabledealer"],
}


def create_roles(apps, schema_editor):
    grant_permissions(apps, FOUNDATION_PERMISSIONS)


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0001_initial"),
        ("tables", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_roles, migrations.RunPython.noop)]
