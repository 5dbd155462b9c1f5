from __future__ import annotations

import socket

from celery import shared_task
from django.conf import settings
from django.db.models import F
from django.utils import timezone

from casino.models import WorkerHeartbeat


@shared_task(name="casino.tasks.worker_heartbeat", ignore_result=False, bind=True)
def worker_heartbeat(self, hostname: str | None = None) -> int:
    """Record that a worker is alive; returns the heartbeat row's id. A worker's node name
    (``settlement@host``) tells its pool apart from the other pools on the same host."""
    hostname = hostname or self.request.hostname or socket.gethostname()
    now = timezone.now()
    heartbeat, created = WorkerHeartbeat.objects.get_or_create(
        hostname=hostname, defaults={"seen_at": now, "beats": 1}
    )
    if not created:
        WorkerHeartbeat.objects.filter(pk=heartbeat.pk).update(seen_at=now, beats=F("beats") + 1)
    return heartbeat.pk


@shared_task(name="casino.tasks.seal_records", time_limit=300)
def seal_records() -> int:
    """Beat, every minute: seal the books' records written since (casino.common.seals)."""
    from casino.common import seals

    return seals.seal_pending()


@shared_task(name="casino.tasks.anchor_ledgers", time_limit=300)
def anchor_ledgers() -> int | None:
    """Beat, every ANCHOR_MINUTES: sign every chain's head outside the database, unless
    nothing moved since the last anchor; returns the anchor's number."""
    from casino.common import anchors

    made = anchors.anchor(f"every {settings.ANCHOR_MINUTES} minutes", if_changed=True)
    return made.seq if made else None
