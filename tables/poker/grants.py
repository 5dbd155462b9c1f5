"""What each role may do with poker hands, time collections and the bad-beat fund, and their
voids.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "tables.view_pokerhand", "tables.view_pokerseat", "tables.view_pokerpot",
        "tables.add_pokerhandvoid", "tables.view_pokerhandvoid", "tables.view_badbeatfund",
        "tables.view_badbeatentry", "tables.add_badbeatentry", "tables.view_timecollection",
        "tables.add_timecollectionvoid", "tables.view_timecollectionvoid",
    ],
    Role.DEALER: [
        "tables.add_pokerhand", "tables.view_pokerhand", "tables.view_pokerseat",
        "tables.view_pokerpot", "tables.add_timecollection", "tables.view_timecollection",
    ],
    Role.ACCOUNTANT: [
        "tables.view_pokerhand", "tables.view_pokerseat", "tables.view_pokerpot",
        "tables.view_pokerhandvoid", "tables.view_badbeatfund", "tables.view_badbeatentry",
        "tables.view_timecollection", "tables.view_timecollectionvoid",
    ],
}
