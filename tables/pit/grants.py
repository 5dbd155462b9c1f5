"""What each role may do on the pit's floor (collected by casino.common.roles.role_grants
through the app's AppConfig; sync_roles keeps the role groups to exactly that).

A supervisor sets the rotation's rules and each dealer's games, and records any move (a
relief he confirms, a break, a clock-in for a dealer); a dealer records his own moves
only (his clock-in and out, taking a table as its relief: tables.pit.services)."""

from __future__ import annotations

from casino.common.roles import Role

_READING = ["tables.view_dealermove", "tables.view_rotationrules", "tables.view_dealergames"]

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [*_READING, "tables.add_dealermove", "tables.add_rotationrules",
                      "tables.change_rotationrules", "tables.add_dealergames",
                      "tables.change_dealergames", "tables.view_rotationrulesevent",
                      "tables.view_dealergamesevent"],
    Role.DEALER: [*_READING, "tables.add_dealermove"],
    Role.ACCOUNTANT: ["tables.view_dealermove"],
}
