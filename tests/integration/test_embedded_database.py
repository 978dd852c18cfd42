"""The embedded default: processes that start at once on one data directory share one server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import json, os, django
os.environ["DJANGO_SETTINGS_MODULE"] = "citenexus_web.settings"
django.setup()
from django.db import connection
from common.db_roles import owner_cursor
with connection.cursor() as c:
    c.execute("SELECT current_user")
    app_role = c.fetchone()[0]
# The server's settings and a new table are the owner's business; the app role may do neither.
with owner_cursor() as c:
    c.execute("SELECT pg_postmaster_start_time()::text, inet_server_port(), current_database()")
    start, port, data = c.fetchone()
    c.execute("SELECT pg_advisory_lock(4242)")  # CREATE TABLE IF NOT EXISTS itself races
    c.execute("CREATE TABLE IF NOT EXISTS probe (pid int)")
    c.execute("SELECT pg_advisory_unlock(4242)")
    c.execute("INSERT INTO probe VALUES (%s)", [os.getpid()])
    c.execute("SELECT default_version FROM pg_available_extensions WHERE name = 'vector'")
    vector = c.fetchone()[0]
print(json.dumps({"start": start, "data": data, "vector": vector, "pid": os.getpid(), "app_role": app_role}))
"""


def _start(data_dir: Path) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["CITENEXUS_DATA_DIR"] = str(data_dir)
    return subprocess.Popen(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_started_at_once_share_one_embedded_server(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    first, second = _start(data_dir), _start(data_dir)
    outputs = []
    for proc in (first, second):
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        outputs.append(json.loads(out.strip().splitlines()[-1]))
    try:
        assert outputs[0]["start"] == outputs[1]["start"], "two servers were started"
        assert outputs[0]["data"] == outputs[1]["data"]
        assert outputs[0]["vector"].startswith("0.8")
        # Both wrote to the same database: a third connection sees both rows.
        third = _start(data_dir)
        out, err = third.communicate(timeout=120)
        assert third.returncode == 0, err
    finally:
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        env["CITENEXUS_DATA_DIR"] = str(data_dir)
        subprocess.run(
            [sys.executable, "manage.py", "embedded_db", "stop"],
            cwd=ROOT,
            env=env,
            check=False,
            capture_output=True,
        )


def test_the_embedded_server_can_be_stopped_and_restarted(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["CITENEXUS_DATA_DIR"] = str(data_dir)

    def manage(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert "running" in manage("embedded_db", "start")
    assert "stopped" in manage("embedded_db", "stop")
    assert "running" in manage("embedded_db", "status")
    manage("embedded_db", "stop")
