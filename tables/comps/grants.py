"""What each role may do with comps (collected by casino.common.roles.role_grants through
the app's AppConfig; sync_roles keeps the role groups to exactly that).

Hosts and supervisors give comps and read the accounts and ledgers; only a supervisor
sets a casino's comp rules and a giver's limit, and decides a comp over its giver's
limit (never his own: tables.comps.services). Accountants read the comp reports, not the
accounts."""

from __future__ import annotations

from casino.common.roles import Role

_READING = ["tables.view_compaccount", "tables.view_compentry", "tables.view_comp",
            "tables.view_compdecision", "tables.view_comprules", "tables.view_complimit",
            "tables.view_ratingfigures"]

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [*_READING, "tables.add_comp", "tables.add_compdecision",
                      "tables.add_comprules", "tables.change_comprules",
                      "tables.add_complimit", "tables.change_complimit",
                      "tables.view_comprulesevent", "tables.view_complimitevent"],
    Role.HOST: [*_READING, "tables.add_comp"],
}
