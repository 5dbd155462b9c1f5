"""A player of the casino group (he plays at any of its casinos), the privacy log (every
reading of his page or record, by whom and when), and his ratings: seated at a table's
seat, paused, resumed, closed; an excluded player's seating refused and recorded."""

from __future__ import annotations

import pghistory
from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.utils import timezone

from casino.common.amounts import money_field
from casino.common.db_roles import append_only

# A loyalty card number as the cards print it: letters and digits, 4 to 20.
CARD_NUMBER = RegexValidator(r"^[A-Z0-9]{4,20}$", "A card number is 4 to 20 letters or "
                             "digits, as printed on the card.", code="card")


class Tier(models.TextChoices):
    MEMBER = "member", "Member"
    SILVER = "silver", "Silver"
    GOLD = "gold", "Gold"
    PLATINUM = "platinum", "Platinum"


class PlayerStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    # Self-excluded or barred: he may not be seated, and an attempt is recorded.
    EXCLUDED = "excluded", "Excluded"


@pghistory.track(meta={"db_table": "tables_playerevent"})
class Player(models.Model):
    """A loyalty card holder of the group. Never deleted: his ratings and comps keep him."""

    card = models.CharField("card number", max_length=20, unique=True,
                            validators=[CARD_NUMBER])
    name = models.CharField(max_length=120)
    # What a dealer may read of him (with the tier): the name he is greeted by.
    first_name = models.CharField("first name", max_length=60)
    tier = models.CharField(max_length=10, choices=Tier.choices, default=Tier.MEMBER)
    status = models.CharField(max_length=10, choices=PlayerStatus.choices,
                              default=PlayerStatus.ACTIVE)
    joined = models.DateField("date joined", default=timezone.localdate)
    # A self-exclusion often runs for a term (a year): it is lifted no earlier than this
    # day, and only by a group supervisor with a second one (services.player_update).
    exclusion_ends = models.DateField(
        "exclusion ends", null=True, blank=True,
        help_text="The day his exclusion ends (a term of self-exclusion); empty: no end.")
    # The host who looks after him ("my players" on the host's page); none: no one yet.
    host = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.PROTECT, related_name="+")

    class Meta:
        db_table = "tables_player"
        ordering = ["name", "card"]

    def __str__(self) -> str:
        return f"{self.name} (card {self.card})"


class PlayerNote(models.Model):
    """What a host or the pit wrote down about a player (his habits, a promise made): a
    record, never changed; a correction is a later note."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="notes")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                           related_name="+")
    at = models.DateTimeField(default=timezone.now)
    text = models.CharField(max_length=500)

    class Meta:
        db_table = "tables_playernote"
        ordering = ["-at", "-id"]
        triggers = append_only()
        indexes = [models.Index(fields=["player", "-at"], name="player_note_by_time")]

    def __str__(self) -> str:
        return f"note on {self.player} by {self.by} at {self.at}"


class Channel(models.TextChoices):
    PAGE = "page", "Page"
    API = "api", "API"
    FILE = "file", "File"  # a report's file prepared in the background, downloaded


class Sight(models.TextChoices):
    OPENED = "opened", "Opened"   # his page or his record
    LISTED = "listed", "Listed"   # among the answers to a search


class PlayerAccess(models.Model):
    """Someone read a player's record: a record itself (sealed, never changed)."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="accesses")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                             related_name="+")
    at = models.DateTimeField(default=timezone.now)
    channel = models.CharField(max_length=4, choices=Channel.choices)
    sight = models.CharField(max_length=6, choices=Sight.choices)

    class Meta:
        db_table = "tables_playeraccess"
        ordering = ["-at", "-id"]
        verbose_name_plural = "player accesses"
        triggers = append_only()
        indexes = [models.Index(fields=["player", "-at"], name="player_access_by_time")]

    def __str__(self) -> str:
        return f"{self.user} {self.get_sight_display().lower()} {self.player} at {self.at}"


class RatingStep(models.TextChoices):
    PAUSED = "paused", "Paused"      # a break: his time stops, his seat's rounds are not his
    RESUMED = "resumed", "Resumed"
    CLOSED = "closed", "Closed"      # he left the seat (or moved to another table)


class Rating(models.Model):
    """A player seated at a table's seat: his rounds there, from ``started_at`` until his
    rating closes, less its pauses, are rated. A record (never edited): a pause, a resume
    and the close are ``RatingChange`` rows. A visit is his gaming day at a casino."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="ratings")
    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT, related_name="ratings")
    seat = models.PositiveSmallIntegerField()
    gaming_day = models.DateField(db_index=True, help_text="The visit's day, the casino's.")
    started_at = models.DateTimeField(default=timezone.now)
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="+")
    # The rating this one continues within the visit: he moved here from its table.
    moved_from = models.OneToOneField("self", null=True, blank=True, on_delete=models.PROTECT,
                                      related_name="moved_to")

    class Meta:
        db_table = "tables_rating"
        ordering = ["-started_at", "-id"]
        triggers = append_only()
        constraints = [models.CheckConstraint(condition=models.Q(seat__gte=1),
                                              name="rating_seat_from_one")]

    def __str__(self) -> str:
        return f"{self.player.name} at {self.table.label} seat {self.seat}"


class RatingChange(models.Model):
    rating = models.ForeignKey(Rating, on_delete=models.PROTECT, related_name="changes")
    step = models.CharField(max_length=7, choices=RatingStep.choices)
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta:
        db_table = "tables_ratingchange"
        ordering = ["at", "id"]
        triggers = append_only()
        constraints = [models.UniqueConstraint(fields=["rating"], condition=models.Q(
            step="closed"), name="a_rating_closes_once")]

    def __str__(self) -> str:
        return f"{self.rating} {self.get_step_display().lower()} at {self.at}"


class SeatingRefused(models.Model):
    """An excluded player someone tried to seat: refused, and recorded for the pit."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="refusals")
    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField()
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta:
        db_table = "tables_seatingrefused"
        ordering = ["-at", "-id"]
        verbose_name_plural = "seatings refused"
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.player.name} refused at {self.table.label} seat {self.seat}"


class Standing(models.TextChoices):
    CLOSED = "closed", "At the close"
    # A round of the rating voided after its close, or its theoretical win worked out
    # once the paytable's figures were: the rating's figures as they now stand.
    REVISED = "revised", "Revised"


class RatingFigures(models.Model):
    """What a closed rating's figures stood at, written when it closed and again whenever
    they change after (a void of one of its rounds): a record, never edited. The comps
    it earned and the reports are read from here; the player's page works them out from
    the rounds at each reading and says when the two were revised."""

    rating = models.ForeignKey(Rating, on_delete=models.PROTECT, related_name="standings")
    revision = models.PositiveSmallIntegerField()
    standing = models.CharField(max_length=7, choices=Standing.choices)
    at = models.DateTimeField(default=timezone.now)
    seconds_played = models.PositiveIntegerField()
    # Null for poker (a card room rates time) or a figure not known yet.
    hands = models.PositiveIntegerField(null=True)
    wagered = money_field(null=True)
    antes = money_field(null=True)  # their sum: a day's average bet is antes / hands
    average_bet = money_field(null=True)
    actual_win = money_field(null=True)
    theoretical_win = money_field(null=True)
    decisions_off_strategy = models.PositiveIntegerField(null=True)
    strategy_cost = money_field(null=True)

    class Meta:
        db_table = "tables_ratingfigures"
        ordering = ["rating", "revision"]
        verbose_name_plural = "rating figures"
        triggers = append_only()
        constraints = [models.UniqueConstraint(fields=["rating", "revision"],
                                               name="a_rating_revision_once")]

    def __str__(self) -> str:
        return f"{self.rating} figures, revision {self.revision}"

    @property
    def worth(self):
        """What the player is worth to the house: the theoretical win and what his
        departures from the optimal strategy cost him."""
        if self.theoretical_win is None:
            return None
        return self.theoretical_win + (self.strategy_cost or 0)
