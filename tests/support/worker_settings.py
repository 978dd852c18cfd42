"""Settings for Celery workers started by the tests: the test settings, with queued jobs.

The test settings run jobs inline (``CITENEXUS_TASKS_EAGER``); a worker must never do that,
or a job it runs that queues another would run it in place instead of on the broker.
"""

from citenexus_web.test_settings import *  # noqa: F403

CITENEXUS_TASKS_EAGER = False
