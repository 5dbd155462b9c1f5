"""What each role may do with the held entries (collected by casino.common.roles.role_grants
through the app's AppConfig): a dealer holds what his tablet could not record and resolves
his own; a supervisor resolves any of his casinos'."""

from __future__ import annotations

from casino.common.roles import Role

# Resolving one (sent, entered late, discarded) and correcting it go together: the
# correction is written with the resolution it led to.
RESOLVING = ["offline.view_heldentry", "offline.view_heldresolution", "offline.add_heldresolution",
             "offline.view_heldcorrection", "offline.add_heldcorrection"]

ROLE_GRANTS: dict[Role, list[str]] = {
    Role.DEALER: [*RESOLVING, "offline.add_heldentry"],
    Role.SUPERVISOR: RESOLVING,
}
