"""What each role may do with box counts, their corrections and variances, and their explanations.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [
        "count.view_boxcount", "count.view_countcorrection", "count.view_variance",
        "count.view_varianceexplanation", "count.add_varianceexplanation",
    ],
    Role.ACCOUNTANT: [
        "count.view_boxcount", "count.view_countcorrection", "count.view_variance",
        "count.view_varianceexplanation",
    ],
    Role.COUNT: [
        "count.add_boxcount", "count.view_boxcount", "count.add_countcorrection",
        "count.view_countcorrection", "count.view_variance",
    ],
}
