"""What each role may do with stud rounds and their voids.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "stud.view_studround", "stud.view_studseat", "stud.add_studroundvoid",
        "stud.view_studroundvoid",
    ],
    Role.DEALER: [
        "stud.add_studround", "stud.view_studround", "stud.view_studseat",
    ],
    Role.ACCOUNTANT: [
        "stud.view_studround", "stud.view_studseat", "stud.view_studroundvoid",
    ],
}
