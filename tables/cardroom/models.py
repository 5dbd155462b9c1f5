"""The card room's lists and seats: each casino room's rules for its lists and each list
(configuration, every change audited), and every step of the floor as a record never
changed: a player joining a list, called, moved (with the reason), seated or taken off;
a seat taken and a seat left. A list's order and a table's open seats are read from these
records (tables.rules.waitlist), never stored."""

from __future__ import annotations

import pghistory
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from casino.common.db_roles import append_only
from tables.floor.models import Game, Structure

POKER_GAMES = [(g.value, g.label) for g in Game if not g.is_house_banked]


class NoShow(models.TextChoices):
    DOWN = "down", "moves down the list"
    OFF = "off", "comes off the list"


@pghistory.track(meta={"db_table": "tables_roomrulesevent"})
class RoomRules(models.Model):
    """How a casino's card room runs its lists."""

    casino = models.OneToOneField("house.Casino", on_delete=models.PROTECT, related_name="+")
    call_minutes = models.PositiveSmallIntegerField(
        "minutes to show after a call", default=5,
        help_text="A called player not seated this long after his call is a no-show.")
    no_show = models.CharField("a no-show", max_length=4, choices=NoShow.choices,
                               default=NoShow.DOWN)
    down_places = models.PositiveSmallIntegerField(
        "places a no-show moves down", default=3,
        help_text="Where a no-show moves down the list rather than off it.")

    class Meta:
        db_table = "tables_roomrules"
        verbose_name_plural = "card room rules"
        constraints = [models.CheckConstraint(condition=Q(call_minutes__gt=0, down_places__gt=0),
                                              name="room_rules_positive")]

    def __str__(self) -> str:
        return f"card room rules of casino {self.casino_id}"


@pghistory.track(meta={"db_table": "tables_waitlistevent"})
class Waitlist(models.Model):
    """A list for one game at one stakes ("1/2 no-limit hold'em"). ``feeds``: the main
    game's list, where this is its must-move game's list."""

    casino = models.ForeignKey("house.Casino", on_delete=models.PROTECT,
                               related_name="waitlists")
    game = models.CharField(max_length=20, choices=POKER_GAMES)
    structure = models.CharField(max_length=12, choices=Structure.choices)
    small = models.DecimalField(max_digits=14, decimal_places=2,
                                help_text="The small blind, small bet or minimum bet.")
    big = models.DecimalField(max_digits=14, decimal_places=2,
                              help_text="The big blind, big bet or maximum bet.")
    feeds = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True,
                              related_name="must_move")
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tables_waitlist"
        ordering = ["casino", "game", "small", "big"]
        constraints = [
            models.UniqueConstraint(fields=["casino", "game", "structure", "small", "big"],
                                    condition=Q(active=True, feeds__isnull=True),
                                    name="one_main_list_per_game_and_stakes"),
            models.UniqueConstraint(fields=["feeds"], condition=Q(active=True),
                                    name="one_must_move_list_per_main_list"),
            models.CheckConstraint(condition=Q(small__gt=0) & Q(big__gte=models.F("small")),
                                   name="waitlist_stakes_in_order"),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        return game_label(self.game, self.structure, self.small, self.big,
                          must_move=bool(self.feeds_id))


def game_label(game: str, structure: str, small, big, *, must_move: bool = False) -> str:
    """A game at its stakes as the room calls it: "1/2 no-limit Texas hold'em"."""
    if not structure or small is None or big is None:
        return Game(game).label
    stakes = f"{small:f}".removesuffix(".00") + "/" + f"{big:f}".removesuffix(".00")
    kind = Structure(structure).label.lower().replace(" ", "-")
    return f"{stakes} {kind} {Game(game).label}" + (" (must move)" if must_move else "")


class Entry(models.Model):
    """A player on a list: the name he gave (or his initials), a phone number for his call
    (encrypted), and his player record where he is rated."""

    waitlist = models.ForeignKey(Waitlist, on_delete=models.PROTECT, related_name="entries")
    name = models.CharField(max_length=60)
    initials = models.CharField(max_length=6, help_text="What the public board shows.")
    phone = models.CharField(max_length=200, blank=True,
                             help_text="Encrypted (a Fernet token), or blank.")
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, null=True,
                               blank=True, related_name="+")
    # A seated player who asked for another table of the same game: seated from this
    # entry, he leaves that seat in the same step.
    change_from = models.ForeignKey("SeatTaken", on_delete=models.PROTECT, null=True,
                                    blank=True, related_name="+")
    joined_at = models.DateTimeField(default=timezone.now)
    joined_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="+")
    idempotency_key = models.CharField(max_length=80, blank=True)
    idempotency_fingerprint = models.CharField(max_length=64, blank=True)

    class Meta:
        db_table = "tables_entry"
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["joined_by", "idempotency_key"],
                                    condition=~Q(idempotency_key=""),
                                    name="one_entry_per_staff_idempotency_key"),
            models.CheckConstraint(condition=Q(phone="") | Q(phone__startswith="gAAAAA"),
                                   name="entry_phone_never_in_clear"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.name} on {self.waitlist_id}"


class Step(models.TextChoices):
    CALLED = "called", "called"
    MOVED = "moved", "moved"
    SEATED = "seated", "seated"
    REMOVED = "removed", "taken off"


class EntryStep(models.Model):
    """What happened to an entry, one record a step: called, moved (``before``: the entry
    it now stands above; none: the bottom), seated (at ``seat_taken``) or taken off.
    ``by`` none: the room's own rule (a no-show)."""

    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="steps")
    step = models.CharField(max_length=8, choices=Step.choices)
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                           blank=True, related_name="+")
    reason = models.CharField(max_length=200, blank=True)
    before = models.ForeignKey(Entry, on_delete=models.PROTECT, null=True, blank=True,
                               related_name="+")
    seat_taken = models.ForeignKey("SeatTaken", on_delete=models.PROTECT, null=True,
                                   blank=True, related_name="+")

    class Meta:
        db_table = "tables_entrystep"
        ordering = ["at", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(step__in=["moved", "removed"]) | ~Q(reason=""),
                                   name="a_move_or_removal_says_why"),
            models.CheckConstraint(condition=~Q(step="seated") | Q(seat_taken__isnull=False),
                                   name="a_seated_step_names_its_seat"),
        ]
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.get_step_display()} ({self.entry_id})"


class SeatTaken(models.Model):
    """A seat taken at a card-room table, by a player from a list or a walk-in, his until
    he leaves it (``SeatLeft``)."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60)
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, null=True,
                               blank=True, related_name="+")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, null=True, blank=True,
                              related_name="+")
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                           related_name="+")

    class Meta:
        db_table = "tables_seattaken"
        constraints = [
            models.CheckConstraint(condition=Q(seat__gte=1), name="seat_taken_numbered")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.name} at seat {self.seat} of table {self.table_id}"


class SeatLeft(models.Model):
    """A seat left: free again from ``at``."""

    taken = models.OneToOneField(SeatTaken, on_delete=models.PROTECT, related_name="left")
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                           related_name="+")

    class Meta:
        db_table = "tables_seatleft"
        triggers = append_only()

    def __str__(self) -> str:
        return f"seat {self.taken_id} left"
