from django.db import migrations

from casino.common.roles import grant_permissions

# Frozen here, as migrations must be (issue 17): the cage issues and voids fill and credit
# slips; the count team counts the drop boxes. What the older roles gain on the new
# records is kept in step by sync_roles after every migrate.
ACCOUNTING_ROLES = {
    "cage": ["tables.view_casino", "tables.view_table", "tables.view_chiprequest",
             "tables.add_chipslip", "tables.view_chipslip", "tables.view_chipslipsignature",
             "tables.add_chipslipvoid", "tables.view_chipslipvoid", "tables.view_slipseries"],
    "count": ["tables.view_casino", "tables.view_table", "tables.add_boxcount",
              "tables.view_boxcount", "tables.add_countcorrection",
              "tables.view_countcorrection", "tables.view_variance"],
}


def create_roles(apps, schema_editor):
    grant_permissions(apps, ACCOUNTING_ROLES)


def remove_roles(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=ACCOUNTING_ROLES).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0002_roles"),
        ("tables", "0022_table_accounting"),
    ]

    operations = [migrations.RunPython(create_roles, remove_roles)]
