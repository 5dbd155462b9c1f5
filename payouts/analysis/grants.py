"""What each role may do with PAR analyses.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "analysis.view_paranalysis",
    ],
    Role.ACCOUNTANT: [
        "analysis.view_paranalysis",
    ],
    Role.GROUP_SUPERVISOR: [
        "analysis.view_paranalysis",
    ],
}
