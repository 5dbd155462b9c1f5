"""What each role may do with the held entries (collected by casino.common.roles.role_grants
through the app's AppConfig): a dealer holds what his tablet could not record and resolves
his own; a supervisor resolves any of his casinos'."""

from __future__ import annotations

from casino.common.roles import Role

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.DEALER: ["tables.view_heldentry", "tables.add_heldentry", "tables.view_heldresolution",
                  "tables.add_heldresolution"],
    Role.SUPERVISOR: ["tables.view_heldentry", "tables.view_heldresolution",
                      "tables.add_heldresolution"],
}
