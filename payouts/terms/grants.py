"""What each role may do with paytables and rake schedules. The group supervisor's are the
group's own terms only: a casino's are its supervisors' (the services refuse the rest,
payouts.governance).

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "payouts.add_paytable", "payouts.change_paytable", "payouts.view_paytable",
        "payouts.view_paytableevent", "payouts.add_rakeschedule", "payouts.change_rakeschedule",
        "payouts.view_rakeschedule", "payouts.view_rakescheduleevent",
    ],
    Role.DEALER: [
        "payouts.view_paytable", "payouts.view_rakeschedule",
    ],
    Role.ACCOUNTANT: [
        "payouts.view_paytable", "payouts.view_rakeschedule",
    ],
    Role.GROUP_SUPERVISOR: [
        "payouts.add_paytable", "payouts.change_paytable", "payouts.view_paytable",
        "payouts.view_paytableevent", "payouts.add_rakeschedule", "payouts.change_rakeschedule",
        "payouts.view_rakeschedule", "payouts.view_rakescheduleevent",
    ],
}
