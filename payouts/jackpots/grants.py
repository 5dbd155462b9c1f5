"""What each role may do with progressive meters, their ledger and their hits. The group
supervisor's are the group's own meters only (payouts.governance).

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "jackpots.add_progressive", "jackpots.change_progressive", "jackpots.view_progressive",
        "jackpots.view_progressiveevent", "jackpots.view_jackpothit", "jackpots.change_jackpothit",
        "jackpots.view_meterentry",
    ],
    Role.DEALER: [
        "jackpots.view_progressive",
    ],
    Role.ACCOUNTANT: [
        "jackpots.view_progressive", "jackpots.view_jackpothit", "jackpots.view_meterentry",
    ],
    Role.GROUP_SUPERVISOR: [
        "jackpots.add_progressive", "jackpots.change_progressive", "jackpots.view_progressive",
        "jackpots.view_progressiveevent", "jackpots.view_meterentry",
    ],
}
