"""The Celery app. Workers: ``celery -A citenexus_web worker``; without a broker, tasks run in-process.

Beat (``celery -A citenexus_web beat``, compose's ``beat`` service) runs the schedule in
``CELERY_BEAT_SCHEDULE`` (settings.py): a signed audit checkpoint, with a heartbeat file its
healthcheck reads (citenexus_web/beat.py, citenexus_web/healthcheck.py).
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import setup_logging

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")

app = Celery("citenexus_web")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@setup_logging.connect
def use_the_web_logging(**kwargs: Any) -> None:
    """Workers and beat log through Django's ``LOGGING``, as the web does (JSON lines in production).

    Connecting this signal is what stops Celery from replacing the root logger's handlers with
    its own plain-text format; the level comes from ``LOG_LEVEL``, not ``--loglevel``. Python
    warnings go through logging too, so no plain-text line slips into the JSON stream.
    """
    import logging
    import logging.config

    from django.conf import settings

    logging.config.dictConfig(settings.LOGGING)
    logging.captureWarnings(True)
