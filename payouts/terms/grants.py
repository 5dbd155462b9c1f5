"""What each role may do with paytables and rake schedules. The group supervisor's are the
group's own terms only: a casino's are its supervisors' (the services refuse the rest,
payouts.governance).

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "terms.add_paytable", "terms.change_paytable", "terms.view_paytable",
        "terms.view_paytableevent", "terms.add_rakeschedule", "terms.change_rakeschedule",
        "terms.view_rakeschedule", "terms.view_rakescheduleevent",
    ],
    Role.DEALER: [
        "terms.view_paytable", "terms.view_rakeschedule",
    ],
    Role.ACCOUNTANT: [
        "terms.view_paytable", "terms.view_rakeschedule",
    ],
    Role.GROUP_SUPERVISOR: [
        "terms.add_paytable", "terms.change_paytable", "terms.view_paytable",
        "terms.view_paytableevent", "terms.add_rakeschedule", "terms.change_rakeschedule",
        "terms.view_rakeschedule", "terms.view_rakescheduleevent",
    ],
}
