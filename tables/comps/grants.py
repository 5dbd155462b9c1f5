"""What each role may do with comps (collected by casino.common.roles.role_grants through
the app's AppConfig; sync_roles keeps the role groups to exactly that).

Hosts and supervisors give comps and read the accounts and ledgers; only a supervisor
sets a casino's comp rules and a giver's limit, and decides a comp over its giver's
limit (never his own: tables.comps.services). Accountants read the comp reports, not the
accounts."""

from __future__ import annotations

from casino.common.roles import Role

_READING = ["comps.view_compaccount", "comps.view_compentry", "comps.view_comp",
            "comps.view_compdecision", "comps.view_comprules", "comps.view_complimit",
            "players.view_ratingfigures"]

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.SUPERVISOR: [*_READING, "comps.add_comp", "comps.add_compdecision",
                      "comps.add_comprules", "comps.change_comprules",
                      "comps.add_complimit", "comps.change_complimit",
                      "comps.view_comprulesevent", "comps.view_complimitevent"],
    Role.HOST: [*_READING, "comps.add_comp"],
}
