"""The card room's Celery task: the called players who did not show (beat)."""

from __future__ import annotations

from celery import shared_task

from casino.house.models import Casino
from tables.cardroom import services


@shared_task(name="tables.tasks.settle_no_shows", soft_time_limit=50, time_limit=60)
def settle_no_shows() -> int:
    """Beat, every minute: in each casino's card room, a called player not seated within
    the room's minutes moves down the list or off it (the room's rule)."""
    return sum(services.no_shows(actor=None, casino=casino) for casino in Casino.objects.all())
