"""What each role may do in the card room (collected by casino.common.roles.role_grants
through the app's AppConfig). Supervisors keep the lists and the seats (the brush's work;
a kiosk or an app signs in as a supervisor's account); the public board needs no role."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: ["tables.view_waitlist", "tables.add_waitlist", "tables.change_waitlist",
                      "tables.view_roomrules", "tables.add_roomrules",
                      "tables.change_roomrules", "tables.view_entry", "tables.add_entry",
                      "tables.view_entrystep", "tables.add_entrystep",
                      "tables.view_seattaken", "tables.add_seattaken", "tables.view_seatleft",
                      "tables.add_seatleft", "tables.view_waitlistevent",
                      "tables.view_roomrulesevent"],
}
