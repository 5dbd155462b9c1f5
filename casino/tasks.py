from __future__ import annotations

import socket

from celery import shared_task
from django.db.models import F
from django.utils import timezone

from casino.models import WorkerHeartbeat


@shared_task(name="casino.tasks.worker_heartbeat", ignore_result=False)
def worker_heartbeat(hostname: str | None = None) -> int:
    """Record that a worker is alive; returns the heartbeat row's id."""
    hostname = hostname or socket.gethostname()
    now = timezone.now()
    heartbeat, created = WorkerHeartbeat.objects.get_or_create(
        hostname=hostname, defaults={"seen_at": now, "beats": 1}
    )
    if not created:
        WorkerHeartbeat.objects.filter(pk=heartbeat.pk).update(seen_at=now, beats=F("beats") + 1)
    return heartbeat.pk
