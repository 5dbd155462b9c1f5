"""Every write of the group's players: an account opened, changed (audited: who, when,
before, after), and each reading of one logged (the privacy log)."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from casino.common.audit import changed_by
from tables.players.models import Channel, Player, PlayerAccess, PlayerStatus, Sight
from tables.players.selectors import reads_people

FIELDS = ("card", "name", "first_name", "tier", "status", "joined")


def _require_keeper(actor) -> None:
    if not reads_people(actor):
        raise PermissionDenied("Only supervisors and hosts keep the players' accounts.")


def _filled(player: Player, changes: dict[str, Any]) -> Player:
    unknown = set(changes) - set(FIELDS)
    if unknown:
        raise ValidationError({name: f"'{name}' is not a player's field." for name in unknown})
    for name, value in changes.items():
        setattr(player, name, value)
    player.card = " ".join(str(player.card or "").split()).upper().replace(" ", "")
    player.name = " ".join(str(player.name or "").split())
    if not player.first_name and player.name:
        player.first_name = player.name.split()[0]  # as he is greeted, unless said
    player.full_clean(validate_unique=False)  # a card held already: _card_taken, in words
    return player


def _card_taken(player: Player) -> None:
    holder = Player.objects.filter(card=player.card).exclude(pk=player.pk).first()
    if holder is not None:
        raise ValidationError({"card": f"Card {player.card} is already {holder.name}'s: one "
                                       "card, one player."})


@transaction.atomic
def player_create(*, actor, **fields: Any) -> Player:
    _require_keeper(actor)
    player = _filled(Player(), fields)
    _card_taken(player)
    with changed_by(actor, "player account opened"):
        player.save()
    return player


@transaction.atomic
def player_update(*, actor, player: Player, reason: str = "", **changes: Any) -> Player:
    """A change of the account; excluding a player (self-exclusion or barred) or taking
    him back needs its reason, kept in the history."""
    _require_keeper(actor)
    player = Player.objects.select_for_update().get(pk=player.pk)
    before = copy.copy(player)
    _filled(player, changes)
    _card_taken(player)
    status_changed = player.status != before.status
    reason = " ".join(str(reason or "").split())
    if status_changed and not reason:
        raise ValidationError({"reason": (
            f"Say why {player.name} is "
            f"{'excluded' if player.status == PlayerStatus.EXCLUDED else 'taken back'} "
            "(self-exclusion, barred by whom, ...): it stays in his history.")})
    with changed_by(actor, reason or "player account changed"):
        player.save()
    return player


def players_read(*, actor, players: Iterable[Player], channel: str, sight: str) -> None:
    """The privacy log: one line per player read, by whom, when, how."""
    PlayerAccess.objects.bulk_create(
        PlayerAccess(player=player, user=actor, channel=Channel(channel), sight=Sight(sight))
        for player in players)
