from django.db import models


class WorkerHeartbeat(models.Model):
    """The last time each Celery worker ran the periodic heartbeat task.

    /healthz reports it, so the floor can see that background settlement is alive.
    """

    hostname = models.CharField(max_length=255, unique=True)
    seen_at = models.DateTimeField()
    beats = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.hostname} at {self.seen_at:%Y-%m-%d %H:%M:%S}"
