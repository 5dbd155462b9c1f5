"""What each role may do with the accounting rules, table inventory slips, chip requests and
slips, their signatures and voids, and discrepancies.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "chips.view_accountingrules", "chips.view_inventoryslip",
        "chips.view_inventorysignature", "chips.view_discrepancy", "chips.view_chiprequest",
        "chips.view_chipslip", "chips.view_chipslipsignature", "chips.view_chipslipvoid",
        "chips.view_slipseries", "chips.add_accountingrules", "chips.change_accountingrules",
        "chips.view_accountingrulesevent", "chips.add_inventoryslip",
        "chips.add_inventorysignature", "chips.add_chiprequest",
        "chips.add_chipslipsignature", "chips.add_chipslipvoid",
    ],
    Role.DEALER: [
        "chips.view_inventoryslip", "chips.add_inventorysignature", "chips.view_chipslip",
        "chips.add_chipslipsignature",
    ],
    Role.ACCOUNTANT: [
        "chips.view_accountingrules", "chips.view_inventoryslip",
        "chips.view_inventorysignature", "chips.view_discrepancy", "chips.view_chiprequest",
        "chips.view_chipslip", "chips.view_chipslipsignature", "chips.view_chipslipvoid",
        "chips.view_slipseries",
    ],
    Role.CAGE: [
        "chips.view_chiprequest", "chips.add_chipslip", "chips.view_chipslip",
        "chips.view_chipslipsignature", "chips.add_chipslipvoid", "chips.view_chipslipvoid",
        "chips.view_slipseries",
    ],
}
