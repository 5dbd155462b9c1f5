"""What each role may do with stud rounds and their voids.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "tables.view_studround", "tables.view_studseat", "tables.add_studroundvoid",
        "tables.view_studroundvoid",
    ],
    Role.DEALER: [
        "tables.add_studround", "tables.view_studround", "tables.view_studseat",
    ],
    Role.ACCOUNTANT: [
        "tables.view_studround", "tables.view_studseat", "tables.view_studroundvoid",
    ],
}
