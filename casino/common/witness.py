"""A second person who confirms a money record by their own password: the witness of a
jackpot approval, the second member of the count team, the second signature on a void
slip. The password goes through the login throttle (django-axes), counted apart from the
witness's logins (casino.common.throttle): wrong ones stop the witness confirming from
that device for a while, never their own logins."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.views.decorators.debug import sensitive_variables

from casino.common import credentials
from casino.common.throttle import AS_WITNESS, witness_record_name

Problem = tuple[tuple[str, ...], str]


@sensitive_variables("password")
def second_person(actor, name: str, password: str, request, *, acting: str,
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
    problem = password_refusal(request, name, password)
    if not problem:
        # As authenticate() notes the backend on the user: the version of her log-in
        # her password was checked against, for the approval record to keep.
        person.credential, problem = credentials.proven(person)
    return (None, [((password_field,), problem)]) if problem else (person, [])


@sensitive_variables("password")
def password_refusal(request, name: str, password: str) -> str:
    """'' when ``password`` is ``name``'s, else why not in words."""
    typed_into = getattr(request, "_request", request)  # DRF's Request wraps Django's
    if authenticate(typed_into, username=name, password=password,
                    **{AS_WITNESS: True}) is not None:
        return ""
    if getattr(typed_into, "axes_locked_out", False):
        # Said here, by name, instead of the lockout page AxesMiddleware would answer.
        typed_into.axes_locked_out = False
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
