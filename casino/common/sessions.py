"""A page session lasts a shift and no longer: it ends SHIFT (TOKEN_HOURS, as an API
token) after its log-in whatever is done with it, and SESSION_IDLE_TIMEOUT after its
last request. Django alone renews a session's expiry at each save, so a session in use
would never end; the log-in time is kept in the session instead and checked here."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import SESSION_KEY, logout
from django.utils import timezone

STARTED = "casino_logged_in_at"  # seconds since the epoch, set at log-in
SEEN = "casino_last_request_at"
# The last request is written at most once a minute: a session save is a database write.
SEEN_EVERY_SECONDS = 60
# A page's own polling (an analysis's progress, an export's state, the floor sign) is not
# somebody using the session: a page left open would otherwise never go idle.
NOT_USE = ("/state.json",)


def mark_log_in(sender, request, user, **kwargs) -> None:
    """user_logged_in: the shift of this session starts now."""
    if request is not None and hasattr(request, "session"):
        now = timezone.now().timestamp()
        request.session[STARTED] = request.session[SEEN] = now


def why_ended(session, now: float) -> str:
    """'' while the session may go on, else why it ended, in words."""
    started, seen = session.get(STARTED), session.get(SEEN)
    if started is None or seen is None:  # logged in before sessions kept their start
        return "Your session has ended: please log in again."
    shift = settings.SHIFT
    if now - started >= shift.total_seconds():
        hours = int(shift.total_seconds() // 3600)
        return f"You were logged out {hours} hours after logging in: please log in again."
    idle = settings.SESSION_IDLE_TIMEOUT
    if now - seen >= idle.total_seconds():
        minutes = int(idle.total_seconds() // 60)
        return (f"You were logged out after {minutes} minutes without use: please log in "
                "again.")
    return ""


class SessionShiftMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        session = request.session
        if SESSION_KEY in session:
            now = timezone.now().timestamp()
            ended = why_ended(session, now)
            if ended:
                logout(request)
                messages.info(request, ended)
            elif (not request.path.endswith(NOT_USE)
                  and now - session[SEEN] >= SEEN_EVERY_SECONDS):
                session[SEEN] = now
        return self.get_response(request)
