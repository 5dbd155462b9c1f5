"""What each role may do with progressive meters, their ledger and their hits. The group
supervisor's are the group's own meters only (payouts.governance).

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "payouts.add_progressive", "payouts.change_progressive", "payouts.view_progressive",
        "payouts.view_progressiveevent", "payouts.view_jackpothit", "payouts.change_jackpothit",
        "payouts.view_meterentry",
    ],
    Role.DEALER: [
        "payouts.view_progressive",
    ],
    Role.ACCOUNTANT: [
        "payouts.view_progressive", "payouts.view_jackpothit", "payouts.view_meterentry",
    ],
    Role.GROUP_SUPERVISOR: [
        "payouts.add_progressive", "payouts.change_progressive", "payouts.view_progressive",
        "payouts.view_progressiveevent", "payouts.view_meterentry",
    ],
}
