"""The Celery app. Workers: ``celery -A citenexus_web worker``; without a broker, tasks run in-process."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")

app = Celery("citenexus_web")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
