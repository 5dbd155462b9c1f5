"""Every write of the group's players: an account opened, changed (audited: who, when,
before, after), each reading of one logged (the privacy log); and his ratings: seated,
paused, resumed, closed, moved (records; an excluded player's seating refused and
recorded)."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.views.decorators.debug import sensitive_variables

from casino.common.atomic import EACH_ITS_OWN, IN_ITS_CALLER, ONE_STATEMENT, outside_transaction
from casino.common.audit import changed_by
from casino.common.roles import Role, has_role, is_supervisor
from casino.common.witness import Device
from tables.floor.models import Table, TableDealer
from tables.floor.selectors import tables_at_casinos_of
from tables.players import exclusions, figures, hooks, selectors, wording
from tables.players.models import (
    Channel,
    Player,
    PlayerAccess,
    PlayerNote,
    PlayerStatus,
    Rating,
    RatingChange,
    RatingFigures,
    RatingStep,
    SeatingRefused,
    Sight,
    Standing,
)
from tables.players.selectors import reads_people

FIELDS = ("card", "name", "first_name", "tier", "status", "joined", "exclusion_ends", "host")


def _require_keeper(actor) -> None:
    if not reads_people(actor):
        raise PermissionDenied("Only supervisors and hosts keep the players' accounts.")


def _filled(player: Player, changes: dict[str, Any]) -> Player:
    unknown = set(changes) - set(FIELDS)
    if unknown:
        raise ValidationError({name: f"'{name}' is not a player's field." for name in unknown})
    for name, value in changes.items():
        setattr(player, name, value)
    player.card = selectors.card_as_printed(player.card)
    player.name = " ".join(str(player.name or "").split())
    if not player.first_name and player.name:
        player.first_name = player.name.split()[0]  # as he is greeted, unless said
    player.full_clean(validate_unique=False)  # a card held already: _card_taken, in words
    if player.host is not None and not has_role(player.host, Role.HOST):
        raise ValidationError({"host": f"{player.host.get_username()} is not a host: a "
                                       "player's host holds the host role."})
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
    exclusions.end_checked(Player(), player)
    _card_taken(player)
    with changed_by(actor, "player account opened"):
        player.save()
    return player


@sensitive_variables("witness_password")
@transaction.atomic
def player_update(*, actor, player: Player, reason: str = "", witness: str = "",
                  witness_password: str = "", device: Device | None = None,
                  **changes: Any) -> Player:
    """A change of the account; excluding a player (self-exclusion or barred) or taking
    him back needs its reason, kept in the history. Anyone who keeps the accounts
    excludes; lifting an exclusion is a group supervisor's act, confirmed by a second
    one (``witness``, by their own password), never before its end (exclusions)."""
    _require_keeper(actor)
    player = Player.objects.select_for_update().get(pk=player.pk)
    before = copy.copy(player)
    _filled(player, changes)
    _card_taken(player)
    reason = " ".join(str(reason or "").split())
    lifted = (before.status == PlayerStatus.EXCLUDED
              and player.status == PlayerStatus.ACTIVE)
    if lifted:
        exclusions.lift_allowed(actor, before)
    else:
        exclusions.end_checked(before, player)
    if player.status != before.status and not reason:
        raise ValidationError({"reason": (
            f"Say why {player.name} is "
            f"{'excluded' if player.status == PlayerStatus.EXCLUDED else 'taken back'} "
            "(self-exclusion, barred by whom, ...): it stays in his history.")})
    second = None
    if lifted:
        second = exclusions.confirmed(actor, witness, witness_password, device)
        reason += f", confirmed by {second.get_username()} (a second group supervisor)"
        player.exclusion_ends = None
    with changed_by(actor, reason or "player account changed", witness=second):
        player.save()
    return player


@transaction.atomic
def note_add(*, actor, player: Player, text: str) -> PlayerNote:
    """A note on a player (a record: a correction is a later note), by those who keep
    the accounts."""
    _require_keeper(actor)
    text = " ".join(str(text or "").split())
    if not text:
        raise ValidationError({"text": "Write the note."})
    note = PlayerNote(player=player, by=actor, text=text)
    note.full_clean()
    note.save()
    return note


@outside_transaction(ONE_STATEMENT)
def players_read(*, actor, players: Iterable[Player | int | None], channel: str,
                 sight: str) -> None:
    """The privacy log: one line per player read (a player or his id; a name that is no
    player's record, None, is not his), by whom, when, how."""
    ids = dict.fromkeys(getattr(player, "pk", player) for player in players)
    PlayerAccess.objects.bulk_create(
        PlayerAccess(player_id=pk, user=actor, channel=Channel(channel), sight=Sight(sight))
        for pk in ids if pk is not None)


# --- Ratings: a player seated, paused, resumed, closed, moved ----------------------------

def _table_for(actor, table: Table) -> Table:
    """The table, its row locked (one seating at a time there): a supervisor of its
    casino, or one of its dealers, seats and unseats players."""
    table = (tables_at_casinos_of(actor).select_for_update(of=("self",))
             .select_related("casino").get(pk=table.pk))  # another casino's: a 404
    if is_supervisor(actor) or (has_role(actor, Role.DEALER) and TableDealer.objects.filter(
            table=table, dealer=actor.pk).exists()):
        return table
    raise PermissionDenied(f"Only a supervisor, or a dealer of {table.label}, seats and "
                           "unseats players there.")


def _player_by(player: Player | None, card: str) -> Player:
    if player is not None:
        return Player.objects.select_for_update().get(pk=player.pk)
    card = selectors.card_as_printed(card)
    found = Player.objects.select_for_update().filter(card=card).first()
    if found is None:
        raise ValidationError({"card": f"No player holds card '{card}'."
                               if card else "Give the player's card number."})
    return found


def _seat_problems(actor, table: Table, seat: int, player: Player) -> dict[str, str]:
    if not 1 <= seat <= table.seats:
        return {"seat": f"{table.label} has seats 1 to {table.seats}, not {seat}."}
    taken = selectors.open_ratings().filter(table=table, seat=seat).first()
    if taken is not None:
        return {"seat": f"Seat {seat} of {table.label} is {taken.player.first_name}'s: close "
                        "that rating first."}
    elsewhere = selectors.open_ratings().filter(player=player).select_related("table").first()
    if elsewhere is None:
        return {}
    # Another casino's live seat is not this casino's to know: named only to those who
    # may read that rating (issue 44, point 17).
    if not selectors.ratings_visible_to(actor).filter(pk=elsewhere.pk).exists():
        return {"player": wording.seated_elsewhere(player)}
    return {"player": f"{player.name} is rated at {elsewhere.table.label} seat "
                      f"{elsewhere.seat}: move him, or close that rating first."}


def rating_open(*, actor, table: Table, seat: int, player: Player | None = None,
                card: str = "", moved_from: Rating | None = None) -> Rating:
    """Seat a player: his rating opens. An excluded player is refused, and the attempt is
    recorded (committed, though the seating is not) for the pit to see."""
    refused = None
    with transaction.atomic():
        table = _table_for(actor, table)
        player = _player_by(player, card)
        if player.status == PlayerStatus.EXCLUDED:
            SeatingRefused.objects.create(player=player, table=table, seat=seat, by=actor)
            refused = player
        else:
            problems = _seat_problems(actor, table, seat, player)
            if problems:
                raise ValidationError(problems)
            now = timezone.now()
            return Rating.objects.create(player=player, table=table, seat=seat,
                                         gaming_day=table.casino.gaming_day(now),
                                         started_at=now, started_by=actor,
                                         moved_from=moved_from)
    raise ValidationError({"player": wording.excluded(refused)})


# What each state of a rating lets happen next.
NEXT_STEPS = {"open": {RatingStep.PAUSED, RatingStep.CLOSED},
              "paused": {RatingStep.RESUMED, RatingStep.CLOSED}, "closed": set()}


def _changed(actor, rating: Rating, step: str) -> Rating:
    _table_for(actor, rating.table)
    # Its changes read again under the table's lock: a close sent twice at once finds
    # the first one's (what the caller read before the lock may be stale).
    state = selectors.state_of(rating, list(RatingChange.objects.filter(rating=rating)))
    if step not in NEXT_STEPS[state]:
        raise ValidationError({"status": wording.cannot(rating, state, step)})
    RatingChange.objects.create(rating=rating, step=step, by=actor)
    return rating


@transaction.atomic
def rating_pause(*, actor, rating: Rating) -> Rating:
    return _changed(actor, rating, RatingStep.PAUSED)


@transaction.atomic
def rating_resume(*, actor, rating: Rating) -> Rating:
    return _changed(actor, rating, RatingStep.RESUMED)


@transaction.atomic
def rating_close(*, actor, rating: Rating) -> Rating:
    """He leaves: the rating closes and its figures stand (comps earn from them)."""
    _changed(actor, rating, RatingStep.CLOSED)
    figures_stand(rating=rating, actor=actor)
    return rating


@transaction.atomic
def rating_move(*, actor, rating: Rating, table: Table, seat: int) -> Rating:
    """He moves to another table within his visit: this rating closes, the next opens."""
    rating_close(actor=actor, rating=rating)
    return rating_open(actor=actor, table=table, seat=seat, player=rating.player,
                       moved_from=rating)


# --- A closed rating's figures as they stand ----------------------------------------------

STANDING = ("seconds_played", "hands", "wagered", "antes", "average_bet", "actual_win",
            "theoretical_win", "decisions_off_strategy", "strategy_cost")


@outside_transaction(IN_ITS_CALLER)
def figures_stand(*, rating: Rating, actor=None) -> RatingFigures | None:
    """Write a closed rating's figures, worked out from the rounds now, when they are its
    first or differ from the last written (a void of one of its rounds since, or the
    paytable's figures worked out): a new record each time, never an edit."""
    Player.objects.select_for_update().get(pk=rating.player_id)  # one writer per player
    rating = (Rating.objects.select_related("player", "table__casino")
              .prefetch_related("changes").get(pk=rating.pk))
    worked = figures.rating_figures(rating)
    last = rating.standings.order_by("-revision").first()
    values = {name: worked[name] for name in STANDING}
    if last is not None and all(getattr(last, name) == value
                                for name, value in values.items()):
        return None
    standing = RatingFigures.objects.create(
        rating=rating, revision=last.revision + 1 if last else 1,
        standing=Standing.REVISED if last else Standing.CLOSED, **values)
    for hook in hooks.AFTER_FIGURES:  # the comps earn (docs/architecture.md, writes)
        hook(actor=actor, figures=standing, before=last)
    return standing


@outside_transaction(EACH_ITS_OWN)
def revise_ratings(*, actor, days: int = 35) -> int:
    """Beat: the closed ratings of the last ``days`` whose figures may have moved (a
    round voided since they stood, the theoretical win still waiting, none written yet)
    written again where they did; each in its own transaction. Returns how many moved."""
    moved = 0
    for rating in selectors.ratings_to_revise(days):
        with transaction.atomic():
            moved += figures_stand(rating=rating) is not None
    return moved
