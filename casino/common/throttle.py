"""How failed logins slow guessing down without locking the floor out (django-axes:
AXES_HANDLER, AXES_USERNAME_CALLABLE; docs/decisions.md, issue 26).

- A user name and an address together are locked out after AXES_FAILURE_LIMIT
  failures: the same name from another device, and other names from this device, still
  log in. (By name alone, anyone who knows a dealer's name would lock the dealer out; by
  address alone, a shared address would lock everyone behind it out.)
- An address that fails for AXES_ADDRESS_USERNAME_LIMIT user names within the cool-off
  is guessing, and is locked out itself, for every name: only that address.
- A second person's password (casino.common.witness) is counted under "NAME (as
  witness)", which no user name can be (user names hold no spaces): a witness's
  failures throttle their confirming from that device, never their own logins.

The records are axes' own AccessAttempt rows, so a supervisor unlocks as before: the
admin's Access attempts, `manage.py axes_reset_username NAME` (or `axes_reset_ip`)."""

from __future__ import annotations

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings

# The credential casino.common.witness passes to authenticate() beside the password.
AS_WITNESS = "as_witness"
WITNESS_SUFFIX = " (as witness)"


def attempt_name(request, credentials: dict | None) -> str | None:
    """AXES_USERNAME_CALLABLE: the name a login attempt counts under: the user name, or
    "NAME (as witness)" for a second person's password."""
    if not credentials:  # axes' own fallback: the login form's field
        return getattr(request, "data", request.POST).get("username")
    name = credentials.get("username")
    if name and credentials.get(AS_WITNESS):
        return f"{name}{WITNESS_SUFFIX}"
    return name


def witness_record_name(name: str) -> str:
    """The user name a witness's failures are kept under (as the admin lists them)."""
    return f"{name}{WITNESS_SUFFIX}"


class LoginThrottle(AxesDatabaseHandler):
    """Axes' database handler, its failures counted by (name, address) as
    AXES_LOCKOUT_PARAMETERS says, plus the lockout of an address that fails for many
    names."""

    def get_failures(self, request, credentials: dict | None = None) -> int:
        failures = super().get_failures(request, credentials)
        if self.guessing_from(request):
            # Marked for the words: the device, not the name, is refused.
            request.axes_address_locked = True
            return max(failures, get_failure_limit(request, credentials))
        return failures

    @staticmethod
    def guessing_from(request) -> bool:
        limit = settings.AXES_ADDRESS_USERNAME_LIMIT
        address = getattr(request, "axes_ip_address", None)
        if not limit or address is None:
            return False
        names = (AccessAttempt.objects
                 .filter(ip_address=address, attempt_time__gte=get_cool_off_threshold(request))
                 .values("username").distinct().count())
        return names >= limit
