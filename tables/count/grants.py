"""What each role may do with box counts, their corrections and variances, and their explanations.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "tables.view_boxcount", "tables.view_countcorrection", "tables.view_variance",
        "tables.view_varianceexplanation", "tables.add_varianceexplanation",
    ],
    Role.ACCOUNTANT: [
        "tables.view_boxcount", "tables.view_countcorrection", "tables.view_variance",
        "tables.view_varianceexplanation",
    ],
    Role.COUNT: [
        "tables.add_boxcount", "tables.view_boxcount", "tables.add_countcorrection",
        "tables.view_countcorrection", "tables.view_variance",
    ],
}
