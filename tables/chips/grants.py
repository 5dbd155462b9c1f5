"""What each role may do with the accounting rules, table inventory slips, chip requests and
slips, their signatures and voids, and discrepancies.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "tables.view_accountingrules", "tables.view_inventoryslip",
        "tables.view_inventorysignature", "tables.view_discrepancy", "tables.view_chiprequest",
        "tables.view_chipslip", "tables.view_chipslipsignature", "tables.view_chipslipvoid",
        "tables.view_slipseries", "tables.add_accountingrules", "tables.change_accountingrules",
        "tables.view_accountingrulesevent", "tables.add_inventoryslip",
        "tables.add_inventorysignature", "tables.add_chiprequest",
        "tables.add_chipslipsignature", "tables.add_chipslipvoid",
    ],
    Role.DEALER: [
        "tables.view_inventoryslip", "tables.add_inventorysignature", "tables.view_chipslip",
        "tables.add_chipslipsignature",
    ],
    Role.ACCOUNTANT: [
        "tables.view_accountingrules", "tables.view_inventoryslip",
        "tables.view_inventorysignature", "tables.view_discrepancy", "tables.view_chiprequest",
        "tables.view_chipslip", "tables.view_chipslipsignature", "tables.view_chipslipvoid",
        "tables.view_slipseries",
    ],
    Role.CAGE: [
        "tables.view_chiprequest", "tables.add_chipslip", "tables.view_chipslip",
        "tables.view_chipslipsignature", "tables.add_chipslipvoid", "tables.view_chipslipvoid",
        "tables.view_slipseries",
    ],
}
