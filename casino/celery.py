"""The Celery application. Settings come from Django's (CELERY_* names)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")

app = Celery("casino")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Tasks live beside the services they call: a package's tasks.py.
app.autodiscover_tasks(["casino", "payouts.jackpots", "payouts.analysis", "tables.reports",
                        "tables.players", "tables.cardroom"])
