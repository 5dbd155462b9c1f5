"""The dealers on the floor: each casino's rotation rules per pit and the games each
dealer may deal there (configuration, every change audited), and every move a dealer
makes (clocking in, taking a table, a break, a meal, clocking out): a record each, never
changed. Where a dealer is now is his latest move."""

from __future__ import annotations

import pghistory
from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import Q
from django.utils import timezone

from casino.common.db_roles import append_only
from tables.floor.models import Game


def _minutes(verbose: str, default: int, help_text: str) -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(verbose, default=default, help_text=help_text)


@pghistory.track(meta={"db_table": "tables_rotationrulesevent"})
class RotationRules(models.Model):
    """How a pit's dealers rotate. ``pit`` blank: the casino's rules, for every pit that
    has none of its own."""

    casino = models.ForeignKey("house.Casino", on_delete=models.PROTECT, related_name="+")
    pit = models.CharField(max_length=40, blank=True)
    minutes_on = _minutes("minutes on a table", 60,
                          "How long a dealer deals a table before a relief takes it.")
    break_minutes = _minutes("break (minutes)", 20, "How long a break lasts.")
    meal_within_minutes = _minutes("meal within (minutes of clocking in)", 240,
                                   "A dealer's meal break begins at the latest this long "
                                   "after he clocks in.")
    meal_minutes = _minutes("meal break (minutes)", 30, "How long a meal break lasts.")

    class Meta:
        db_table = "tables_rotationrules"
        verbose_name_plural = "rotation rules"
        constraints = [
            models.UniqueConstraint(fields=["casino", "pit"], name="one_rotation_per_pit"),
            models.CheckConstraint(
                condition=Q(minutes_on__gt=0, break_minutes__gt=0, meal_within_minutes__gt=0,
                            meal_minutes__gt=0), name="rotation_minutes_positive"),
        ]

    def __str__(self) -> str:
        return f"rotation of {self.pit or 'every pit'} at casino {self.casino_id}"


@pghistory.track(meta={"db_table": "tables_dealergamesevent"})
class DealerGames(models.Model):
    """The games a dealer may deal at a casino, as a supervisor set them (no row: the
    games of the tables he is assigned to there; tables.pit.selectors.games_of)."""

    casino = models.ForeignKey("house.Casino", on_delete=models.PROTECT, related_name="+")
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="+")
    games = ArrayField(models.CharField(max_length=20, choices=Game.choices), default=list,
                       blank=True)

    class Meta:
        db_table = "tables_dealergames"
        verbose_name_plural = "dealer games"
        constraints = [models.UniqueConstraint(fields=["casino", "dealer"],
                                               name="one_games_list_per_dealer")]

    def __str__(self) -> str:
        return f"games of {self.dealer_id} at casino {self.casino_id}"


class MoveKind(models.TextChoices):
    CLOCK_IN = "clock_in", "Clocked in"
    TABLE = "table", "Took a table"
    BREAK = "break", "Break"
    MEAL = "meal", "Meal break"
    CLOCK_OUT = "clock_out", "Clocked out"


class DealerMove(models.Model):
    """One move of a dealer on the floor. A relief is two moves written together: the
    relief takes the table (``relieved`` names whom from), the relieved dealer goes on a
    break, a meal or home. A break's end is kept with it (``until``), from the pit's
    rules as they were."""

    casino = models.ForeignKey("house.Casino", on_delete=models.PROTECT, related_name="+")
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="+")
    kind = models.CharField(max_length=9, choices=MoveKind.choices)
    table = models.ForeignKey("floor.Table", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    relieved = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="+")
    until = models.DateTimeField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                           related_name="+")

    class Meta:
        db_table = "tables_dealermove"
        ordering = ["at", "id"]
        triggers = append_only()
        indexes = [models.Index(fields=["casino", "dealer", "-at"], name="dealer_moves_latest"),
                   models.Index(fields=["table", "-at"], name="table_moves_latest")]
        constraints = [
            models.CheckConstraint(condition=Q(kind="table", table__isnull=False)
                                   | Q(~Q(kind="table"), table__isnull=True, relieved__isnull=True),
                                   name="a_table_move_names_its_table"),
            models.CheckConstraint(condition=Q(kind__in=["break", "meal"], until__isnull=False)
                                   | Q(~Q(kind__in=["break", "meal"]), until__isnull=True),
                                   name="a_break_has_its_end"),
        ]

    def __str__(self) -> str:
        return f"{self.dealer_id} {self.get_kind_display().lower()} at {self.at}"
