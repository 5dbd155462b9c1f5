from __future__ import annotations

import datetime as dt
import zoneinfo

import pghistory
from django.core.exceptions import ValidationError
from django.db import models

from tables.rules.money import CURRENCY_DIGITS, CURRENCY_NAMES


def validate_time_zone(value: str) -> None:
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ValidationError(
            "%(value)r is not a known time zone; use a name such as 'America/New_York'.",
            params={"value": value},
            code="time_zone",
        ) from None


def validate_whole_hour(value: dt.time) -> None:
    if value.minute or value.second or value.microsecond:
        raise ValidationError(
            "The gaming day starts on the hour (e.g. 06:00), not at %(value)s.",
            params={"value": value.isoformat()},
            code="whole_hour",
        )


@pghistory.track()
class Casino(models.Model):
    """A property that owns tables, keeps its books in one currency and one time zone."""

    name = models.CharField(max_length=120, unique=True)
    currency = models.CharField(
        max_length=3, choices=[(code, f"{code} — {CURRENCY_NAMES[code]}") for code in
                               CURRENCY_DIGITS]
    )
    timezone = models.CharField(max_length=64, validators=[validate_time_zone])
    gaming_day_start = models.TimeField(
        default=dt.time(6, 0),
        validators=[validate_whole_hour],
        help_text="Local time at which a gaming day begins (default 06:00).",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.timezone)

    def gaming_day(self, moment: dt.datetime) -> dt.date:
        """The gaming day an instant belongs to, in this casino's local time."""
        local = moment.astimezone(self.zone)
        start = dt.datetime.combine(local.date(), self.gaming_day_start, tzinfo=self.zone)
        return local.date() if local >= start else local.date() - dt.timedelta(days=1)
