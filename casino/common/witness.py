"""A second person who confirms a money record by their own password: the witness of a
jackpot approval, the second member of the count team, the second signature on a void
slip. The password goes through the login throttle (django-axes), counted apart from the
witness's logins (casino.common.throttle): wrong ones stop the witness confirming from
that device for a while, never their own logins."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from axes.handlers.proxy import AxesProxyHandler
from django import forms
from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.http import HttpRequest
from django.utils import timezone
from django.views.decorators.debug import sensitive_variables

from casino.common import credentials
from casino.common.throttle import AS_WITNESS, witness_record_name

Problem = tuple[tuple[str, ...], str]


@dataclass(frozen=True)
class Device:
    """The device a password was typed on, as the login throttle counts it: its address
    (as django-axes reads it, behind the proxies it trusts), its browser, the page. A
    door makes it from its request (``Device.of``); the services take it, never the
    request."""

    address: str | None
    agent: str = ""
    path: str = ""
    accept: str = ""

    @classmethod
    def of(cls, request) -> Device:
        typed_into = getattr(request, "_request", request)  # DRF's Request wraps Django's
        AxesProxyHandler.update_request(typed_into)  # axes' own reading of the request
        return cls(address=typed_into.axes_ip_address, agent=typed_into.axes_user_agent,
                   path=typed_into.axes_path_info, accept=typed_into.axes_http_accept)

    def attempt(self) -> HttpRequest:
        """A request carrying this device, as axes reads one (its attributes already
        set: axes takes them as they are), for one check of a password."""
        attempt = HttpRequest()
        attempt.method, attempt.path, attempt.path_info = "POST", self.path, self.path
        attempt.META = {"REMOTE_ADDR": self.address or "", "HTTP_USER_AGENT": self.agent,
                        "HTTP_ACCEPT": self.accept}
        attempt.axes_locked_out, attempt.axes_attempt_time = False, timezone.now()
        attempt.axes_ip_address, attempt.axes_user_agent = self.address, self.agent
        attempt.axes_path_info, attempt.axes_http_accept = self.path, self.accept
        attempt.axes_failures_since_start, attempt.axes_credentials = None, None
        attempt.axes_updated = True
        return attempt


@sensitive_variables("password")
def second_person(actor, name: str, password: str, device: Device | None, *, acting: str,
                  refusal: Callable[[object], str], ask: str,
                  fields: tuple[str, str] = ("witness", "witness_password")
                  ) -> tuple[object | None, list[Problem]]:
    """The person named ``name``, confirmed by ``password``, or the problems with them
    by field: none named (``ask`` says who may confirm), no such user, the actor
    themselves (who is ``acting``: 'approving'), a deactivated account, whatever
    ``refusal(person)`` says ('' when the person may confirm), no or a wrong password, a
    log-in changed outside the service. The person comes with ``credential``: the
    version of her log-in she was proven by (casino.common.credentials)."""
    name_field, password_field = fields
    name = (name or "").strip()
    if not name:
        return None, [((name_field,), ask)]
    person = get_user_model().objects.filter(username=name).first()
    if person is None:
        problem = f"There is no user named '{name}'."
    elif person.pk == actor.pk:
        problem = f"{name} is {acting}: the witness is a second person."
    elif not person.is_active:
        problem = f"{name}'s account is deactivated: a deactivated user cannot witness."
    else:
        problem = refusal(person)
    if problem:
        return None, [((name_field,), problem)]
    if not password:
        return None, [((password_field,), f"{name} types their own password to confirm.")]
    problem = password_refusal(device, name, password)
    if not problem:
        # As authenticate() notes the backend on the user: the version of her log-in
        # her password was checked against, for the approval record to keep.
        person.credential, problem = credentials.proven(person)
    return (None, [((password_field,), problem)]) if problem else (person, [])


@sensitive_variables("password")
def password_refusal(device: Device | None, name: str, password: str) -> str:
    """'' when ``password`` is ``name``'s, else why not in words (typed on ``device``:
    none, a command's, counts as a device of no address)."""
    typed_into = (device or Device(address=None)).attempt()
    if authenticate(typed_into, username=name, password=password,
                    **{AS_WITNESS: True}) is not None:
        return ""
    if typed_into.axes_locked_out:
        minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
        if getattr(typed_into, "axes_address_locked", False):
            return (f"This device has failed too many logins: nobody can log in or confirm "
                    f"from it for {minutes} minutes. Use another device, or a supervisor "
                    "unlocks it in the admin (Access attempts).")
        return (f"{name}'s password was wrong too many times on this device: {name} cannot "
                f"confirm from it for {minutes} minutes ({name}'s own logins still work). "
                "A supervisor can lift this in the admin (Access attempts: "
                f"'{witness_record_name(name)}').")
    return f"That is not {name}'s password."


def second_person_fields(who: str, help_text: str = "") -> tuple[forms.CharField,
                                                                  forms.CharField]:
    """A form's two boxes for the person who confirms (``who``: 'Witness', 'Second
    member'): their user name and their own password; both optional in the form, as the
    service names what is missing."""
    name = forms.CharField(
        label=f"{who}'s user name", required=False, max_length=150, help_text=help_text,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}))
    password = forms.CharField(label=f"{who}'s password", required=False, strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete": "off"}))
    return name, password
