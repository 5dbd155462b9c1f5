"""What each role may do with the group's players and the log of who read them.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate.
Accountants read the reports, never the people; a dealer reads only a seated player's
first name and tier (tables.players.selectors)."""

from __future__ import annotations

from casino.common.roles import Role

_PEOPLE = ["players.add_player", "players.change_player", "players.view_player",
           "players.view_playerevent", "players.view_playeraccess"]

# Ratings: the pit (and a table's dealers) seat, pause, resume and close; hosts read.
_SEATING = ["players.add_rating", "players.view_rating", "players.add_ratingchange",
            "players.view_ratingchange"]
_READING = ["players.view_rating", "players.view_ratingchange", "players.view_seatingrefused"]

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [*_PEOPLE, *_SEATING, "players.view_seatingrefused"],
    Role.HOST: [*_PEOPLE, *_READING],
    # The group's gaming controller lifts a group-wide exclusion (with a second one).
    Role.GROUP_SUPERVISOR: _PEOPLE,
    # The players seated at his tables (their first name and tier): the selector narrows.
    Role.DEALER: ["players.view_player", *_SEATING],
}
