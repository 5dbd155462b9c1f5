"""A closed gaming day: the figures every report showed for it when it closed, stored
once with a checksum and never changed. Reports read closed days from here and compute
only the days still open; a later void shows as an adjustment on the day it was made."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from casino.common.amounts import money_field
from tables.floor.models import append_only


class ClosedDay(models.Model):
    """One casino's gaming day, closed for good (no casino: the group's books, which hold
    the wide-area meters)."""

    casino = models.ForeignKey("house.Casino", on_delete=models.PROTECT, null=True,
                               blank=True, related_name="closed_days")
    gaming_day = models.DateField()
    closed_at = models.DateTimeField(default=timezone.now)
    checksum = models.CharField(max_length=64,
                                help_text="SHA-256 of the day's figures and adjustments.")

    class Meta:
        db_table = "tables_closedday"
        ordering = ["-gaming_day", "casino"]
        constraints = [models.UniqueConstraint(fields=["casino", "gaming_day"],
                                               nulls_distinct=False,
                                               name="one_close_per_books_and_day")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.casino or 'group books'} {self.gaming_day} closed"


class DayFigure(models.Model):
    """What every closed figure shares: its day, and the closed day that holds it."""

    closed = models.ForeignKey(ClosedDay, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField()

    class Meta:
        abstract = True


class RakeFigure(DayFigure):
    """The card room's collection of one gaming day, table, dealer and shift."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT, related_name="+")
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="+")
    shift = models.PositiveSmallIntegerField()
    hands = models.PositiveIntegerField()
    pot_total = money_field()
    rake = money_field()
    fixed_drop = money_field()
    bad_beat = money_field()
    time_collection = money_field()
    voided = models.PositiveIntegerField()

    class Meta:
        db_table = "tables_rakefigure"
        indexes = [models.Index(fields=["gaming_day", "table"], name="rake_figure_day_table")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"rake {self.gaming_day} table {self.table_id} shift {self.shift}"


class StudFigure(DayFigure):
    """The stud games' result of one gaming day, table, dealer, shift and paytable."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT, related_name="+")
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="+")
    shift = models.PositiveSmallIntegerField()
    paytable = models.ForeignKey("terms.Paytable", on_delete=models.PROTECT,
                                 related_name="+")
    rounds = models.PositiveIntegerField()
    handle = money_field()
    win = models.DecimalField(max_digits=14, decimal_places=2)
    jackpot_handle = money_field()
    voided = models.PositiveIntegerField()

    class Meta:
        db_table = "tables_studfigure"
        indexes = [models.Index(fields=["gaming_day", "table"], name="stud_figure_day_table")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"stud {self.gaming_day} table {self.table_id} shift {self.shift}"


class MeterFigure(DayFigure):
    """One meter (meter, reserve or overflow) of a progressive over one gaming day of its
    books: opening + contributions + awards (negative) + resets + corrections = closing."""

    progressive = models.ForeignKey("jackpots.Progressive", on_delete=models.PROTECT,
                                    related_name="+")
    meter = models.CharField(max_length=10)
    opening = models.DecimalField(max_digits=14, decimal_places=2)
    contributions = models.DecimalField(max_digits=14, decimal_places=2)
    wagers = models.DecimalField(max_digits=14, decimal_places=2)
    awards = models.DecimalField(max_digits=14, decimal_places=2)
    resets = models.DecimalField(max_digits=14, decimal_places=2)
    corrections = models.DecimalField(max_digits=14, decimal_places=2)
    closing = models.DecimalField(max_digits=14, decimal_places=2)
    hits = models.PositiveIntegerField()
    seed = models.DecimalField(max_digits=14, decimal_places=2,
                               help_text="The reset value in force when the day closed.")

    class Meta:
        db_table = "tables_meterfigure"
        indexes = [models.Index(fields=["gaming_day", "progressive"],
                                name="meter_figure_day_progressive")]
        triggers = append_only()

    def __str__(self) -> str:
        return f"{self.meter} of {self.progressive_id} on {self.gaming_day}"


class ExportStatus(models.TextChoices):
    QUEUED = "queued", "Waiting for a worker"
    RUNNING = "running", "Being written"
    DONE = "done", "Ready to download"
    FAILED = "failed", "Failed"


class ExportJob(models.Model):
    """A report file written by a Celery task while the page shows its progress. Not a
    money record: the file is a copy of figures kept elsewhere."""

    report = models.CharField(max_length=20)
    format = models.CharField(max_length=5)
    query = models.JSONField(help_text="The selection, as the report's query parameters.")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     related_name="+")
    requested_at = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=10, choices=ExportStatus.choices,
                              default=ExportStatus.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0, help_text="Percent done.")
    message = models.CharField(max_length=300, blank=True)
    filename = models.CharField(max_length=120, blank=True)
    content = models.BinaryField(null=True, blank=True)
    # The players the file names (their ids): each download is logged as a reading of
    # them (the privacy log, tables.players).
    players = models.JSONField(default=list, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tables_exportjob"
        ordering = ["-requested_at"]

    def __str__(self) -> str:
        return f"{self.report} {self.format} for {self.requested_by_id}"


class DayCheck(models.Model):
    """The nightly check of every closed day against the records (reports.verification):
    each day's figures recomputed from its records against its checksum and its stored
    figures, and no record of the kinds its figures are made of stored on it after it
    closed. Written once; /healthz and the accountant's pages show the latest."""

    checked_at = models.DateTimeField(default=timezone.now)
    days = models.PositiveIntegerField(help_text="How many closed days were checked.")
    findings = models.JSONField(
        default=list, help_text="Each problem found: the books (casino id and name, none for "
                                "the group's), the gaming day and the problem in words.")

    class Meta:
        db_table = "tables_daycheck"
        ordering = ["-checked_at"]
        get_latest_by = "checked_at"
        triggers = append_only()

    def __str__(self) -> str:
        return f"day check {self.checked_at:%Y-%m-%d %H:%M}: {len(self.findings)} findings"

    @property
    def intact(self) -> bool:
        return not self.findings


class RatingCheck(models.Model):
    """The nightly reconciliation of the rated play (reports.ratings_check): every closed
    rating's figures as they stand against its rounds, its comps earned against its
    worth, and the player activity report against the sums over each player's ratings.
    Written once; /healthz and the accountant's closed-days page show the latest."""

    checked_at = models.DateTimeField(default=timezone.now)
    ratings = models.PositiveIntegerField(help_text="How many closed ratings were checked.")
    findings = models.JSONField(
        default=list, help_text="Each disagreement: the casino (id and name), the gaming "
                                "day, the player, the rating (none for a report line), "
                                "what disagrees (figures, comps or report) in words.")

    class Meta:
        db_table = "tables_ratingcheck"
        ordering = ["-checked_at"]
        get_latest_by = "checked_at"
        triggers = append_only()

    def __str__(self) -> str:
        return f"rating check {self.checked_at:%Y-%m-%d %H:%M}: {len(self.findings)} findings"

    @property
    def intact(self) -> bool:
        return not self.findings


class TableHour(models.Model):
    """A table's hour as its records stood when the hour was over (HTR Kroisos' hourly
    results): the rounds or hands recorded in it, the action and the recorded win, in the
    casino's currency. Written once by the hourly beat (tables.reports.hourly), never
    changed; the day's report reads them."""

    table = models.ForeignKey("floor.Table", on_delete=models.PROTECT, related_name="+")
    hour = models.DateTimeField(help_text="When the hour began (the casino's whole hour).")
    gaming_day = models.DateField(db_index=True)
    shift = models.PositiveSmallIntegerField()
    rounds = models.PositiveIntegerField(help_text="Stud rounds or poker hands recorded.")
    action = money_field(help_text="Stud: antes and bets wagered; poker: the pots.")
    win = money_field(help_text="Stud: the house's win on the antes and bets; poker: the "
                                "rake and the bad-beat drops.")
    written_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tables_tablehour"
        ordering = ["hour", "table"]
        triggers = append_only()
        constraints = [models.UniqueConstraint(fields=["table", "hour"],
                                               name="one_snapshot_a_table_hour")]

    def __str__(self) -> str:
        return f"table {self.table_id} at {self.hour}"
