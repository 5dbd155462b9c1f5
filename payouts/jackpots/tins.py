"""A W-2G's TIN at rest and in full: stored encrypted (payouts.jackpots.fieldcrypt, keys
outside the database) with its last four digits apart for the masked display, and
decrypted only for the W-2G itself, by a supervisor or an accountant of the casino where
it was won, each decryption written first as a TinDisclosure (who, when, which W-2G)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.views.decorators.debug import sensitive_variables

from casino.common.roles import Role, has_role, is_supervisor
from casino.house.staff import casinos_of
from payouts.jackpots.fieldcrypt import Undecryptable, decrypted, encrypted
from payouts.jackpots.models import TinDisclosure, W2GPlayer


@sensitive_variables("details", "tin")
def sealed(details: dict) -> dict:
    """The W-2G details as they are stored: the nine digits encrypted, the last four apart."""
    stored = dict(details)
    tin = stored.pop("tin")
    return {**stored, "tin_token": encrypted(tin), "tin_last4": tin[-4:]}


def may_see_in_full(user, player: W2GPlayer) -> bool:
    """A supervisor or an accountant of the casino where the award was won."""
    if not (is_supervisor(user) or has_role(user, Role.ACCOUNTANT)):
        return False
    casino_id = player.approval.hit.round.table.casino_id
    return casinos_of(user).filter(pk=casino_id).exists()


@transaction.atomic
def tin_disclose(*, actor, player: W2GPlayer) -> str:
    """The TIN in full, for the W-2G: the disclosure is recorded in the same transaction,
    before the value is decrypted (a failed decryption leaves no record and shows
    nothing)."""
    if not may_see_in_full(actor, player):
        raise PermissionDenied("Only a supervisor or an accountant of the casino where the "
                               "jackpot was won sees a W-2G's TIN in full.")
    TinDisclosure.objects.create(player=player, shown_to=actor)
    tin = decrypted(player.tin_token)
    # The token is not sealed (a new key re-encrypts it); its last four digits are.
    if tin[-4:] != player.tin_last4:
        raise Undecryptable("The TIN stored for this W-2G does not end in the four digits "
                            f"recorded with it (XXX-XX-{player.tin_last4}): the record was "
                            "altered. Call the surveillance room.")
    return tin
