import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
application = get_wsgi_application()

from curation.jobs import resume_pending_jobs  # noqa: E402  (needs Django set up first)

# Without a broker, jobs queued or waiting for a retry when the last process stopped run again.
resume_pending_jobs()
