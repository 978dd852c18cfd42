"""External services: the app, its migrations and its workers run unchanged on any PostgreSQL.

A second PostgreSQL is started on its own data directory and reached only through
``DATABASE_URL`` (over its socket); Celery uses Redis. Every step runs in a fresh process under
the production settings module, with ``CITENEXUS_DATA_DIR`` pointing at a path that must stay
unused, which proves the embedded server is never started.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.workers import (
    ROOT,
    WorkerPool,
    base_env,
    flush_redis,
    private_redis_db,
    redis_available,
    redis_url,
    worker_pool,
)
from tests.support.postgres import second_postgres

pytestmark = pytest.mark.worker

ERR_NO_REDIS = "this test needs Redis on 127.0.0.1:6379 (or deselect it with -m 'not worker')"
LANE = "ext-housing"
STATUTE = (
    "Section 1946.1. Notice of termination\n\n"
    "(a) This section applies to residential tenancies for a periodic term.\n\n"
    "(b) An owner shall give written notice at least 60 days before the termination date "
    "if every tenant has resided in the dwelling for one year or more.\n\n"
    "(c) An owner shall give written notice at least 30 days before the termination date "
    "if any tenant has resided in the dwelling for less than one year.\n"
)

# Run through `manage.py shell -c`: a lane with a tier order, a curator of it and an API token.
SETUP = f"""
import json
from django.contrib.auth.models import Group, User
from access.tokens import api_token_issue
from curation.models import LaneMembership
from curation.services.lanes import lane_create
lane = lane_create(
    actor="setup", slug="{LANE}", name="External housing law", kind="open",
    profile="ordered.v1",
    tier_order=["secondary-blog", "general-statute", "statute", "controlling-statute"],
    minimum_tier="general-statute", metadata_key="authority_tier", default_mode="strict",
    policy={{"documentary": "statute", "conversational": "secondary-blog"}},
)
user = User.objects.create_user(username="ext-curator", password="pw-ext-curator")
user.groups.add(Group.objects.get_or_create(name="curator")[0])
LaneMembership.objects.create(lane=lane, user=user, role="curator")
print(json.dumps({{"token": api_token_issue(user=user, name="test", expires_in_days=1)[1]}}))
"""

# Run with `python -c`: upload through the API, follow the job a worker runs, check /healthz.
CLIENT = f"""
import json, sys, time
import django
django.setup()
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

client = Client(headers={{"Authorization": "Token " + sys.argv[1]}})
upload = client.post(
    "/api/lanes/{LANE}/documents/",
    {{"file": [SimpleUploadedFile("1946-1.txt", {STATUTE.encode()!r})],
      "source_type": "documentary", "document_id": "ca-civ-1946-1"}},
)
body = upload.json()
job = body.get("job") or {{}}
deadline = time.monotonic() + 30
while job.get("id") and time.monotonic() < deadline:
    job = client.get(f"/api/jobs/{{job['id']}}/").json()
    if job["status"] in ("done", "failed"):
        break
    time.sleep(0.2)
document = client.get("/api/lanes/{LANE}/documents/ca-civ-1946-1/")
health = client.get("/healthz")
print(json.dumps({{
    "upload": upload.status_code, "job": job,
    "document": document.json() if document.status_code == 200 else document.status_code,
    "healthz": [health.status_code, health.json()],
}}))
"""


def run(env: dict[str, str], *args: str, timeout: float = 60) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"{args[:2]} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    return done.stdout


def last_json(output: str) -> Any:
    return json.loads(output.strip().splitlines()[-1])


@pytest.fixture
def broker_url() -> Iterator[str]:
    name = os.environ.get("CITENEXUS_TEST_DB", "test_citenexus") + "/external"
    url = redis_url(private_redis_db(name))
    if not redis_available(url):
        pytest.fail(ERR_NO_REDIS)
    flush_redis(url)
    yield url
    flush_redis(url)


@pytest.fixture
def external(tmp_path: Path, broker_url: str) -> Iterator[tuple[dict[str, str], WorkerPool]]:
    """The environment for the app on the second server and Redis, and a pool for its workers."""
    with second_postgres(tmp_path / "second-pg", "citenexus_ext") as database_url:
        env = base_env(
            DJANGO_SETTINGS_MODULE="citenexus_web.settings",
            DATABASE_URL=database_url,
            CELERY_BROKER_URL=broker_url,
            CITENEXUS_DATA_DIR=str(tmp_path / "must-stay-unused"),
            CITENEXUS_EMBEDDER="hashing",
        )
        with worker_pool(env, tmp_path / "workers") as pool:
            yield env, pool


def test_the_app_migrations_and_workers_run_unchanged_on_an_external_postgresql_and_redis(
    external: tuple[dict[str, str], WorkerPool], tmp_path: Path
) -> None:
    env, workers = external
    run(env, "manage.py", "migrate", "--no-input")
    workers.start(ready=False)  # it starts while the lane is being set up
    token = last_json(run(env, "manage.py", "shell", "-c", SETUP))["token"]
    workers.workers[0].wait_ready()

    result = last_json(run(env, "-c", CLIENT, token))
    assert result["upload"] == 202
    assert result["job"]["status"] == "done", f"{result['job']}\n{workers.logs()}"
    assert result["job"]["progress"] == 1.0
    assert "succeeded in" in workers.workers[0].log()  # a worker ran it, not this process
    assert result["document"]["tier"] == {"name": "statute", "rank": 2}
    assert len(result["document"]["units"]) >= 1
    assert result["healthz"] == [
        200,
        {"ok": True, "checks": {"database": True, "vector": True, "broker": True}},
    ]

    answer = json.loads(
        run(env, "manage.py", "ask", LANE, "How much notice must an owner give?", "--json")
    )
    assert answer["lane"] == LANE
    assert answer["status"] == "answered", answer
    assert answer["evidence"]["retrieved"] >= 1
    cited = {key for claim in answer["claims"] for key in claim["citations"]}
    assert cited and all(key.startswith("ca-civ-1946-1#") for key in cited), answer
    assert not (tmp_path / "must-stay-unused").exists()
