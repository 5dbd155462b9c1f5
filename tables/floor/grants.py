"""What each role may do with casinos, tables and their dealers, and the staff's accounts and
log-in lockouts (their pages and the admin are the floor's). Nobody deletes a casino or a
table, nor (later) a record: corrections are new records.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "house.add_casino", "house.change_casino", "house.view_casino", "floor.add_table",
        "floor.change_table", "floor.view_table", "floor.add_tabledealer",
        "floor.change_tabledealer", "floor.delete_tabledealer", "floor.view_tabledealer",
        "house.view_casinoevent", "floor.view_tableevent", "floor.view_tabledealerevent",
        "auth.view_user", "auth.add_user", "auth.change_user", "axes.view_accessattempt",
        "axes.delete_accessattempt", "axes.view_accessfailurelog",
    ],
    Role.DEALER: [
        "house.view_casino", "floor.view_table",
    ],
    Role.ACCOUNTANT: [
        "house.view_casino", "floor.view_table", "floor.view_tabledealer",
    ],
    Role.CAGE: [
        "house.view_casino", "floor.view_table",
    ],
    Role.COUNT: [
        "house.view_casino", "floor.view_table",
    ],
}
