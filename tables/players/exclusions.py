"""A group-wide exclusion's rules (issue 44, point 14): anyone who keeps the accounts
excludes a player, with an end day or none; the end is put later, never earlier; lifting
it is a group supervisor's act, confirmed by a second group supervisor by their own
password, never before its end. The service (services.player_update) asks these; every
door (the API, the player's page) goes through it."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone
from django.views.decorators.debug import sensitive_variables

from casino.common.roles import is_group_supervisor
from casino.common.witness import Device, second_person
from tables.players.models import Player, PlayerStatus


def _today():
    """The group's day: the player is the group's, not one casino's."""
    return timezone.localdate()


def lift_allowed(actor, before: Player) -> None:
    """Refused unless the actor is a group supervisor and the exclusion's end (when it
    has one) has come."""
    if not is_group_supervisor(actor):
        raise PermissionDenied(
            f"Only a group supervisor lifts an exclusion ({before.name} is excluded at "
            "every casino of the group), with a second group supervisor who confirms.")
    ends = before.exclusion_ends
    if ends is not None and _today() < ends:
        raise ValidationError({"status": f"{before.name}'s exclusion ends on {ends:%Y-%m-%d}: "
                                         "it cannot be lifted before that day."})


def end_checked(before: Player, player: Player) -> None:
    """An exclusion's end: only an excluded player's, after today, and once set, put
    later (or taken away: no end), never earlier."""
    ends = player.exclusion_ends
    if ends is None:
        return
    if player.status != PlayerStatus.EXCLUDED:
        raise ValidationError({"exclusion_ends": f"{player.name} is not excluded: only an "
                                                 "exclusion has an end."})
    kept = before.exclusion_ends if before.status == PlayerStatus.EXCLUDED else None
    if kept is not None and ends < kept:
        raise ValidationError({"exclusion_ends": (
            f"{player.name}'s exclusion ends on {kept:%Y-%m-%d}: that day may be put "
            "later, never earlier.")})
    if ends != kept and ends <= _today():
        raise ValidationError({"exclusion_ends": (
            f"An exclusion ends after today ({_today():%Y-%m-%d}), or leave it empty: it "
            "has no end.")})


def _refusal(person) -> str:
    if not is_group_supervisor(person):
        return (f"{person.get_username()} is not a group supervisor: a second group "
                "supervisor confirms.")
    return ""


@sensitive_variables("witness_password")
def confirmed(actor, witness: str, witness_password: str, device: Device | None):
    """The second group supervisor, confirmed by their own password (through the login
    throttle), or the problems by field."""
    person, refused = second_person(
        actor, witness, witness_password, device, acting="lifting the exclusion",
        refusal=_refusal,
        ask="Lifting an exclusion takes two: a second group supervisor confirms with their "
            "own password.")
    if refused:
        raise ValidationError({path[-1]: message for path, message in refused})
    return person
