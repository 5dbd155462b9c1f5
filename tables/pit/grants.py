"""What each role may do on the pit's floor (collected by casino.common.roles.role_grants
through the app's AppConfig; sync_roles keeps the role groups to exactly that).

A supervisor sets the rotation's rules and each dealer's games, and records any move (a
relief he confirms, a break, a clock-in for a dealer); a dealer records his own moves
only (his clock-in and out, taking a table as its relief: tables.pit.services)."""

from __future__ import annotations

from casino.common.roles import Role

_READING = ["pit.view_dealermove", "pit.view_rotationrules", "pit.view_dealergames"]

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [*_READING, "pit.add_dealermove", "pit.add_rotationrules",
                      "pit.change_rotationrules", "pit.add_dealergames",
                      "pit.change_dealergames", "pit.view_rotationrulesevent",
                      "pit.view_dealergamesevent"],
    Role.DEALER: [*_READING, "pit.add_dealermove"],
    Role.ACCOUNTANT: ["pit.view_dealermove"],
}
