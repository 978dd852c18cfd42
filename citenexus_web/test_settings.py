"""Settings for the test suite: the real PostgreSQL, faster hashing, the test-only audit switch."""

import tempfile

from citenexus_web.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Only tests may TRUNCATE audit tables (pytest-django's transactional tests flush them).
CITENEXUS_AUDIT_ALLOW_TRUNCATE = True
# Fast deterministic vectors by default; tests of the real embedder ask for it by name.
CITENEXUS_EMBEDDER = "hashing"
CITENEXUS_GROUND_THRESHOLD = 0.25  # calibrated for the hashing embedder's scale
CITENEXUS_ELSEWHERE_MARGIN = None  # measured for MiniLM's scale only (settings.py)
CITENEXUS_HANDOVER_MARGIN = None  # the same
CITENEXUS_MIN_COSINE = None  # the same
CITENEXUS_TASKS_EAGER = True
# Drawn PDF pages go to a scratch folder, not the data directory (curation/services/pages.py).
CITENEXUS_PAGE_CACHE_DIR = tempfile.mkdtemp(prefix="citenexus-page-images-")
