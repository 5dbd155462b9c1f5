"""What each role may do with poker hands, time collections and the bad-beat fund, and their
voids.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "poker.view_pokerhand", "poker.view_pokerseat", "poker.view_pokerpot",
        "poker.add_pokerhandvoid", "poker.view_pokerhandvoid", "poker.view_badbeatfund",
        "poker.view_badbeatentry", "poker.add_badbeatentry", "poker.view_timecollection",
        "poker.add_timecollectionvoid", "poker.view_timecollectionvoid",
    ],
    Role.DEALER: [
        "poker.add_pokerhand", "poker.view_pokerhand", "poker.view_pokerseat",
        "poker.view_pokerpot", "poker.add_timecollection", "poker.view_timecollection",
    ],
    Role.ACCOUNTANT: [
        "poker.view_pokerhand", "poker.view_pokerseat", "poker.view_pokerpot",
        "poker.view_pokerhandvoid", "poker.view_badbeatfund", "poker.view_badbeatentry",
        "poker.view_timecollection", "poker.view_timecollectionvoid",
    ],
}
