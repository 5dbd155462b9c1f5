"""What each role may do with closed days and their figures.

Collected with the other apps' declarations by casino.common.roles.role_grants (through the
app's AppConfig); sync_roles keeps the role groups to exactly that after every migrate."""

from __future__ import annotations

from casino.common.roles import Role

# The closed days and their figures: read by the pit and the accountants alike.
READ_THE_BOOKS = ["reports.view_closedday", "reports.view_rakefigure", "reports.view_studfigure",
                  "reports.view_meterfigure", "reports.view_tablehour"]

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: READ_THE_BOOKS,
    Role.ACCOUNTANT: READ_THE_BOOKS,
}
