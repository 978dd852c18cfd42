"""Celery tasks: thin, they take ids and call a service. Celery finds them in this module.

``run_job`` (``evaluations.run_job``) runs an evaluation job by id, with the runner's retries
(``curation/jobs.py``); it is made where the evaluation job is defined.
"""

from __future__ import annotations

from evaluations.jobs import EVALUATION

run_job = EVALUATION.task

__all__ = ["run_job"]
