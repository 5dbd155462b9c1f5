"""What each role may do in the card room (collected by casino.common.roles.role_grants
through the app's AppConfig). Supervisors keep the lists and the seats (the brush's work;
a kiosk or an app signs in as a supervisor's account); the public board needs no role."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: ["cardroom.view_waitlist", "cardroom.add_waitlist", "cardroom.change_waitlist",
                      "cardroom.view_roomrules", "cardroom.add_roomrules",
                      "cardroom.change_roomrules", "cardroom.view_entry", "cardroom.add_entry",
                      "cardroom.view_entrystep", "cardroom.add_entrystep",
                      "cardroom.view_seattaken", "cardroom.add_seattaken", "cardroom.view_seatleft",
                      "cardroom.add_seatleft", "cardroom.view_waitlistevent",
                      "cardroom.view_roomrulesevent"],
}
