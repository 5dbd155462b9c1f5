"""Who governs an object that belongs to a casino or to the group (issue 26): a casino's
terms and meters are changed by the supervisors on its staff; the group's own (paytables
and rake schedules without a casino, wide-area meters without a casino) by a group
supervisor, the casino group's gaming controller, only. Every service that writes such
an object asks here first, so the pages, the API and commands refuse alike.

Giving the group's terms to a casino's table, or linking a table to a wide-area meter,
is the casino's decision (tables.floor.services), not a change to the group's object."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

from casino.common.roles import is_group_supervisor, is_supervisor
from casino.house.staff import casinos_of, require_staff

GROUP_REFUSAL = "Only a group supervisor changes the group's terms"


def governs(user, casino) -> bool:
    """Whether ``user`` may change an object of ``casino`` (None: the group's): what a
    page asks before it offers the buttons."""
    if not getattr(user, "is_authenticated", False):
        return False
    if casino is None:
        return is_group_supervisor(user)
    return is_supervisor(user) and casinos_of(user).filter(pk=casino.pk).exists()


def require_governs(actor, casino, *, what: str) -> None:
    """Refuse ``actor`` a change to an object of ``casino`` (None: the group's) unless
    they govern it; ``what`` names the object and whose it is, in words ('US Stud v2 is
    the group's, in USD'). A supervisor not on the casino's staff is refused as every
    write at another casino is (require_staff)."""
    if casino is None:
        if not is_group_supervisor(actor):
            raise PermissionDenied(
                f"{GROUP_REFUSAL}: {what}. A casino's supervisors read them and give them "
                "to their own tables; the group's gaming controller (a group supervisor) "
                "creates, changes, publishes, retires and corrects them.")
        return
    if not is_supervisor(actor):
        raise PermissionDenied(f"Only a pit supervisor of {casino.name} changes its terms "
                               f"and meters: {what}.")
    require_staff(actor, casino)
