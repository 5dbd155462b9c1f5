"""The casinos, who is on each one's staff, and the staff's log-ins, roles and permissions
as the audit trail sees them. The tables keep their old names (tables_casino, ...): the
rows, their seals and their signatures are the ones the floor app wrote before the move
(docs/decisions)."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pghistory
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models

from casino.common.days import DEFAULT_DAY_START, day_bounds, gaming_day_in
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


SHIFT_HOURS = 8


def default_day_start() -> dt.time:
    """06:00. A callable, not the time itself: Django's check warns of a fixed time that
    happens to be within ten seconds of the clock (a deploy check run at 06:00 UTC)."""
    return DEFAULT_DAY_START


@pghistory.track(meta={"db_table": "tables_casinoevent"})
class Casino(models.Model):
    """A property that owns tables, keeps its books in one currency and one time zone."""

    name = models.CharField(max_length=120, unique=True)
    currency = models.CharField(
        max_length=3, choices=[(code, f"{code} — {CURRENCY_NAMES[code]}") for code in
                               CURRENCY_DIGITS]
    )
    timezone = models.CharField("time zone", max_length=64, validators=[validate_time_zone])
    gaming_day_start = models.TimeField(
        default=default_day_start,
        validators=[validate_whole_hour],
        help_text="Local time at which a gaming day begins (default 06:00).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Who works here: every read and write of the floor is limited to one's casinos
    # (casino.house.staff.casinos_of); a dealer is assigned only to their tables.
    staff = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="casinos",
                                   blank=True, through="house.CasinoStaff")

    class Meta:
        db_table = "tables_casino"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.timezone)

    def gaming_day(self, moment: dt.datetime) -> dt.date:
        """The gaming day an instant belongs to, in this casino's local time."""
        return gaming_day_in(moment, self.zone, self.gaming_day_start)

    def day_bounds(self, day: dt.date) -> tuple[dt.datetime, dt.datetime]:
        return day_bounds(day, self.zone, self.gaming_day_start)

    def shift_bounds(self, day: dt.date, shift: int) -> tuple[dt.datetime, dt.datetime]:
        """The instants a shift of a gaming day runs between, [begin, end), by the same
        local clock as ``shift``."""
        begin_local = dt.datetime.combine(day, self.gaming_day_start) + dt.timedelta(
            hours=SHIFT_HOURS * (shift - 1))
        begin = begin_local.replace(tzinfo=self.zone).astimezone(dt.UTC)
        end = (self.day_bounds(day)[1] if shift == 3 else
               (begin_local + dt.timedelta(hours=SHIFT_HOURS)).replace(tzinfo=self.zone)
               .astimezone(dt.UTC))
        return begin, end

    def shift(self, moment: dt.datetime) -> int:
        """The shift (1, 2 or 3) an instant falls in: the gaming day's three eight-hour
        shifts by the local clock from its start (a daylight-saving day's extra or missing
        hour falls in the night shift)."""
        local = moment.astimezone(self.zone)
        return (local.hour - self.gaming_day_start.hour) % 24 // SHIFT_HOURS + 1


@pghistory.track(pghistory.InsertEvent("joined"), pghistory.DeleteEvent("left"),
                 meta={"db_table": "tables_casinostaffevent"})
class CasinoStaff(models.Model):
    """A user on the staff of a casino; who joined and left which casino is audited."""

    casino = models.ForeignKey(Casino, on_delete=models.CASCADE)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tables_casinostaff"
        constraints = [
            models.UniqueConstraint(fields=["casino", "user"], name="one_membership_per_casino"),
        ]

    def __str__(self) -> str:
        return f"{self.user} at {self.casino}"


# Who opened, renamed, deactivated or reactivated a staff account, gave it a superuser's or
# staff flag, or changed its password, and when (the services tag the context). The
# password's hash and the log-in times stay out of the trail.
PRIVILEGE_FLAGS = ("is_superuser", "is_staff")
ACCOUNT_FIELDS = ["username", "first_name", "last_name", "is_active", *PRIVILEGE_FLAGS]


@pghistory.track(pghistory.InsertEvent("account opened"),
                 pghistory.UpdateEvent("account changed",
                                       condition=pghistory.AnyChange(*ACCOUNT_FIELDS)),
                 # That the password changed, who changed it and when: never the hash.
                 pghistory.UpdateEvent("password changed",
                                       condition=pghistory.AnyChange("password")),
                 fields=ACCOUNT_FIELDS, model_name="StaffAccountEvent",
                 meta={"db_table": "tables_staffaccountevent"},
                 obj_field=pghistory.ObjForeignKey(related_name="account_events"),
                 # Null in the events before the flags joined the trail (their seals
                 # leave out nulls, so they still hold); migration tables 0025.
                 attrs={flag: models.BooleanField(null=True) for flag in PRIVILEGE_FLAGS})
class StaffAccount(User):
    """A staff member's log-in, as the floor's audit trail sees it (a proxy of the user)."""

    class Meta:
        proxy = True


@pghistory.track(pghistory.InsertEvent("role granted"), pghistory.DeleteEvent("role taken"),
                 model_name="RoleGrantEvent", meta={"db_table": "tables_rolegrantevent"},
                 obj_field=pghistory.ObjForeignKey(related_name="+", db_constraint=False))
class RoleGrant(User.groups.through):
    """A role a user holds (a row of auth_user_groups), as the audit trail sees it: who
    gave or took which role, when and why."""

    class Meta:
        proxy = True


@pghistory.track(pghistory.InsertEvent("permission granted"),
                 pghistory.DeleteEvent("permission taken"),
                 model_name="PermissionGrantEvent",
                 meta={"db_table": "tables_permissiongrantevent"},
                 obj_field=pghistory.ObjForeignKey(related_name="+", db_constraint=False))
class PermissionGrant(User.user_permissions.through):
    """A permission given to a user himself (a superuser's to give), as the audit trail
    sees it."""

    class Meta:
        proxy = True


